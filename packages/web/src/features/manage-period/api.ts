/**
 * Manage Period's calls (docs/product/reporting.md#api): the report (polled every 2.5 s while a
 * period-wide refresh runs), its metrics, the month's report data items, an item's earlier months
 * for the deviation check, the refresh call, and create / update / delete of items through the
 * generic document API.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListAnswer } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { documentRecordApi } from '../../api/record-api.ts';
import { writableBody } from '../../api/records-api.ts';
import type { ReportDataItem, ReportDoc, ReportMetric } from './types.ts';

/** docs/product/reporting.md#limits: the refresh poll and the month's list size. */
export const REFRESH_POLL_MS = 2500;
export const MONTH_LIST_COUNT = 500;
export const HISTORY_COUNT = 60;

/** Fields the server computes: never sent back on a save (docs/product/reporting.md#report-data). */
const CALCULATED = ['itm', 'ytd', 'roll12', 'roll24', 'target', 'last_updated', 'isRefreshing', 'sort_date', 'master', 'closed'];

export const managePeriodKeys = {
  all: ['manage-period'] as const,
  report: (appId: string, reportId: number) => ['manage-period', appId, 'report', reportId] as const,
  metrics: (appId: string, reportId: number) => ['manage-period', appId, 'metrics', reportId] as const,
  items: (appId: string, reportId: number, reportDate: string) => ['manage-period', appId, 'items', reportId, reportDate] as const,
  history: (appId: string, itemId: number) => ['manage-period', appId, 'history', itemId] as const,
};

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The report; polled while a period-wide refresh runs, until `refreshing` is false and `percentComplete` is 1. */
export function useReportProgress(appId: string, initial: ReportDoc) {
  return useQuery({
    queryKey: managePeriodKeys.report(appId, initial.id),
    queryFn: ({ signal }) => apiClient.get<ReportDoc>(documentRecordApi(appId, 'report').itemPath(initial.id), undefined, signal),
    initialData: initial,
    refetchInterval: (query) => (isRefreshRunning(query.state.data) ? REFRESH_POLL_MS : false),
  });
}

export function isRefreshRunning(report: Pick<ReportDoc, 'refreshing' | 'percentComplete'> | undefined): boolean {
  if (!report) return false;
  return report.refreshing === true || (typeof report.percentComplete === 'number' && report.percentComplete < 1);
}

export function useReportMetrics(appId: string, reportId: number) {
  return useQuery({
    queryKey: managePeriodKeys.metrics(appId, reportId),
    queryFn: async ({ signal }) => {
      const answer = await apiClient.get<ListAnswer<ReportMetric>>(
        documentRecordApi(appId, 'report_metric').listPath,
        { filter: `report_id = ${reportId}`, order: 'order asc', count: MONTH_LIST_COUNT, start: 0 },
        signal,
      );
      return answer.dataAr;
    },
  });
}

export function useMonthItems(appId: string, reportId: number, reportDate: string) {
  return useQuery({
    queryKey: managePeriodKeys.items(appId, reportId, reportDate),
    queryFn: async ({ signal }) => {
      const answer = await apiClient.get<ListAnswer<ReportDataItem>>(
        documentRecordApi(appId, 'report_data').listPath,
        { filter: `report_id = ${reportId} AND report_date = ${quote(reportDate)}`, count: MONTH_LIST_COUNT, start: 0 },
        signal,
      );
      return answer.dataAr;
    },
  });
}

/** The same item's series in the twelve months before its date (same report, scope and scope ids). */
export function seriesFilter(item: ReportDataItem, fromDate: string): string {
  const parts = [`report_id = ${item.report_id}`, `scope = ${item.scope}`];
  for (const field of ['region_id', 'site_id', 'client_id', 'project_id'] as const) {
    const value = item[field];
    parts.push(typeof value === 'number' ? `${field} = ${value}` : `${field} IS NULL`);
  }
  const user = item.actionee_ids?.[0];
  if (typeof user === 'string') parts.push(`actionee_ids CONTAINS ${quote(user)}`);
  parts.push(`report_date >= ${quote(fromDate)}`, `report_date < ${quote(item.report_date)}`);
  return parts.join(' AND ');
}

export function useItemHistory(appId: string, item: ReportDataItem | undefined, fromDate: string) {
  return useQuery({
    queryKey: managePeriodKeys.history(appId, item?.id ?? 0),
    enabled: item !== undefined,
    queryFn: async ({ signal }) => {
      if (!item) return [];
      const answer = await apiClient.get<ListAnswer<ReportDataItem>>(
        documentRecordApi(appId, 'report_data').listPath,
        { filter: seriesFilter(item, fromDate), order: 'report_date asc', count: HISTORY_COUNT, start: 0 },
        signal,
      );
      return answer.dataAr;
    },
  });
}

export interface RefreshRequest {
  reportId: number;
  year: number;
  month: number;
  /** One item, refreshed at once; without it the whole period refreshes as a job. */
  rdid?: number;
  updateTargets?: boolean;
}

export function refreshReporting(appId: string, request: RefreshRequest): Promise<unknown> {
  const query: Record<string, string | number | boolean> = { app: appId, year: request.year, month: request.month };
  if (request.rdid !== undefined) query.rdid = request.rdid;
  if (request.updateTargets) query.updateTargets = true;
  return apiClient.request<unknown>(`/reporting/${request.reportId}`, { method: 'POST', query });
}

export function useRefresh(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RefreshRequest) => refreshReporting(appId, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: managePeriodKeys.all }),
  });
}

/** The body of a save: the item's own fields, never the computed ones. */
export function itemBody(data: Record<string, unknown>): Record<string, unknown> {
  const body = writableBody(data);
  for (const field of CALCULATED) delete body[field];
  return body;
}

export function useSaveItem(appId: string) {
  const queryClient = useQueryClient();
  const api = documentRecordApi(appId, 'report_data');
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: Record<string, unknown> }) =>
      id === null
        ? apiClient.request<ReportDataItem>(`${api.listPath}/`, { method: 'POST', json: itemBody(data) })
        : apiClient.request<ReportDataItem>(api.itemPath(id), { method: 'PUT', json: itemBody(data) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managePeriodKeys.all }),
  });
}

export function useDeleteItem(appId: string) {
  const queryClient = useQueryClient();
  const api = documentRecordApi(appId, 'report_data');
  return useMutation({
    mutationFn: (id: number) => apiClient.request<{ error?: boolean }>(api.itemPath(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managePeriodKeys.all }),
  });
}
