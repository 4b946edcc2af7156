/**
 * A metric card's figure: the value in the chosen period, the previous month's (for the change),
 * the target, and the 12-month series for sparks and charts. `subCat` picks one entry of a list
 * metric's values (docs/product/reporting.md#cards).
 */
import { useMemo, useState } from 'react';
import { entryOf, shiftReportDate, targetOf } from '../../reporting-api/index.ts';
import type { CardSchema, MetricCategory, ReportDataItem, ReportMetric } from '../../reporting-api/index.ts';
import { useDashboardData } from '../dashboard-data.tsx';
import { deviationBaseOf } from './deviation-base.ts';
import { useCardSource, useItemHistory } from './use-card-source.ts';

export function figureOf(item: ReportDataItem | undefined, category: MetricCategory, metric: ReportMetric, subCat?: string): number | null {
  const entry = entryOf(item, category, metric);
  const value = subCat ? entry?.values?.find((candidate) => candidate.label === subCat)?.value : entry?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function useMetricFigure(card: CardSchema, withHistory = true) {
  const { state } = useDashboardData();
  const source = useCardSource(card);
  const [period, setPeriod] = useState<MetricCategory>(source.category);
  const { dates, history } = useItemHistory(source, 'months', withHistory && Boolean(source.metric));
  const metric = source.metric;
  const byDate = useMemo(() => new Map((history.data ?? []).map((item) => [item.report_date.slice(0, 10), item])), [history.data]);
  const subCat = card.subCat;
  const value = metric ? figureOf(source.item, period, metric, subCat) : null;
  const previous = metric ? figureOf(byDate.get(shiftReportDate(state.reportDate, -1)), period, metric, subCat) : null;
  const target = metric ? targetOf(source.item, metric) : null;
  // The deviation warning is about a month's own figure: only ITM is compared.
  const deviationBase = metric && period === 'itm' ? deviationBaseOf(byDate, metric, state.reportDate) : null;
  const series = metric
    ? dates.map((date) => (date === state.reportDate ? value : figureOf(byDate.get(date), period, metric, subCat)))
    : [];
  return { source, metric, period, setPeriod, value, previous, deviationBase, target, dates, series, isHistoryLoading: history.isLoading };
}
