/**
 * What a month's ITM figure is compared with by the deviation warning: the shared reporting
 * library's baseline (`deviationBaseline`: the previous month for `itm`, the average entered month
 * of the twelve before for `roll12`), over the item's history (docs/product/reporting.md#kpi-maths).
 */
import { deviationBaseline, monthIndexOf, parseYearMonth } from '@docket/shared';
import type { MonthIndex } from '@docket/shared';
import { valueOf } from '../../reporting-api/report-items.ts';
import type { ReportDataItem, ReportMetric } from '../../reporting-api/types.ts';

export function deviationBaseOf(history: ReadonlyMap<string, ReportDataItem>, metric: ReportMetric, reportDate: string): number | null {
  const month = parseYearMonth(reportDate);
  if (!month || !metric.deviation) return null;
  const facts = new Map<MonthIndex, Record<string, number>>();
  for (const [date, item] of history) {
    const itemMonth = parseYearMonth(date);
    const value = valueOf(item, 'itm', metric);
    if (itemMonth && value !== null) facts.set(monthIndexOf(itemMonth), { [metric.name]: value });
  }
  return deviationBaseline(metric.deviation, facts, metric.name, monthIndexOf(month));
}
