/** `GET /v3/{appId}/search?query=&mode=text|query` (issue 4): every readable document, ranked. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListAnswer, SearchMode } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import type { RecordRow } from '../../api/records-api.ts';

export interface SearchRequest {
  query: string;
  mode: SearchMode;
  start: number;
  count: number;
  type?: string;
}

export function useSearch(appId: string, request: SearchRequest) {
  return useQuery({
    queryKey: ['search', appId, request],
    queryFn: ({ signal }) =>
      apiClient.get<ListAnswer<RecordRow>>(
        `/v3/${encodeURIComponent(appId)}/search`,
        { query: request.query, mode: request.mode, start: request.start, count: request.count, type: request.type },
        signal,
      ),
    enabled: request.query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
