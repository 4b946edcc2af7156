import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthAnswer, SessionAnswer } from '@docket/shared';
import { apiClient } from './instance.ts';

/** Query keys in one place so invalidation and reads never drift apart. */
export const queryKeys = {
  session: (appId: string | null) => ['session', appId] as const,
  health: ['health'] as const,
  posts: (appId: string) => ['docs', appId, 'post'] as const,
  postList: (appId: string, start: number, count: number) => ['docs', appId, 'post', 'list', start, count] as const,
  post: (appId: string, id: number) => ['docs', appId, 'post', 'one', id] as const,
};

/** The session call: the private layout's gate reads it, and sign-in starts it the moment the token arrives. */
export function sessionQuery(appId: string | null) {
  return queryOptions({
    queryKey: queryKeys.session(appId),
    queryFn: ({ signal }) => apiClient.get<SessionAnswer>('/v3/account/session', appId ? { app: appId } : undefined, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSessionQuery(appId: string | null) {
  return useQuery(sessionQuery(appId));
}

export function useHealthQuery(isEnabled = true) {
  return useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => apiClient.request<HealthAnswer>('/api/health', { auth: false, signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
