/**
 * Manage Period's reads and writes over the shared reporting client (docs/product/reporting.md#api):
 * the report, polled every 2.5 s while a period-wide refresh runs, and an item's earlier months
 * for the deviation check. Everything else is the client's hooks as they are.
 */
import { useQueryClient } from '@tanstack/react-query';
import { addMonths, formatYearMonth, parseYearMonth } from '@docket/shared';
import { reportingKeys, seriesFilterOf, useHistory, useReport } from '../reporting-api/index.ts';
import type { ReportDataItem, ReportDoc } from './types.ts';

/** docs/product/reporting.md#limits: the refresh poll. */
export const REFRESH_POLL_MS = 2500;

export function isRefreshRunning(report: Pick<ReportDoc, 'refreshing' | 'percentComplete'> | undefined): boolean {
  if (!report) return false;
  return report.refreshing === true || (typeof report.percentComplete === 'number' && report.percentComplete < 1);
}

/** The report; polled while a period-wide refresh runs, until `refreshing` is false and `percentComplete` is 1. */
export function useReportProgress(appId: string, initial: ReportDoc): ReportDoc {
  const cached = useQueryClient().getQueryData<ReportDoc>(reportingKeys.report(appId, initial.id));
  const query = useReport(appId, initial.id, { refetchInterval: isRefreshRunning(cached ?? initial) ? REFRESH_POLL_MS : false });
  return query.data ?? initial;
}

function monthsBefore(reportDate: string, count: number): string {
  const month = parseYearMonth(reportDate);
  return month ? `${formatYearMonth(addMonths(month, -count))}-01` : reportDate;
}

/** The same item's series in the twelve months before its month (the deviation check's baseline). */
export function useItemHistory(appId: string, item: ReportDataItem | undefined) {
  const dates = item ? [monthsBefore(item.report_date, 12), monthsBefore(item.report_date, 1)] : [];
  return useHistory(appId, item?.report_id ?? null, dates, item ? seriesFilterOf(item) : '', item !== undefined);
}
