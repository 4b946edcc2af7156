/**
 * The dashboard's filter state lives in the URL's query (docs/product/reporting.md#dashboard):
 * `id` (selected report data item), `page`, `edit`, `reportDate`, `mode`, `metric`, `manager`,
 * `summary`. Every change is a new history entry, so browser back and forward restore it. The
 * month is also kept in session storage, so it survives leaving the dashboard and coming back.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { currentReportDate, normaliseReportDate } from '../reporting-api/report-dates.ts';

export interface DashboardState {
  id: number | null;
  page: string | null;
  edit: boolean;
  reportDate: string;
  mode: string | null;
  metric: string | null;
  manager: boolean;
  summary: boolean;
}

export type DashboardPatch = Partial<DashboardState>;

/** Session storage key of the dashboard's month (and the item chosen before a month change). */
export const DASHBOARD_STORAGE_KEY = 'docket.dashboard';

interface Stored {
  reportDate?: string;
  previousId?: number;
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(): Stored {
  try {
    const parsed: unknown = JSON.parse(session()?.getItem(DASHBOARD_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function writeStored(patch: Stored): void {
  session()?.setItem(DASHBOARD_STORAGE_KEY, JSON.stringify({ ...readStored(), ...patch }));
}

const flag = (value: string | null) => value === '1' || value === 'true';
const positiveInt = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

/** The state a query string stands for; the month falls back to the stored one, then this month. */
export function parseDashboardState(params: URLSearchParams, stored: Stored = {}, today = currentReportDate()): DashboardState {
  return {
    id: positiveInt(params.get('id')),
    page: params.get('page') || null,
    edit: flag(params.get('edit')),
    reportDate: normaliseReportDate(params.get('reportDate')) ?? normaliseReportDate(stored.reportDate) ?? today,
    mode: params.get('mode') || null,
    metric: params.get('metric') || null,
    manager: flag(params.get('manager')),
    summary: flag(params.get('summary')),
  };
}

/**
 * The query string after a change. A new month clears the selected item, manager and edit
 * (docs/product/reporting.md#dashboard); the caller remembers the previous item.
 */
export function applyDashboardPatch(params: URLSearchParams, current: DashboardState, patch: DashboardPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  const isNewMonth = patch.reportDate !== undefined && patch.reportDate !== current.reportDate;
  const merged: DashboardPatch = isNewMonth ? { id: null, manager: false, edit: false, ...patch } : patch;
  for (const [key, value] of Object.entries(merged) as [keyof DashboardState, DashboardState[keyof DashboardState]][]) {
    if (value === null || value === false || value === undefined || value === '') next.delete(key);
    else next.set(key, value === true ? '1' : String(value));
  }
  if (isNewMonth && patch.id === undefined) next.delete('id');
  return next;
}

/** The state and a setter; `replace` swaps the history entry instead of adding one. */
export function useDashboardState(): [DashboardState, (patch: DashboardPatch, options?: { replace?: boolean }) => void, number | null] {
  const [params, setParams] = useSearchParams();
  const stored = readStored();
  const state = useMemo(() => parseDashboardState(params, { reportDate: stored.reportDate }), [params, stored.reportDate]);
  const update = useCallback(
    (patch: DashboardPatch, options: { replace?: boolean } = {}) => {
      if (patch.reportDate !== undefined && patch.reportDate !== state.reportDate) {
        writeStored({ reportDate: patch.reportDate, previousId: state.id ?? undefined });
      }
      setParams(applyDashboardPatch(params, state, patch), { replace: options.replace });
    },
    [params, setParams, state],
  );
  return [state, update, stored.previousId ?? null];
}

/** Keeps the stored month in step with the URL (a link or back/forward may change it). */
export function rememberReportDate(reportDate: string): void {
  if (readStored().reportDate !== reportDate) writeStored({ reportDate });
}
