/**
 * The activity panel's calls (docs/product/workflow-and-timeline.md#api): `GET /doc/{docId}/events` (5 at a time, nested by
 * parent_id), comments through `POST /v3/{appId}/$$event`, edits and deletes on the same type,
 * attachments through `POST /files/doc/{id}/uploadAttWithEvent`, and Recent Activity.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { EVENT_PAGE_SIZE, NESTED_EVENT_COUNT } from '@docket/shared';
import type { EventAnswer, EventType, EventVersion } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { recordKeys } from '../../api/records-api.ts';
import { nextEventStart, type EventPage } from './event-pages.ts';

/** Recent Activity's page size: each "Show more" fetches this many more. */
export const RECENT_PAGE_SIZE = 15;

export const activityKeys = {
  all: ['activity'] as const,
  doc: (docId: number) => ['activity', 'doc', docId] as const,
  list: (docId: number, types: readonly EventType[]) => ['activity', 'doc', docId, 'list', types.join(',')] as const,
  replies: (docId: number, parentId: number) => ['activity', 'doc', docId, 'replies', parentId] as const,
  versions: (docId: number, eventId: number) => ['activity', 'doc', docId, 'versions', eventId] as const,
  recent: (appId: string, types: readonly EventType[]) => ['activity', 'recent', appId, types.join(',')] as const,
};

function typeParam(types: readonly EventType[]): string | undefined {
  return types.length > 0 ? types.join(',') : undefined;
}

/** Top-level events, newest first; each "Show more" fetches the next 5. */
export function useDocumentEvents(appId: string, docId: number, types: readonly EventType[]) {
  return useInfiniteQuery({
    queryKey: activityKeys.list(docId, types),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<EventPage>(
        `/doc/${docId}/events`,
        { app: appId, order: 'desc', start: pageParam, count: EVENT_PAGE_SIZE, type: typeParam(types) },
        signal,
      ),
    getNextPageParam: (_last, pages) => nextEventStart(pages),
  });
}

/** Replies to one event (nested events, up to 100, oldest first). */
export function useReplies(appId: string, docId: number, parentId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: activityKeys.replies(docId, parentId),
    queryFn: ({ signal }) =>
      apiClient.get<EventPage>(
        `/doc/${docId}/events`,
        { app: appId, order: 'asc', start: 0, count: NESTED_EVENT_COUNT, parent_id: parentId },
        signal,
      ),
    enabled: isEnabled,
  });
}

/** An event's versions, oldest first; the last is the current text (docs/product/workflow-and-timeline.md#event-history). */
export function useEventVersions(appId: string, docId: number, eventId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: activityKeys.versions(docId, eventId),
    queryFn: ({ signal }) =>
      apiClient.get<{ dataAr: EventVersion[]; total: number }>(`/v3/${encodeURIComponent(appId)}/$$event/${eventId}/versions`, {}, signal),
    enabled: isEnabled,
  });
}

/** Recent Activity: events of every document the user may read, newest first; each "Show more" fetches the next page. */
export function useRecentActivity(appId: string, types: readonly EventType[]) {
  return useInfiniteQuery({
    queryKey: activityKeys.recent(appId, types),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<EventPage>(
        `/v3/${encodeURIComponent(appId)}/$$event`,
        { start: pageParam, count: RECENT_PAGE_SIZE, type: typeParam(types) },
        signal,
      ),
    getNextPageParam: (_last, pages) => nextEventStart(pages),
  });
}

/** After anything that changes a document's timeline: its events, and its meta (attachments, status). */
export function refreshDocumentActivity(queryClient: QueryClient, docId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: activityKeys.doc(docId) }),
    queryClient.invalidateQueries({ queryKey: ['activity', 'recent'] }),
    queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  ]);
}

export function useAddComment(appId: string, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { descrip: string; parentId?: number }) =>
      apiClient.request<EventAnswer>(`/v3/${encodeURIComponent(appId)}/$$event`, {
        method: 'POST',
        json: { doc_id: docId, type: 'comment', descrip: input.descrip, ...(input.parentId ? { parent_id: input.parentId } : {}) },
      }),
    onSuccess: () => refreshDocumentActivity(queryClient, docId),
  });
}

export function useEditEvent(appId: string, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; descrip: string }) =>
      apiClient.request<EventAnswer>(`/v3/${encodeURIComponent(appId)}/$$event/${input.id}`, {
        method: 'PUT',
        json: { descrip: input.descrip },
      }),
    onSuccess: () => refreshDocumentActivity(queryClient, docId),
  });
}

export function useDeleteEvent(appId: string, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<{ error: boolean }>(`/v3/${encodeURIComponent(appId)}/$$event/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshDocumentActivity(queryClient, docId),
  });
}

/** Uploads the chosen files in one multipart request, recording an import_file event with the text. */
export function useUploadAttachments(appId: string, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { files: readonly File[]; descrip: string }) => {
      const body = new FormData();
      if (input.descrip) body.append('descrip', input.descrip);
      for (const file of input.files) body.append('file', file, file.name);
      return apiClient.request<unknown>(`/files/doc/${docId}/uploadAttWithEvent`, {
        method: 'POST',
        query: { app: appId },
        multipart: body,
      });
    },
    onSuccess: () => refreshDocumentActivity(queryClient, docId),
  });
}
