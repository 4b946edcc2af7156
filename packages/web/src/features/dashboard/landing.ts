/**
 * Where `/dashboard` leads (docs/product/reporting.md#dashboard): the organisation's default
 * report (the general setting `default_report_id`), else the first report the user may read.
 */
import type { SessionValue } from '../../app/session-context.tsx';
import type { ReportTitle } from '../reporting-api/index.ts';

const positiveId = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
};

/** The organisation's default report id: a setting, or the general configuration's. */
export function defaultReportIdOf(session: Pick<SessionValue, 'subscription'>): number | null {
  const general = session.subscription.app_config.general as Record<string, unknown> | undefined;
  return positiveId(session.subscription.settings.default_report_id) ?? positiveId(general?.default_report_id);
}

/** The default report when the user may read it, else the first readable one, else null. */
export function landingReportId(defaultId: number | null, readable: readonly ReportTitle[]): number | null {
  if (defaultId !== null && readable.some((report) => report.id === defaultId)) return defaultId;
  return readable[0]?.id ?? null;
}

const DASHBOARD_PATH = /^\/(?:dashboard(?:\/(\d+))?)?\/?$/;

/** Whether a path shows a dashboard (`/`, `/dashboard` or `/dashboard/{report id}`). */
export function isDashboardPath(pathname: string): boolean {
  return DASHBOARD_PATH.test(pathname);
}

/** The report a dashboard URL shows: its id, else the default report for `/dashboard` and the index; null elsewhere. */
export function dashboardReportIdOf(pathname: string, session: Pick<SessionValue, 'subscription'>): number | null {
  const match = DASHBOARD_PATH.exec(pathname);
  if (!match) return null;
  if (match[1] !== undefined) return positiveId(match[1]);
  return defaultReportIdOf(session);
}
