/**
 * Save Global (docs/product/forms-and-lists.md#filters): the filter an administrator applied becomes the type's
 * `filter.globalFilter` in its stored schema. A built-in type gets a stored copy that overrides
 * it (as customising a type in the schema editor would). A stored one is read first and saved
 * with the version read, so a schema edit made meanwhile is not overwritten.
 */
import { useQueryClient } from '@tanstack/react-query';
import { SCHEMA_TYPE, type DocumentSchema } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { definitionOfSchemaDocument, documentTypesKey, type TypeCatalog } from '../../api/document-types.ts';

export function withGlobalFilter(type: DocumentSchema, expression: string): DocumentSchema {
  const filter = type.filter ?? { schema: { type: 'object', properties: {} } };
  return { ...type, filter: { ...filter, globalFilter: expression || undefined } };
}

export function useSaveGlobalFilter(appId: string, catalog: TypeCatalog | undefined) {
  const queryClient = useQueryClient();
  return async (type: DocumentSchema, expression: string) => {
    const base = `/v3/${encodeURIComponent(appId)}/${encodeURIComponent(SCHEMA_TYPE)}`;
    const storedId = catalog?.storedIds.get(type.type);
    if (storedId) {
      // The stored schema as it is now, changed in its filter only, saved with the version read.
      const stored = await apiClient.request<Record<string, unknown> & { meta: { version: number } }>(`${base}/${storedId}`);
      const body = withGlobalFilter(definitionOfSchemaDocument(stored), expression);
      await apiClient.request(`${base}/${storedId}`, { method: 'PUT', json: { ...body, meta: { version: stored.meta.version } } });
    } else await apiClient.request(base, { method: 'POST', json: withGlobalFilter(type, expression) });
    await queryClient.invalidateQueries({ queryKey: documentTypesKey(appId) });
  };
}
