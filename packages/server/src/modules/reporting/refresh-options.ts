/** What a refresh request asks beyond its month (docs/product/reporting.md#api), and a report's progress. */
import type { ComputeOptions } from './compute-items.ts';
import type { RefreshProgress } from './figures.repository.ts';
import type { ReportModel } from './report-model.ts';
import type { StoredDocument } from './reporting.repository.ts';

export interface RefreshOptions {
  /** Copy the metrics' targets into the items. */
  updateTargets?: boolean | undefined;
  /** Only these metrics (report_metric ids) change. */
  reportMetricIds?: readonly number[] | undefined;
}

export function computeOptionsOf(model: ReportModel, request: RefreshOptions): ComputeOptions {
  const options: ComputeOptions = { updateTargets: request.updateTargets === true };
  if (request.reportMetricIds && request.reportMetricIds.length > 0) {
    const ids = new Set(request.reportMetricIds);
    options.metricNames = new Set(model.metrics.filter((metric) => ids.has(metric.id)).map((metric) => String(metric.values.name)));
  }
  return options;
}

export function progressOf(report: StoredDocument): RefreshProgress {
  const percent = Number(report.values.percentComplete);
  return {
    refreshing: report.values.refreshing === true,
    percentComplete: Number.isFinite(percent) ? Math.min(1, Math.max(0, percent)) : 1,
  };
}
