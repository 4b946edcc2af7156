/**
 * Starts a dashboard's reads the moment the session is known (docs/product/reporting.md#dashboard):
 * the report, its metrics and the month's items of the report the URL names — or the
 * organisation's default one for `/dashboard` — in parallel with the shell's own calls, instead
 * of after the dashboard's chunk has loaded and its landing has redirected. The hooks then find
 * the answers (or the calls in flight) under the same keys, so the cards paint one round trip
 * after the session instead of three. It also holds the shell's own reads until the figures have
 * painted (app/secondary-reads.ts). Small on purpose: it travels with the private layout.
 */
import type { QueryClient } from '@tanstack/react-query';
import { holdSecondaryReads } from '../../app/secondary-reads.ts';
import type { SessionValue } from '../../app/session-context.tsx';
import { dashboardQueries } from '../reporting-api/reporting-queries.ts';
import { parseDashboardState, readStored } from './dashboard-state.ts';
import { dashboardReportIdOf } from './landing.ts';

export function prefetchDashboard(
  queryClient: QueryClient,
  session: Pick<SessionValue, 'subscription' | 'appId'>,
  location: { pathname: string; search: string },
): void {
  const reportId = dashboardReportIdOf(location.pathname, session);
  if (reportId === null) return;
  const { reportDate } = parseDashboardState(new URLSearchParams(location.search), readStored());
  const { appId } = session;
  holdSecondaryReads();
  // A failed prefetch is not an error here: the dashboard's own hooks read again and say why.
  void queryClient.prefetchQuery(dashboardQueries.report(appId, reportId));
  void queryClient.prefetchQuery(dashboardQueries.metrics(appId, reportId));
  void queryClient.prefetchQuery(dashboardQueries.month(appId, reportId, reportDate));
  void queryClient.prefetchQuery(dashboardQueries.reports(appId));
}
