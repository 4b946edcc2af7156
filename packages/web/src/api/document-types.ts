/**
 * The document types of the organisation in context, as the server's type registry has them: the
 * built-in definitions (bundled from @docket/shared) with the organisation's stored `$$schema`
 * documents layered on top. Spec 000 §8: a failed load silently falls back to the built-in
 * schemas.
 *
 * Members who are not administrators cannot read `$$schema`: they load `GET /v3/{appId}/$$types`,
 * the client projections of the types they may read or create (overrides included). Administrators
 * read the stored documents themselves, since the schema editor and Save Global need their ids and
 * full definitions.
 */
import { useQuery } from '@tanstack/react-query';
import { builtinTypes, CLIENT_TYPES_SEGMENT, SCHEMA_TYPE, schemaDocumentType, type DocumentSchema, type ListAnswer } from '@docket/shared';
import { apiClient } from './instance.ts';

export interface TypeCatalog {
  types: readonly DocumentSchema[];
  byName: ReadonlyMap<string, DocumentSchema>;
  /** type → id of the stored `$$schema` document that overrides or defines it. */
  storedIds: ReadonlyMap<string, number>;
  /** True when stored schemas could not be read and the built-in ones serve. */
  isFallback: boolean;
  /** Built-in types the server did not answer: the caller may not see them ('Not Authorised', not 'Not Found'). */
  withheld: ReadonlySet<string>;
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
  return { types: [...byName.values()], byName, storedIds, isFallback, withheld: new Set() };
}

/** The catalog of the types the server answered for this member (`$$types`): those, and nothing else. */
export function servedTypeCatalog(served: readonly DocumentSchema[]): TypeCatalog {
  const byName = new Map<string, DocumentSchema>(served.map((type) => [type.type, type]));
  const withheld = new Set(builtinTypes.map((type) => type.type).filter((name) => !byName.has(name)));
  return { types: [...byName.values()], byName, storedIds: new Map(), isFallback: false, withheld };
}

/** Stored schemas per organisation; `count` covers every type an organisation may define. */
const STORED_SCHEMA_COUNT = 500;

export const documentTypesKey = (appId: string) => ['types', appId] as const;

export async function loadTypeCatalog(appId: string, isAdministrator: boolean, signal?: AbortSignal): Promise<TypeCatalog> {
  const base = `/v3/${encodeURIComponent(appId)}`;
  try {
    if (!isAdministrator) {
      // `$$types` is a static route segment: sent as is, never percent-encoded.
      const answer = await apiClient.get<ListAnswer<DocumentSchema>>(`${base}/${CLIENT_TYPES_SEGMENT}`, undefined, signal);
      return servedTypeCatalog(answer.dataAr);
    }
    const answer = await apiClient.get<ListAnswer<Record<string, unknown>>>(
      `${base}/${encodeURIComponent(SCHEMA_TYPE)}`,
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
