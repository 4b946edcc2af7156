/**
 * The shapes Manage Period reads, from the shared reporting client (docs/product/reporting.md#report-data),
 * plus the item's free-text notes.
 */
import type { ReportDataItem as ClientItem, ReportMetric, Report } from '../reporting-api/index.ts';
import { METRIC_TYPE } from '../reporting-api/index.ts';

export type { ManualEntry, MetricEntry, ReportMetric } from '../reporting-api/index.ts';

export type ReportDataItem = ClientItem & { notes?: string | null; summary?: string | null; descrip?: string | null };
export type ReportDoc = Report;

/** A metric entered by hand (docs/product/reporting.md#metrics: type 0 Manual). */
export function isManualMetric(metric: Pick<ReportMetric, 'type'>): boolean {
  return (metric.type ?? METRIC_TYPE.manual) === METRIC_TYPE.manual;
}
