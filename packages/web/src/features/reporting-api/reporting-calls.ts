/**
 * Typed calls of the reporting API (docs/product/reporting.md#api): the document lists of
 * `report`, `report_metric` and `report_data`, one report, the refresh and series calls of
 * `/reporting/{reportId}`, the snapshot and the chart counts. Hooks live in reporting-queries.ts.
 */
import type { GraphAnswer, ListAnswer } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { documentRecordApi } from '../../api/record-api.ts';
import { writableBody } from '../../api/records-api.ts';
import { monthEndOf } from './report-dates.ts';
import type { MetricSeriesAnswer, RefreshAnswer, Report, ReportDataItem, ReportMetric, ReportTitle } from './types.ts';

/** Limits of docs/product/reporting.md#limits. */
export const REPORT_DATA_LIST_COUNT = 500;
export const HISTORY_COUNT = 60;
export const SUMMARY_COUNT = 12;
export const METRIC_LIST_COUNT = 500;

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `report_date` within the month of `reportDate` (a range, so a stored timestamp matches too). */
export function monthFilter(reportDate: string): string {
  return `report_date >= ${quoted(reportDate)} AND report_date <= ${quoted(monthEndOf(reportDate))}`;
}

export function listReports(appId: string, signal?: AbortSignal): Promise<ListAnswer<ReportTitle>> {
  return apiClient.get(
    documentRecordApi(appId, 'report').listPath,
    { count: 500, start: 0, select: 'id,title,i18n', order: 'title asc' },
    signal,
  );
}

export function readReport(appId: string, reportId: number, signal?: AbortSignal): Promise<Report> {
  return apiClient.get(documentRecordApi(appId, 'report').itemPath(reportId), undefined, signal);
}

/** Saves a report's layout (`PUT report`, the card schema editor's Save). */
export function saveReportSchema(appId: string, report: Report, schema: Report['schema']): Promise<Report> {
  const body = writableBody({ ...(report as unknown as Record<string, unknown>), schema });
  return apiClient.request(documentRecordApi(appId, 'report').itemPath(report.id), { method: 'PUT', json: body });
}

export function listMetrics(appId: string, reportId: number, signal?: AbortSignal): Promise<ListAnswer<ReportMetric>> {
  return apiClient.get(
    documentRecordApi(appId, 'report_metric').listPath,
    { count: METRIC_LIST_COUNT, start: 0, filter: `report_id = ${reportId}`, order: 'order asc' },
    signal,
  );
}

/** Every item of a report for one month (count 500). */
export function listMonthData(
  appId: string,
  reportId: number,
  reportDate: string,
  signal?: AbortSignal,
): Promise<ListAnswer<ReportDataItem>> {
  return apiClient.get(
    documentRecordApi(appId, 'report_data').listPath,
    { count: REPORT_DATA_LIST_COUNT, start: 0, filter: `report_id = ${reportId} AND ${monthFilter(reportDate)}` },
    signal,
  );
}

/**
 * The items of a report at several dates (a 12-month or 5-year history), oldest first (count 60).
 * `scopeFilter` narrows to one series (one site, one region, the group), see seriesFilterOf.
 */
export function listHistory(
  appId: string,
  reportId: number,
  dates: readonly string[],
  scopeFilter: string,
  signal?: AbortSignal,
): Promise<ListAnswer<ReportDataItem>> {
  const first = dates[0] ?? '';
  const last = dates[dates.length - 1] ?? first;
  const window = dates.length > 0 ? ` AND report_date >= ${quoted(first)} AND report_date <= ${quoted(monthEndOf(last))}` : '';
  return apiClient.get(
    documentRecordApi(appId, 'report_data').listPath,
    {
      count: HISTORY_COUNT,
      start: 0,
      filter: `report_id = ${reportId}${window}${scopeFilter ? ` AND ${scopeFilter}` : ''}`,
      order: 'report_date asc',
    },
    signal,
  );
}

/** The filter that picks the same series as `item` in other months: its scope and the ids that name it. */
export function seriesFilterOf(
  item: Pick<ReportDataItem, 'scope' | 'region_id' | 'site_id' | 'client_id' | 'project_id' | 'actionee_ids'>,
): string {
  const parts = [`scope = ${item.scope}`];
  for (const field of ['region_id', 'site_id', 'client_id', 'project_id'] as const) {
    const value = item[field];
    parts.push(typeof value === 'number' ? `${field} = ${value}` : `${field} IS NULL`);
  }
  const actionee = item.actionee_ids?.[0];
  if (actionee) parts.push(`actionee_ids CONTAINS ${quoted(actionee)}`);
  return parts.join(' AND ');
}

export function listMostRecent(appId: string, type: string, count: number, filter?: string, signal?: AbortSignal) {
  return apiClient.get<ListAnswer<Record<string, unknown>>>(
    documentRecordApi(appId, type).listPath,
    { count, start: 0, order: 'created_date desc', ...(filter?.trim() ? { filter } : {}) },
    signal,
  );
}

/** `GET /reporting/{reportId}`: one metric's 12-month series for a scope. */
export function readMetricSeries(
  reportId: number,
  params: { metric: string | number; scope?: number; region_id?: number; site_id?: number; virtual?: boolean; date?: string },
  signal?: AbortSignal,
): Promise<MetricSeriesAnswer> {
  return apiClient.get(
    `/reporting/${reportId}`,
    { ...params, metric: String(params.metric), virtual: params.virtual ? true : undefined },
    signal,
  );
}

/** `POST /reporting/{reportId}`: refresh one item (`rdid`) or the whole period. */
export function refreshReporting(
  reportId: number,
  params: { year: number; month: number; rdid?: number; updateTargets?: boolean; report_metric_ids?: number[] },
): Promise<RefreshAnswer> {
  const query = {
    year: params.year,
    month: params.month,
    rdid: params.rdid,
    updateTargets: params.updateTargets ? true : undefined,
    report_metric_ids: params.report_metric_ids?.join(','),
  };
  return apiClient.request(`/reporting/${reportId}`, { method: 'POST', query });
}

/** `GET /v3/reports/{reportId}/snapshot?date=`: every item's row for that month. */
export function readSnapshot(
  reportId: number,
  reportDate: string,
  signal?: AbortSignal,
): Promise<ListAnswer<ReportDataItem> | ReportDataItem[]> {
  return apiClient.get(`/v3/reports/${reportId}/snapshot`, { date: reportDate }, signal);
}

/** `GET /v3/{appId}/graph/{type}?qry=&group_by=&from=&to=`: counts for charts (docs/product/reporting.md#charts). */
export function readGraph(
  appId: string,
  type: string,
  params: { qry?: string; group_by?: string; from?: string; to?: string },
  signal?: AbortSignal,
) {
  return apiClient.get<GraphAnswer>(
    `/v3/${encodeURIComponent(appId)}/graph/${encodeURIComponent(type)}`,
    { qry: params.qry || undefined, group_by: params.group_by || undefined, from: params.from || undefined, to: params.to || undefined },
    signal,
  );
}

/** Saves a report data item (create when it has no id); calculated fields are stripped first. */
export function saveReportData(appId: string, item: Partial<ReportDataItem>): Promise<ReportDataItem> {
  const api = documentRecordApi(appId, 'report_data');
  const {
    itm: _itm,
    ytd: _ytd,
    roll12: _roll12,
    roll24: _roll24,
    target: _target,
    last_updated: _updated,
    isRefreshing: _refreshing,
    ...rest
  } = item;
  const body = writableBody(rest as Record<string, unknown>);
  return typeof item.id === 'number'
    ? apiClient.request(api.itemPath(item.id), { method: 'PUT', json: body })
    : apiClient.request(api.listPath, { method: 'POST', json: body });
}

export function deleteReportData(appId: string, id: number): Promise<{ error?: boolean }> {
  return apiClient.request(documentRecordApi(appId, 'report_data').itemPath(id), { method: 'DELETE' });
}
