import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteAnswer, DocumentAnswer, ListAnswer } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { queryKeys } from '../../api/queries.ts';

/** A news post as answered (spec 002 §3.4): summary (title), descrip (HTML) and tags. */
export type Post = DocumentAnswer & { tags?: string[] };

export interface PostInput {
  summary: string;
  descrip: string;
  tags: string[];
}

const base = (appId: string) => `/v3/${encodeURIComponent(appId)}/post`;

export function usePostList(appId: string, start: number, count: number) {
  return useQuery({
    queryKey: queryKeys.postList(appId, start, count),
    // Only the listed parameters: the server rejects unknown ones with a 400.
    queryFn: ({ signal }) =>
      apiClient.get<ListAnswer<Post>>(base(appId), { start, count, order: 'created_date desc' }, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePost(appId: string, id: number, isEnabled = true) {
  return useQuery({
    queryKey: queryKeys.post(appId, id),
    queryFn: ({ signal }) => apiClient.get<Post>(`${base(appId)}/${id}`, undefined, signal),
    enabled: isEnabled && id > 0,
  });
}

/** Creates (id 0) or updates a post; the answer is the stored document. */
export function useSavePost(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PostInput }) =>
      id > 0
        ? apiClient.request<Post>(`${base(appId)}/${id}`, { method: 'PUT', json: input })
        : apiClient.request<Post>(base(appId), { method: 'POST', json: input }),
    onSuccess: (post) => {
      queryClient.setQueryData(queryKeys.post(appId, post.id), post);
      return queryClient.invalidateQueries({ queryKey: [...queryKeys.posts(appId), 'list'] });
    },
  });
}

export function useDeletePost(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.request<DeleteAnswer>(`${base(appId)}/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.post(appId, id) });
      return queryClient.invalidateQueries({ queryKey: [...queryKeys.posts(appId), 'list'] });
    },
  });
}
