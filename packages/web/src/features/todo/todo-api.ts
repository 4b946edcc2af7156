/** `GET /v2/identity/me/todo`; a failure gives an empty summary (spec 000 §8 "Silent fallbacks"). */
import { useQuery } from '@tanstack/react-query';
import type { TodoAnswer } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';

export const EMPTY_TODO: TodoAnswer = { open: [], overdue: [], approvals: [], recent: [] };

export function useTodo(appId: string) {
  return useQuery({
    queryKey: ['todo', appId],
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.get<TodoAnswer>('/v2/identity/me/todo', { app: appId }, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        return EMPTY_TODO;
      }
    },
    staleTime: 30_000,
  });
}
