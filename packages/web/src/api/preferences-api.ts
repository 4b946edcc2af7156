/**
 * `PUT /v2/identity/me/prefs` (docs/product/identities-and-sign-in.md#preferences): the user's language, stars and the like. The server
 * stores each top-level key sent and keeps the others; the session in the query cache is updated
 * to match, so the star toggles and the language follow at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer, UserPreferences } from '@docket/shared';
import { apiClient } from './instance.ts';

export type PreferencesPatch = Partial<Pick<UserPreferences, 'lang' | 'mailAlerts' | 'mailSummaryWeekly' | 'starred' | 'metrics'>> & {
  site_id?: number;
  currency_id?: number;
};

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => apiClient.request<unknown>('/v2/identity/me/prefs', { method: 'PUT', json: patch }),
    onSuccess: (_answer, patch) => {
      queryClient.setQueriesData<SessionAnswer>({ queryKey: ['session'] }, (session) =>
        session ? { ...session, user: { ...session.user, preferences: { ...session.user.preferences, ...patch } } } : session,
      );
    },
  });
}
