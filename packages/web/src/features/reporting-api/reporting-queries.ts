/**
 * TanStack Query hooks over the reporting calls. Keys live in `reportingKeys` so every screen
 * (dashboard, Manage Period, metric entry, the user drawer) shares one cache: the dashboard's
 * month list is the Manage Period's item list, read once.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markDataArrived } from '../../components/render-marks.ts';
import {
  deleteReportData,
  listHistory,
  listMetrics,
  listMonthData,
  listMostRecent,
  listReports,
  readGraph,
  readMetricSeries,
  readReport,
  readSnapshot,
  refreshReporting,
  saveReportData,
  saveReportSchema,
} from './reporting-calls.ts';
import type { Report, ReportDataItem } from './types.ts';

export const reportingKeys = {
  all: (appId: string) => ['reporting', appId] as const,
  reports: (appId: string) => ['reporting', appId, 'reports'] as const,
  report: (appId: string, reportId: number) => ['reporting', appId, 'report', reportId] as const,
  metrics: (appId: string, reportId: number) => ['reporting', appId, 'metrics', reportId] as const,
  /** Everything read from report_data of one report (month lists and histories). */
  data: (appId: string, reportId: number) => ['reporting', appId, 'data', reportId] as const,
  month: (appId: string, reportId: number, reportDate: string) => ['reporting', appId, 'data', reportId, 'month', reportDate] as const,
  history: (appId: string, reportId: number, dates: readonly string[], scopeFilter: string) =>
    ['reporting', appId, 'data', reportId, 'history', dates.join(','), scopeFilter] as const,
  series: (reportId: number, params: Record<string, unknown>) => ['reporting', 'series', reportId, params] as const,
  snapshot: (reportId: number, reportDate: string) => ['reporting', 'snapshot', reportId, reportDate] as const,
  graph: (appId: string, type: string, qry: string, groupBy: string) => ['reporting', appId, 'graph', type, qry, groupBy] as const,
  recent: (appId: string, type: string, count: number, filter: string) => ['reporting', appId, 'recent', type, count, filter] as const,
};

/** Figures change only when someone refreshes; a minute keeps month switches instant. */
const FIGURES_STALE_MS = 60_000;

/**
 * The reads a dashboard needs before its cards paint, as query options shared by the hooks and
 * by the prefetch that starts them as soon as the session is known (dashboard-prefetch.ts), so a
 * prefetched answer is the very entry the hook reads.
 */
export const dashboardQueries = {
  reports: (appId: string) =>
    queryOptions({
      queryKey: reportingKeys.reports(appId),
      queryFn: ({ signal }) => listReports(appId, signal),
      staleTime: FIGURES_STALE_MS,
    }),
  report: (appId: string, reportId: number) =>
    queryOptions({
      queryKey: reportingKeys.report(appId, reportId),
      queryFn: async ({ signal }) => {
        const report = await readReport(appId, reportId, signal);
        markDataArrived('report');
        return report;
      },
      staleTime: FIGURES_STALE_MS,
    }),
  metrics: (appId: string, reportId: number) =>
    queryOptions({
      queryKey: reportingKeys.metrics(appId, reportId),
      queryFn: ({ signal }) => listMetrics(appId, reportId, signal),
      staleTime: FIGURES_STALE_MS,
    }),
  month: (appId: string, reportId: number, reportDate: string) =>
    queryOptions({
      queryKey: reportingKeys.month(appId, reportId, reportDate),
      queryFn: async ({ signal }) => {
        const answer = await listMonthData(appId, reportId, reportDate, signal);
        markDataArrived('report-month');
        return answer.dataAr;
      },
      staleTime: FIGURES_STALE_MS,
    }),
};

export function useReportList(appId: string) {
  return useQuery({ ...dashboardQueries.reports(appId), select: (answer) => answer.dataAr });
}

export function useReport(appId: string, reportId: number | null, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    ...dashboardQueries.report(appId, reportId ?? 0),
    enabled: reportId !== null && reportId > 0,
    refetchInterval: options.refetchInterval,
  });
}

export function useReportMetrics(appId: string, reportId: number | null) {
  return useQuery({
    ...dashboardQueries.metrics(appId, reportId ?? 0),
    select: (answer) => answer.dataAr,
    enabled: reportId !== null && reportId > 0,
  });
}

/** The report's items for one month; the previous month's stay shown while the next loads. */
export function useMonthData(appId: string, reportId: number | null, reportDate: string) {
  return useQuery({
    ...dashboardQueries.month(appId, reportId ?? 0, reportDate),
    enabled: reportId !== null && reportId > 0,
    placeholderData: keepPreviousData,
  });
}

export function useHistory(appId: string, reportId: number | null, dates: readonly string[], scopeFilter: string, isEnabled = true) {
  return useQuery({
    queryKey: reportingKeys.history(appId, reportId ?? 0, dates, scopeFilter),
    queryFn: ({ signal }) => listHistory(appId, reportId ?? 0, dates, scopeFilter, signal),
    select: (answer) => answer.dataAr,
    enabled: isEnabled && reportId !== null && reportId > 0 && dates.length > 0,
    placeholderData: keepPreviousData,
    staleTime: FIGURES_STALE_MS,
  });
}

export function useMetricSeries(reportId: number | null, params: Parameters<typeof readMetricSeries>[1], isEnabled = true) {
  return useQuery({
    queryKey: reportingKeys.series(reportId ?? 0, params),
    queryFn: ({ signal }) => readMetricSeries(reportId ?? 0, params, signal),
    enabled: isEnabled && reportId !== null && reportId > 0,
    staleTime: FIGURES_STALE_MS,
  });
}

export function useSnapshot(reportId: number | null, reportDate: string, isEnabled = true) {
  return useQuery({
    queryKey: reportingKeys.snapshot(reportId ?? 0, reportDate),
    queryFn: ({ signal }) => readSnapshot(reportId ?? 0, reportDate, signal),
    select: (answer) => (Array.isArray(answer) ? answer : answer.dataAr),
    enabled: isEnabled && reportId !== null && reportId > 0,
  });
}

/** Chart counts up to the month `to` (YYYY-MM), so a chart follows the month picker. */
export function useGraph(appId: string, type: string | undefined, qry = '', groupBy = '', to = '') {
  return useQuery({
    queryKey: reportingKeys.graph(appId, type ?? '', qry, `${groupBy}|${to}`),
    queryFn: ({ signal }) => readGraph(appId, type ?? '', { qry, group_by: groupBy, to }, signal),
    enabled: Boolean(type),
    placeholderData: keepPreviousData,
    staleTime: FIGURES_STALE_MS,
  });
}

export function useMostRecent(appId: string, type: string | undefined, count: number, filter = '') {
  return useQuery({
    queryKey: reportingKeys.recent(appId, type ?? '', count, filter),
    queryFn: ({ signal }) => listMostRecent(appId, type ?? '', count, filter, signal),
    select: (answer) => answer.dataAr,
    enabled: Boolean(type),
  });
}

/** Refresh one item or the period; the report's data (and the report, for its progress) reload after. */
export function useRefreshReporting(appId: string, reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: Parameters<typeof refreshReporting>[1]) => refreshReporting(reportId, params),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportingKeys.data(appId, reportId) }),
        queryClient.invalidateQueries({ queryKey: reportingKeys.report(appId, reportId) }),
      ]),
  });
}

export function useSaveReportSchema(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, schema }: { report: Report; schema: Report['schema'] }) => saveReportSchema(appId, report, schema),
    onSuccess: (saved) => queryClient.setQueryData(reportingKeys.report(appId, saved.id), saved),
  });
}

export function useSaveReportData(appId: string, reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Partial<ReportDataItem>) => saveReportData(appId, { ...item, report_id: reportId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportingKeys.data(appId, reportId) }),
  });
}

export function useDeleteReportData(appId: string, reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteReportData(appId, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportingKeys.data(appId, reportId) }),
  });
}
