/**
 * The `virtual` card setting (docs/product/reporting.md#cards): a metric's series computed from the
 * facts (`GET /reporting/{reportId}?virtual=true`) read as items, so a virtual card draws like any
 * other; and the scope terms of that call for the item shown. Pure, so it is unit-tested.
 */
import { ITEM_SCOPE } from '../../reporting-api/types.ts';
import type { MetricSeriesAnswer, ReportDataItem, ReportMetric } from '../../reporting-api/types.ts';

/** A virtual series' rows as items, so a virtual card draws like any other (one entry per window). */
export function virtualItemsOf(answer: MetricSeriesAnswer | undefined, metric: ReportMetric | undefined): ReportDataItem[] {
  if (!answer || !metric) return [];
  const entry = (value: number | null) => [{ metric: metric.name, value }];
  return answer.dataAr.map((row, index) => ({
    id: -1 - index,
    report_id: metric.report_id,
    report_date: row.report_date.slice(0, 10),
    scope: ITEM_SCOPE.group,
    itm: entry(row.itm),
    ytd: entry(row.ytd),
    roll12: entry(row.roll12),
    target: entry(row.target),
  }));
}

/** The scope terms of `GET /reporting/{reportId}` for the item shown (group by default). */
export function seriesScopeOf(item: ReportDataItem | undefined): { scope?: number; region_id?: number; site_id?: number } {
  if (item?.scope === ITEM_SCOPE.region && typeof item.region_id === 'number')
    return { scope: ITEM_SCOPE.region, region_id: item.region_id };
  if (item?.scope === ITEM_SCOPE.site && typeof item.site_id === 'number') return { scope: ITEM_SCOPE.site, site_id: item.site_id };
  return {};
}
