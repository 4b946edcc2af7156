/**
 * Save Global (spec 000 §2, §6): the filter an administrator applied becomes the type's
 * `filter.globalFilter` in its stored schema. A built-in type gets a stored copy that overrides
 * it (as customising a type in the schema editor would).
 */
import { useQueryClient } from '@tanstack/react-query';
import { SCHEMA_TYPE, type DocumentSchema } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { documentTypesKey, type TypeCatalog } from '../../api/document-types.ts';

export function withGlobalFilter(type: DocumentSchema, expression: string): DocumentSchema {
  const filter = type.filter ?? { schema: { type: 'object', properties: {} } };
  return { ...type, filter: { ...filter, globalFilter: expression || undefined } };
}

export function useSaveGlobalFilter(appId: string, catalog: TypeCatalog | undefined) {
  const queryClient = useQueryClient();
  return async (type: DocumentSchema, expression: string) => {
    const body = withGlobalFilter(type, expression);
    const base = `/v3/${encodeURIComponent(appId)}/${encodeURIComponent(SCHEMA_TYPE)}`;
    const storedId = catalog?.storedIds.get(type.type);
    if (storedId) await apiClient.request(`${base}/${storedId}`, { method: 'PUT', json: body });
    else await apiClient.request(base, { method: 'POST', json: body });
    await queryClient.invalidateQueries({ queryKey: documentTypesKey(appId) });
  };
}
