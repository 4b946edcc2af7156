/**
 * The document types of the organisation in context: the built-in definitions (bundled from
 * @docket/shared) with the organisation's stored `$$schema` documents layered on top, as the
 * server's type registry does. Spec 000 §8: a failed schema load silently falls back to the
 * built-in schemas.
 *
 * Only administrators may read `$$schema` documents, so other members see the built-in
 * definitions; a server answer with the client projection of every type would close that gap.
 */
import { useQuery } from '@tanstack/react-query';
import { builtinTypes, SCHEMA_TYPE, schemaDocumentType, type DocumentSchema, type ListAnswer } from '@docket/shared';
import { apiClient } from './instance.ts';

export interface TypeCatalog {
  types: readonly DocumentSchema[];
  byName: ReadonlyMap<string, DocumentSchema>;
  /** type → id of the stored `$$schema` document that overrides or defines it. */
  storedIds: ReadonlyMap<string, number>;
  /** True when stored schemas could not be read and the built-in ones serve. */
  isFallback: boolean;
}

/** Document fields of a stored `$$schema` row that are not part of the definition. */
const DOCUMENT_FIELDS = new Set([
  'id', 'display_id', 'doc_type', 'summary', 'descrip', 'status', 'parent_id', 'site_id', 'region_id', 'zone_id', 'module_id',
  'data_normalised', 'meta', 'created_by', 'created_date', 'updated_date',
]);

/** The definition a stored `$$schema` document holds. */
export function definitionOfSchemaDocument(row: Record<string, unknown>): DocumentSchema {
  const definition: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!DOCUMENT_FIELDS.has(key)) definition[key] = value;
  return { ...definition, version: 3 } as DocumentSchema;
}

export function buildTypeCatalog(stored: readonly Record<string, unknown>[], isFallback: boolean): TypeCatalog {
  const byName = new Map<string, DocumentSchema>(builtinTypes.map((type) => [type.type, type]));
  const storedIds = new Map<string, number>();
  for (const row of stored) {
    const definition = definitionOfSchemaDocument(row);
    if (typeof definition.type !== 'string' || definition.type === SCHEMA_TYPE) continue;
    byName.set(definition.type, definition);
    storedIds.set(definition.type, Number(row.id));
  }
  byName.set(SCHEMA_TYPE, schemaDocumentType);
  return { types: [...byName.values()], byName, storedIds, isFallback };
}

/** Stored schemas per organisation; `count` covers every type an organisation may define. */
const STORED_SCHEMA_COUNT = 500;

export const documentTypesKey = (appId: string) => ['types', appId] as const;

export async function loadTypeCatalog(appId: string, isAdministrator: boolean, signal?: AbortSignal): Promise<TypeCatalog> {
  if (!isAdministrator) return buildTypeCatalog([], false);
  try {
    const answer = await apiClient.get<ListAnswer<Record<string, unknown>>>(
      `/v3/${encodeURIComponent(appId)}/${encodeURIComponent(SCHEMA_TYPE)}`,
      { count: STORED_SCHEMA_COUNT },
      signal,
    );
    return buildTypeCatalog(answer.dataAr, false);
  } catch (error) {
    if (signal?.aborted) throw error;
    return buildTypeCatalog([], true);
  }
}

export function useDocumentTypes(appId: string, isAdministrator: boolean) {
  return useQuery({
    queryKey: documentTypesKey(appId),
    queryFn: ({ signal }) => loadTypeCatalog(appId, isAdministrator, signal),
    staleTime: 5 * 60_000,
  });
}
