/**
 * A metric card's figure: the value in the chosen period, the previous month's (for the change),
 * the target, and the 12-month series for sparks and charts. `subCat` picks one entry of a list
 * metric's values; `virtual` reads the metric's series computed from the facts
 * (`GET /reporting/{reportId}?virtual=true`) instead of the stored items (docs/product/reporting.md#cards).
 */
import { useMemo, useState } from 'react';
import { entryOf, isNotComputed, shiftReportDate, targetOf, useMetricSeries } from '../../reporting-api/index.ts';
import type { CardSchema, MetricCategory, ReportDataItem, ReportMetric } from '../../reporting-api/index.ts';
import { useDashboardData } from '../dashboard-data.tsx';
import { deviationBaseOf } from './deviation-base.ts';
import { seriesScopeOf, virtualItemsOf } from './virtual-series.ts';
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
  const isVirtual = card.virtual === true;
  const { dates, history } = useItemHistory(source, 'months', !isVirtual && withHistory && Boolean(source.metric));
  const metric = source.metric;
  const virtual = useMetricSeries(
    source.reportId,
    { metric: metric?.name ?? '', virtual: true, date: state.reportDate, ...seriesScopeOf(source.item) },
    isVirtual && Boolean(metric),
  );
  const rows = useMemo(
    () => (isVirtual ? virtualItemsOf(virtual.data, metric) : (history.data ?? [])),
    [isVirtual, virtual.data, metric, history.data],
  );
  const byDate = useMemo(() => new Map(rows.map((item) => [item.report_date.slice(0, 10), item])), [rows]);
  const subCat = card.subCat;
  const shown = isVirtual ? byDate.get(state.reportDate) : source.item;
  const value = metric ? figureOf(shown, period, metric, subCat) : null;
  const previous = metric ? figureOf(byDate.get(shiftReportDate(state.reportDate, -1)), period, metric, subCat) : null;
  const target = metric ? (isVirtual ? figureOf(shown, 'target', metric) : targetOf(source.item, metric)) : null;
  // The deviation warning is about a month's own figure: only ITM is compared.
  const deviationBase = metric && period === 'itm' ? deviationBaseOf(byDate, metric, state.reportDate) : null;
  const series = metric
    ? dates.map((date) => (date === state.reportDate ? value : figureOf(byDate.get(date), period, metric, subCat)))
    : [];
  return {
    source: isVirtual && virtual.isError && !source.problem ? { ...source, problem: 'noMetricData' as const } : source,
    metric,
    period,
    setPeriod,
    value,
    /** The server could not compute the shown figure (its formula no longer checks). */
    isNotComputed: metric ? isNotComputed(shown, period, metric) : false,
    previous,
    deviationBase,
    target,
    dates,
    series,
    /** The month has a figure to show (an item, or a virtual series' row). */
    hasData: Boolean(shown),
    isLoading: source.isLoading || (isVirtual && Boolean(metric) && virtual.isPending),
    isHistoryLoading: isVirtual ? virtual.isLoading : history.isLoading,
  };
}
