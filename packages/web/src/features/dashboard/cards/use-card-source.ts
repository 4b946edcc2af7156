/**
 * The data behind a metric card: the dashboard's report, or another report named by the card's
 * `report_id` (read through the same cached calls), its metric and the item to read. A card
 * whose report or metric is gone says so with the spec's words instead of breaking the page.
 */
import { useDashboardData } from '../dashboard-data.tsx';
import {
  findMetric,
  historyDates,
  isMetricCategory,
  periodItemOf,
  seriesFilterOf,
  useHistory,
  useMonthData,
  useReport,
  useReportMetrics,
} from '../../reporting-api/index.ts';
import type { CardSchema, MetricCategory, ReportDataItem, ReportMetric } from '../../reporting-api/index.ts';

export type CardSourceProblem = 'sourceNotFound' | 'noMetricData' | null;

export interface CardSource {
  reportId: number;
  metrics: readonly ReportMetric[];
  items: readonly ReportDataItem[];
  item: ReportDataItem | undefined;
  metric: ReportMetric | undefined;
  category: MetricCategory;
  isLoading: boolean;
  problem: CardSourceProblem;
}

/** A card's category: its `cat` when it names a window, else ITM (the default period). */
export function categoryOf(card: CardSchema): MetricCategory {
  return isMetricCategory(card.cat) ? card.cat : 'itm';
}

/** True when a metric card has nothing to show: no report, metric nor category (it renders nothing). */
export function isUnboundMetricCard(card: CardSchema): boolean {
  return card.report_id === undefined && (card.metric === undefined || card.metric === '') && card.cat === undefined;
}

export function useCardSource(card: CardSchema, needsMetric = true): CardSource {
  const data = useDashboardData();
  const isOther = typeof card.report_id === 'number' && card.report_id !== data.report.id;
  const otherId = isOther ? (card.report_id as number) : null;
  const otherReport = useReport(data.appId, otherId);
  const otherMetrics = useReportMetrics(data.appId, otherId);
  const otherItems = useMonthData(data.appId, otherId, data.state.reportDate);

  const metrics = isOther ? (otherMetrics.data ?? []) : data.metrics;
  const items = isOther ? (otherItems.data ?? []) : data.items;
  const item = isOther ? (periodItemOf(items) ?? items[0]) : data.selected;
  const metric = card.metric !== undefined ? findMetric(metrics, card.metric) : undefined;
  const isLoading = isOther && (otherReport.isPending || otherMetrics.isPending || otherItems.isPending);

  let problem: CardSourceProblem = null;
  if (isOther && (otherReport.isError || otherMetrics.isError)) problem = 'sourceNotFound';
  else if (!isLoading && needsMetric && card.metric !== undefined && !metric) problem = 'noMetricData';

  return {
    reportId: isOther ? (card.report_id as number) : data.report.id,
    metrics,
    items,
    item,
    metric,
    category: categoryOf(card),
    isLoading,
    problem,
  };
}

/** The 12-month (or 5-year) history of the card's item, one list shared by every card of that item. */
export function useItemHistory(source: Pick<CardSource, 'reportId' | 'item'>, kind: 'months' | 'years', isEnabled = true) {
  const { appId, state } = useDashboardData();
  const dates = historyDates(state.reportDate, kind);
  const scopeFilter = source.item ? seriesFilterOf(source.item) : '';
  const history = useHistory(appId, source.reportId, dates, scopeFilter, isEnabled && Boolean(source.item));
  return { dates, history };
}
