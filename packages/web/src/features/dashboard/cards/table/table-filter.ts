/**
 * Which rows the Table card shows (docs/product/reporting.md#cards): the card's own `metrics` (its
 * summary) unless 'Show All Data' is on, only starred metrics with 'Show Selected Only', and rows
 * whose label contains the search text.
 */
import { findMetric } from '../../../reporting-api/report-items.ts';
import type { ReportMetric } from '../../../reporting-api/types.ts';
import type { TableRow } from './table-model.ts';

export interface RowFilter {
  search: string;
  /** The card's metric list; empty means every metric. */
  summaryMetrics: readonly (string | number)[];
  isShowingAll: boolean;
  isSelectedOnly: boolean;
  isStarred: (metric: ReportMetric) => boolean;
}

/** The metrics the table's rows are made of, before the search. */
export function metricsShown(metrics: readonly ReportMetric[], filter: Omit<RowFilter, 'search'>): ReportMetric[] {
  let shown = [...metrics];
  if (!filter.isShowingAll && filter.summaryMetrics.length > 0) {
    shown = filter.summaryMetrics
      .map((reference) => findMetric(metrics, reference))
      .filter((metric): metric is ReportMetric => metric !== undefined);
  }
  if (filter.isSelectedOnly) shown = shown.filter(filter.isStarred);
  return shown;
}

export function searchRows(rows: readonly TableRow[], search: string): TableRow[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => row.label.toLocaleLowerCase().includes(needle) || row.metric?.name.toLocaleLowerCase().includes(needle));
}
