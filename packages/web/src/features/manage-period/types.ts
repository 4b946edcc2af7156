/**
 * The shapes Manage Period reads (docs/product/reporting.md#report-data): a report, its metrics and
 * its report data items, as the generic document API answers them. Only the fields the screen
 * uses are named; the server owns the computed ones (itm, ytd, roll12, target, last_updated).
 */
import type { CheckedMetric } from '@docket/shared';

export interface MetricEntry {
  metric: string;
  value?: number | null;
  values?: unknown[];
  text?: string;
}

export interface ManualValue {
  metric: string;
  value: number | null;
  reason?: string;
}

export interface ReportDataItem {
  id: number;
  report_id: number;
  report_date: string;
  from_date?: string | null;
  to_date?: string | null;
  sort_date?: string | null;
  scope: number;
  region_id?: number | null;
  site_id?: number | null;
  site_ids?: number[] | null;
  client_id?: number | null;
  project_id?: number | null;
  actionee_ids?: string[] | null;
  tally?: boolean | null;
  master?: boolean | null;
  closed?: boolean | null;
  status?: string | null;
  summary?: string | null;
  descrip?: string | null;
  user?: ManualValue[] | null;
  itm?: MetricEntry[] | null;
  ytd?: MetricEntry[] | null;
  roll12?: MetricEntry[] | null;
  target?: MetricEntry[] | null;
  last_updated?: string | null;
  isRefreshing?: boolean | null;
  content?: { summary1?: string | null } | null;
  data_normalised?: {
    region?: string;
    site?: string;
    client?: string;
    project?: string;
    project_ref?: string;
    manager?: string;
    actionees?: string;
    keyword_value?: string;
  } | null;
  meta?: { access?: { editor?: boolean; delete?: boolean }; workflow?: { closed?: boolean }; version?: number } | null;
  [key: string]: unknown;
}

export interface ReportMetric extends CheckedMetric {
  id: number;
  report_id?: number | null;
  label?: string | null;
  descrip?: string | null;
  unit?: string | null;
  type?: number | null;
  order?: number | null;
}

export interface ReportDoc {
  id: number;
  title?: string | null;
  descrip?: string | null;
  user_scope?: number | null;
  refreshing?: boolean | null;
  percentComplete?: number | null;
  [key: string]: unknown;
}

/** A metric entered by hand (docs/product/reporting.md#metrics: type 0 Manual). */
export function isManualMetric(metric: Pick<ReportMetric, 'type'>): boolean {
  return (metric.type ?? 0) === 0;
}
