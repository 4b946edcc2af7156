/**
 * Chart card (docs/product/reporting.md#cards): with `itemType`, counts of that type's documents
 * (`GET /v3/{appId}/graph/{type}`, filtered by `filter`, grouped by `group_by` or `subCat`, default
 * by month, up to the month shown);
 * otherwise the last 12 months (5 years when `historical`) of the card's metrics in its period,
 * as `chartType` (line by default, area, bar or pie), in the organisation's palette.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { findMetric, metricLabel, useGraph } from '../../../reporting-api/index.ts';
import type { MetricCategory } from '../../../reporting-api/index.ts';
import { chartTypeOf, seriesOption } from '../../charts/chart-options.ts';
import { EChart } from '../../charts/echart.tsx';
import { graphSeriesOf } from '../../charts/graph-series.ts';
import { useDocumentType } from '../../../documents/use-document-type.ts';
import { useDashboardData } from '../../dashboard-data.tsx';
import { shortMonth } from '../../toolbar/month-format.ts';
import { CardHeading } from '../card-heading.tsx';
import { CardLink } from '../card-link.tsx';
import { CardMessage } from '../card-message.tsx';
import { MetricProblem } from '../metric-problem.tsx';
import { PeriodToggle, overridePeriodsOf } from '../period-toggle.tsx';
import { useCardSource, useItemHistory } from '../use-card-source.ts';
import { figureOf } from '../use-metric-figure.ts';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

const CHART_HEIGHT = 240;

function ChartCard({ card }: CardProps) {
  return (
    <>
      <CardHeading card={card} />
      {card.itemType ? <CountsChart card={card} /> : <MetricsChart card={card} />}
      <CardLink card={card} />
    </>
  );
}

function CountsChart({ card }: CardProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { appId, state } = useDashboardData();
  const groupBy = (typeof card.group_by === 'string' && card.group_by.trim()) || card.subCat || 'month';
  const graph = useGraph(appId, card.itemType, card.filter ?? '', groupBy, state.reportDate.slice(0, 7));
  const { translate } = useDocumentType(card.itemType ?? '');
  if (graph.isPending) return <Skeleton variant="rectangular" height={CHART_HEIGHT} />;
  if (graph.isError) return <CardMessage text={t('cards.sourceNotFound')} />;
  if (graph.data.total === 0) return <CardMessage text={t('cards.noData')} />;
  const title = card.title ?? card.itemType ?? '';
  const shaped = graphSeriesOf(graph.data, groupBy, title, translate);
  const categories = shaped.isByMonth ? shaped.categories.map((month) => shortMonth(`${month}-01`, i18n.language)) : shaped.categories;
  const option = seriesOption(chartTypeOf(card.chartType, 'bar'), categories, shaped.series, theme.palette.text.secondary);
  return <EChart option={option} height={CHART_HEIGHT} label={title} />;
}

function MetricsChart({ card }: CardProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const source = useCardSource(card, false);
  const [period, setPeriod] = useState<MetricCategory>(source.category);
  const { dates, history } = useItemHistory(source, card.historical ? 'years' : 'months');
  const references = card.metrics?.length ? card.metrics : card.metric !== undefined ? [card.metric] : [];
  const metrics = references.map((reference) => findMetric(source.metrics, reference));
  const byDate = useMemo(() => new Map((history.data ?? []).map((item) => [item.report_date.slice(0, 10), item])), [history.data]);

  if (source.problem === 'sourceNotFound') return <MetricProblem problem="sourceNotFound" />;
  if (references.length === 0 || metrics.some((metric) => !metric)) return <MetricProblem problem="noMetricData" />;
  if (source.isLoading || history.isLoading) return <Skeleton variant="rectangular" height={CHART_HEIGHT} />;
  if (!source.item) return <CardMessage text={t('cards.noData')} />;
  const found = metrics.filter((metric) => metric !== undefined);
  const series = found.map((metric) => ({
    name: metricLabel(metric, i18n.language),
    values: dates.map((date) => figureOf(byDate.get(date), period, metric, card.subCat)),
  }));
  const label = card.title ?? series.map((entry) => entry.name).join(', ');
  const option = seriesOption(
    chartTypeOf(card.chartType),
    dates.map((date) => shortMonth(date, i18n.language)),
    series,
    theme.palette.text.secondary,
  );
  return (
    <>
      <PeriodToggle periods={overridePeriodsOf(card)} value={period} onChange={setPeriod} />
      <EChart option={option} height={CHART_HEIGHT} label={label} />
    </>
  );
}

export const renderer: CardRenderer = { name: 'Chart', tester: typeIs('Chart', 'Graph'), component: ChartCard };
