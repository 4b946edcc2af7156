/**
 * `GET /v2/identity/me/todo`; a failure gives an empty summary (docs/product/workflow-and-timeline.md#todo).
 * `lang` is the screen's language: the server names each item's type in it (`type_title`), from
 * the organisation's stored schemas, which members who are not administrators cannot read.
 */
import { useQuery } from '@tanstack/react-query';
import type { TodoAnswer } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { TODO_KEY } from '../../api/records-api.ts';

export const EMPTY_TODO: TodoAnswer = { open: [], overdue: [], approvals: [], recent: [] };

export function useTodo(appId: string, lang: string, isEnabled = true) {
  return useQuery({
    queryKey: [...TODO_KEY, appId, lang],
    enabled: isEnabled,
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.get<TodoAnswer>('/v2/identity/me/todo', { app: appId, lang }, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        return EMPTY_TODO;
      }
    },
    staleTime: 30_000,
  });
}
