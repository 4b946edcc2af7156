/**
 * Generic record calls (docs/product/documents-and-schemas.md#api): list with select/filter/order/group_by/count/start, read,
 * create, update, delete, children. Every type and every administration list uses these hooks,
 * keyed by the record API's path so invalidation never drifts from reads.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteAnswer, DocumentAnswer, GroupRow, ListAnswer } from '@docket/shared';
import { apiClient } from './instance.ts';
import { markDataArrived } from '../components/render-marks.ts';
import type { QueryValue } from './client.ts';
import type { RecordApi } from './record-api.ts';

export type RecordRow = Record<string, unknown> & { meta?: DocumentAnswer['meta'] };

export interface ListParams {
  filter?: string;
  order?: string;
  count: number;
  start: number;
  select?: string;
  /** Apply the type's default filter when `filter` is empty. */
  useDefaultFilter?: boolean;
  /** Keyset continuation (document lists): a neighbouring page's `cursors.next` / `cursors.previous`. */
  after?: string;
  before?: string;
}

/** The prefix of the signed-in user's Todo queries (features/todo), which saves make stale. */
export const TODO_KEY = ['todo'] as const;

export const recordKeys = {
  all: ['records'] as const,
  path: (path: string) => ['records', path] as const,
  list: (path: string, params: ListParams) => ['records', path, 'list', params] as const,
  groups: (path: string, groupBy: string, filter: string | undefined) => ['records', path, 'groups', groupBy, filter ?? ''] as const,
  one: (path: string, id: string | number) => ['records', path, 'one', String(id)] as const,
  children: (appId: string, id: number) => ['records', 'children', appId, id] as const,
};

/** Query parameters of a list call, only those the endpoint knows (unknown ones are a 400). */
export function listQuery(api: RecordApi, params: ListParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { count: params.count, start: params.start };
  const args: string[] = [];
  if (params.filter?.trim()) query.filter = params.filter;
  else if (params.useDefaultFilter && api.supportsDefaultFilter) args.push('default');
  // Document lists show "About N" beyond the counted window (docs/product/forms-and-lists.md#list-indexes).
  if (api.supportsDefaultFilter) args.push('estimate');
  if (args.length > 0) query.args = args.join(',');
  if (params.order?.trim()) query.order = params.order;
  if (params.select?.trim()) query.select = params.select;
  if (api.supportsCursors && params.after) query.after = params.after;
  else if (api.supportsCursors && params.before) query.before = params.before;
  return query;
}

export async function fetchRecordList(api: RecordApi, params: ListParams, signal?: AbortSignal): Promise<ListAnswer<RecordRow>> {
  const answer = await apiClient.get<ListAnswer<RecordRow>>(api.listPath, listQuery(api, params), signal);
  markDataArrived('list');
  return answer;
}

export function useRecordList(api: RecordApi, params: ListParams, isEnabled = true) {
  return useQuery({
    queryKey: recordKeys.list(api.listPath, params),
    queryFn: ({ signal }) => fetchRecordList(api, params, signal),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

/** Group counts for the group mode: `group_by=category,status`. */
export function useGroupCounts(api: RecordApi, groupBy: string, filter: string | undefined, useDefaultFilter: boolean, isEnabled = true) {
  return useQuery({
    queryKey: recordKeys.groups(api.listPath, groupBy, filter),
    queryFn: ({ signal }) => {
      const query: Record<string, QueryValue> = { group_by: groupBy, count: 500, start: 0 };
      if (filter?.trim()) query.filter = filter;
      else if (useDefaultFilter) query.args = 'default';
      return apiClient.get<ListAnswer<GroupRow>>(api.listPath, query, signal);
    },
    enabled: isEnabled && api.supportsGroupBy,
  });
}

export function useRecord(api: RecordApi, id: string | number, isEnabled = true) {
  return useQuery({
    queryKey: recordKeys.one(api.listPath, id),
    queryFn: async ({ signal }) => {
      const row = await apiClient.get<RecordRow>(api.itemPath(id), undefined, signal);
      markDataArrived('record');
      return row;
    },
    enabled: isEnabled,
  });
}

/** Fields the server owns: never sent back (docs/product/documents-and-schemas.md#api). */
const SERVER_OWNED = ['meta', 'data_normalised', 'display_id', 'doc_type', 'created_by', 'created_date', 'updated_date'];

/**
 * The body of a save: the record's own fields, and for a document the version it was read at
 * (`meta.version`), so that an edit made meanwhile by someone else is answered 409, not lost.
 */
export function writableBody(data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!SERVER_OWNED.includes(key) && value !== undefined) body[key] = value;
  const version = (data.meta as { version?: unknown } | undefined)?.version;
  if (typeof version === 'number') body.meta = { version };
  return body;
}

/** Creates (id null) or updates a record; answers the stored record. */
export function useSaveRecord(api: RecordApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string | number | null; data: Record<string, unknown> }) =>
      id === null
        ? apiClient.request<RecordRow>(api.listPath, { method: 'POST', json: writableBody(data) })
        : apiClient.request<RecordRow>(api.itemPath(id), { method: 'PUT', json: writableBody(data) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(recordKeys.one(api.listPath, api.idOf(saved)), saved);
      // A save can put a document in (or take it out of) someone's Todo: an action raised from
      // this one, an owner or a due date changed (docs/product/workflow-and-timeline.md#todo).
      void queryClient.invalidateQueries({ queryKey: TODO_KEY });
      return queryClient.invalidateQueries({ queryKey: recordKeys.path(api.listPath), refetchType: 'active' });
    },
  });
}

export function useDeleteRecord(api: RecordApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | number) => apiClient.request<DeleteAnswer>(api.itemPath(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: recordKeys.one(api.listPath, id) });
      void queryClient.invalidateQueries({ queryKey: TODO_KEY });
      return queryClient.invalidateQueries({ queryKey: recordKeys.all });
    },
  });
}

/** `GET /doc/{id}/children`: the child documents the caller may read. */
export function useChildDocuments(appId: string, id: number, isEnabled = true) {
  return useQuery({
    queryKey: recordKeys.children(appId, id),
    queryFn: ({ signal }) => apiClient.get<ListAnswer<RecordRow> | RecordRow[]>(`/doc/${id}/children`, { app: appId }, signal),
    select: (answer) => (Array.isArray(answer) ? answer : answer.dataAr),
    enabled: isEnabled && id > 0,
  });
}
