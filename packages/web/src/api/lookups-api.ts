/**
 * Option lookups for selects (docs/product/documents-and-schemas.md#api, docs/product/forms-and-lists.md#field-values): identities (`/identities/all`), keyword lists
 * (`/api/$$keywords`), documents of a type (`/v3/{appId}/{type}/options`, 10 per search, 100 on
 * the first load) and post tags (`/api/tags`). docs/product/forms-and-lists.md#messages: a failed option load gives an empty
 * list, so every fetcher answers [] on error rather than breaking the form.
 */
import { useQuery } from '@tanstack/react-query';
import type { IdentityOption, ListAnswer, SelectOption, TagCount } from '@docket/shared';
import { FIRST_LOOKUP_COUNT, LOOKUP_COUNT, TAG_COUNT } from '@docket/shared';
import { apiClient } from './instance.ts';
import type { QueryValue } from './client.ts';

async function listOrEmpty<T>(path: string, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<T[]> {
  try {
    return (await apiClient.get<ListAnswer<T>>(path, query, signal)).dataAr;
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export function useIdentityOptions(appId: string, searchTerm: string) {
  return useQuery({
    queryKey: ['lookup', appId, 'identities', searchTerm],
    queryFn: ({ signal }) =>
      listOrEmpty<IdentityOption>(
        '/identities/all',
        { app: appId, searchTerm: searchTerm || undefined, count: FIRST_LOOKUP_COUNT },
        signal,
      ),
    staleTime: 60_000,
  });
}

export function useKeywordOptions(appId: string, key: string, searchTerm: string) {
  return useQuery({
    queryKey: ['lookup', appId, 'keywords', key, searchTerm],
    queryFn: ({ signal }) =>
      listOrEmpty<SelectOption>('/api/$$keywords', { app: appId, value: key, searchTerm: searchTerm || undefined }, signal),
    staleTime: 60_000,
  });
}

export interface DocumentOptionsRequest {
  type: string;
  searchTerm: string;
  /** Ids always answered (the current selection). */
  selected: readonly (string | number)[];
  /** Filter-language narrowing, e.g. `site_id = 3` for the zones of a site. */
  filter?: string;
  /** Site and region options: only where the user may create a document of this type. */
  creatableFor?: string;
  isEnabled?: boolean;
}

export function useDocumentOptions(appId: string, request: DocumentOptionsRequest) {
  const { type, searchTerm, selected, filter, creatableFor, isEnabled = true } = request;
  const isFirst = searchTerm === '';
  return useQuery({
    queryKey: ['lookup', appId, 'options', type, searchTerm, selected.join(','), filter ?? '', creatableFor ?? ''],
    queryFn: ({ signal }) =>
      listOrEmpty<SelectOption>(
        `/v3/${encodeURIComponent(appId)}/${encodeURIComponent(type)}/options`,
        {
          searchTerm: searchTerm || undefined,
          value: selected.length > 0 ? selected.join(',') : undefined,
          filter: filter || undefined,
          creatableFor,
          first: isFirst || undefined,
          count: isFirst ? FIRST_LOOKUP_COUNT : LOOKUP_COUNT,
        },
        signal,
      ),
    enabled: isEnabled,
    staleTime: 30_000,
  });
}

export function useTagOptions(appId: string, searchTerm: string) {
  return useQuery({
    queryKey: ['lookup', appId, 'tags', searchTerm],
    queryFn: ({ signal }) =>
      listOrEmpty<TagCount>('/api/tags', { app: appId, searchTerm: searchTerm || undefined, count: TAG_COUNT }, signal),
    staleTime: 60_000,
  });
}
