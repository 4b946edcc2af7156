/**
 * The incident summary table's columns (docs/product/reporting.md#cards): the card's `metrics`
 * when it lists them, else the report's hours worked, recordable incidents, TRIR, lost-time
 * incidents and LTIR (or LTIFR), found by name or label, in that order.
 */
import { findMetric, metricLabel } from '../../reporting-api/report-items.ts';
import type { ReportMetric } from '../../reporting-api/types.ts';

const DEFAULT_COLUMNS: readonly RegExp[] = [
  /hours/i,
  /^recordable|recordables$/i,
  /trir/i,
  /lost.?time(?!.*rate)|^lti$|lost_time_incidents/i,
  /ltir|ltifr/i,
];

export function incidentColumnsOf(metrics: readonly ReportMetric[], listed: readonly (string | number)[] | undefined): ReportMetric[] {
  if (listed && listed.length > 0)
    return listed.map((reference) => findMetric(metrics, reference)).filter((metric): metric is ReportMetric => metric !== undefined);
  const used = new Set<number>();
  const columns: ReportMetric[] = [];
  for (const pattern of DEFAULT_COLUMNS) {
    const found = metrics.find((metric) => !used.has(metric.id) && (pattern.test(metric.name) || pattern.test(metricLabel(metric))));
    if (found) {
      used.add(found.id);
      columns.push(found);
    }
  }
  return columns;
}
