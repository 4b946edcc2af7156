import { useEffect, useMemo, useRef } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer, SignInMessageCode } from '@docket/shared';
import '../i18n/app/register.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigationType } from 'react-router';
import { isApiRequestError } from '../api/api-error.ts';
import { describeError } from '../api/describe-error.ts';
import { sessionStore } from '../api/instance.ts';
import { queryKeys, useSessionQuery } from '../api/queries.ts';
import { useStoredSession } from '../api/use-stored-session.ts';
import { NO_SUBSCRIPTION, type ErrorRouteState } from '../components/error-page.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { prefetchDashboard } from '../features/dashboard/dashboard-prefetch.ts';
import { isDashboardPath } from '../features/dashboard/landing.ts';
import { releaseSecondaryReadsOffDashboard } from './secondary-reads.ts';
import { changeLanguage, isLanguage, storedLanguage } from '../i18n/index.ts';
import { AppThemeProvider } from './app-theme-provider.tsx';
import { effectiveTheme } from './theme.ts';
import { PrivateShell } from './private-shell.tsx';
import { NavigationShortcuts } from './navigation-shortcuts.tsx';
import { ShortcutLayer } from '../shortcuts/shortcut-layer.tsx';
import { SessionContext } from './session-context.tsx';
import type { SessionValue } from './session-context.tsx';

/**
 * The private area's gate (docs/product/identities-and-sign-in.md#sign-in): no stored session → sign-in with
 * 'You have been logged out.' (or the reason a refresh was refused); then the session call, whose
 * failure for subscription reasons goes to the error route's 'No subscription(s) found.'.
 */
export default function PrivateLayout({ children }: { children?: ReactNode }) {
  const stored = useStoredSession();
  if (!stored) {
    // A code, never the reason's words: the sign-in screen reads the reason from this tab's store.
    const message: SignInMessageCode = sessionStore.lastClearReason() ? 'session_ended' : 'logged_out';
    return <Navigate to={`/login?message=${message}`} replace />;
  }
  return <SessionGate appId={stored.appId}>{children}</SessionGate>;
}

function SessionGate({ appId, children }: { appId: string | null; children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const query = useSessionQuery(appId);
  const answer = query.data;

  const session = useMemo<SessionValue | null>(
    () =>
      answer
        ? {
            ...answer,
            appId: answer.subscription.app_id,
            isAdministrator: answer.user.roles.includes('administrator'),
          }
        : null,
    [answer],
  );
  const themeConfig = useMemo(() => (answer ? effectiveTheme(answer) : undefined), [answer]);

  // docs/product/administration.md#settings: the organisation's settings (theme, show flags) reach a
  // member at their next screen, without a reload: each navigation reads the session again. An
  // unchanged answer keeps the same object (structural sharing), so nothing re-renders for it.
  // A redirect (a replaced history entry, e.g. `/dashboard` → `/dashboard/{default report}` just
  // after sign-in) is the same screen being resolved, not a next one: no second read.
  const { refetch } = query;
  const isFirstPath = useRef(true);
  const currentNavigationType = useNavigationType();
  const navigationType = useRef(currentNavigationType);
  navigationType.current = currentNavigationType;
  useEffect(() => {
    if (isFirstPath.current) {
      isFirstPath.current = false;
      return;
    }
    if (navigationType.current !== 'REPLACE') void refetch();
  }, [location.pathname, refetch]);

  useEffect(() => {
    // The profile's language applies unless the user picked one on this browser.
    const preferred = answer?.user.preferences.lang;
    if (isLanguage(preferred) && !storedLanguage()) changeLanguage(preferred, false);
  }, [answer]);

  useEffect(() => releaseSecondaryReadsOffDashboard(isDashboardPath(location.pathname)), [location.pathname]);

  // The dashboard's reads start the moment the session answers, before the shell renders, not
  // after the dashboard's chunk and landing (docs/product/reporting.md#dashboard).
  const queryClient = useQueryClient();
  const locationRef = useRef(location);
  locationRef.current = location;
  useEffect(() => {
    let prefetchedFor: string | null = null;
    const prefetchOnce = () => {
      const ready = queryClient.getQueryData<SessionAnswer>(queryKeys.session(appId));
      if (!ready?.subscription.active || prefetchedFor === ready.subscription.app_id) return;
      prefetchedFor = ready.subscription.app_id;
      prefetchDashboard(queryClient, { subscription: ready.subscription, appId: ready.subscription.app_id }, locationRef.current);
    };
    prefetchOnce();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === hashKey(queryKeys.session(appId)))
        prefetchOnce();
    });
  }, [queryClient, appId]);

  useEffect(() => {
    // A 401 that survived the client's refresh means the session is unusable.
    if (isApiRequestError(query.error) && query.error.status === 401) sessionStore.clear();
  }, [query.error]);

  if (query.isError) {
    if (isApiRequestError(query.error) && query.error.status === 401) return null;
    const message = describeError(query.error, t, t('common.unknownError'));
    return <NoSubscriptionRedirect message={message} from={location.pathname} />;
  }
  if (!session) return <LoadingScreen label={t('common.initialising')} fullHeight />;
  if (!session.subscription.active) return <NoSubscriptionRedirect message="" from={location.pathname} />;

  return (
    <SessionContext.Provider value={session}>
      <AppThemeProvider config={themeConfig}>
        {/* One keyboard listener for the whole private area (docs/product/forms-and-lists.md#keyboard-shortcuts). */}
        <ShortcutLayer>
          <NavigationShortcuts />
          <PrivateShell>{children}</PrivateShell>
        </ShortcutLayer>
      </AppThemeProvider>
    </SessionContext.Provider>
  );
}

function NoSubscriptionRedirect({ message, from }: { message: string; from: string }) {
  const params = new URLSearchParams({ error: NO_SUBSCRIPTION, error_message: message });
  const state: ErrorRouteState = { from, message };
  return <Navigate to={`/error?${params.toString()}`} replace state={state} />;
}
