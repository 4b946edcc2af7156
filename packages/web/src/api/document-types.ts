/**
 * The document types of the organisation in context, as the server's type registry has them: the
 * built-in definitions (bundled from @docket/shared) with the organisation's stored `$$schema`
 * documents layered on top. docs/product/documents-and-schemas.md#document-types: a failed load silently falls back to the built-in
 * schemas.
 *
 * Members who are not administrators cannot read `$$schema`: they load `GET /v3/{appId}/$$types`,
 * the client projections of the types they may read or create (overrides included). Administrators
 * read the stored documents themselves, since the schema editor and Save Global need their ids and
 * full definitions, and `$$types` beside them.
 *
 * Which types the caller may create comes only from `$$types` (`access.create`, the server's own
 * decision): the web never works it out from grants (docs/product/access.md).
 */
import { useQuery } from '@tanstack/react-query';
import { CLIENT_TYPES_SEGMENT, SCHEMA_TYPE, type ClientDocumentType, type ListAnswer } from '@docket/shared';
import { apiClient } from './instance.ts';
import { buildTypeCatalog, creatableTypes, servedTypeCatalog, type TypeCatalog } from './type-catalog.ts';

export { buildTypeCatalog, definitionOfSchemaDocument, servedTypeCatalog, type TypeCatalog } from './type-catalog.ts';

/** Stored schemas per organisation; `count` covers every type an organisation may define. */
const STORED_SCHEMA_COUNT = 500;

export const documentTypesKey = (appId: string) => ['types', appId] as const;

export async function loadTypeCatalog(appId: string, isAdministrator: boolean, signal?: AbortSignal): Promise<TypeCatalog> {
  const base = `/v3/${encodeURIComponent(appId)}`;
  try {
    // `$$types` is a static route segment: sent as is, never percent-encoded.
    const served = apiClient.get<ListAnswer<ClientDocumentType>>(`${base}/${CLIENT_TYPES_SEGMENT}`, undefined, signal);
    if (!isAdministrator) return servedTypeCatalog((await served).dataAr);
    const [stored, forCreate] = await Promise.all([
      apiClient.get<ListAnswer<Record<string, unknown>>>(
        `${base}/${encodeURIComponent(SCHEMA_TYPE)}`,
        { count: STORED_SCHEMA_COUNT },
        signal,
      ),
      served,
    ]);
    return buildTypeCatalog(stored.dataAr, false, creatableTypes(forCreate.dataAr));
  } catch (error) {
    if (signal?.aborted) throw error;
    return buildTypeCatalog([], true);
  }
}

export function useDocumentTypes(appId: string, isAdministrator: boolean, isEnabled = true) {
  return useQuery({
    queryKey: documentTypesKey(appId),
    queryFn: ({ signal }) => loadTypeCatalog(appId, isAdministrator, signal),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}
