/**
 * `PUT /v2/identity/me/prefs` (docs/product/identities-and-sign-in.md#preferences): the user's language, stars and the like. The server
 * stores each top-level key sent and keeps the others; the session in the query cache is updated
 * to match, so the star toggles and the language follow at once. The organisation in context is
 * named (`app`): the default site, currency and metrics are kept per organisation, and a person
 * in several must name one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer, UserPreferences } from '@docket/shared';
import { useSession } from '../app/session-context.tsx';
import { apiClient } from './instance.ts';

export type PreferencesPatch = Partial<Pick<UserPreferences, 'lang' | 'mailAlerts' | 'mailSummaryWeekly' | 'starred' | 'metrics'>> & {
  site_id?: number;
  currency_id?: number;
};

export function useSavePreferences() {
  const queryClient = useQueryClient();
  const { appId } = useSession();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) =>
      apiClient.request<unknown>('/v2/identity/me/prefs', { method: 'PUT', json: patch, query: { app: appId } }),
    onSuccess: (_answer, patch) => {
      queryClient.setQueriesData<SessionAnswer>({ queryKey: ['session'] }, (session) =>
        session ? { ...session, user: { ...session.user, preferences: { ...session.user.preferences, ...patch } } } : session,
      );
    },
  });
}
