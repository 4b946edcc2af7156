/** Spark card: a metric's figure with its last 12 months drawn as a spark line (docs/product/reporting.md#cards). */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { metricLabel } from '../../../reporting-api/index.ts';
import { chartTypeOf, seriesOption } from '../../charts/chart-options.ts';
import { EChart } from '../../charts/echart.tsx';
import { CardHeading } from '../card-heading.tsx';
import { CardMessage } from '../card-message.tsx';
import { DeltaText, FigureWarnings, useValueText } from '../figure-parts.tsx';
import { MetricProblem } from '../metric-problem.tsx';
import { PeriodToggle, overridePeriodsOf } from '../period-toggle.tsx';
import { isUnboundMetricCard } from '../use-card-source.ts';
import { useMetricFigure } from '../use-metric-figure.ts';
import { shortMonth } from '../../toolbar/month-format.ts';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

function SparkCard({ card }: CardProps) {
  return isUnboundMetricCard(card) ? null : <BoundSparkCard card={card} />;
}

function BoundSparkCard({ card }: CardProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const figure = useMetricFigure(card);
  const valueText = useValueText();
  const { metric } = figure;
  if (figure.source.problem) return <MetricProblem problem={figure.source.problem} />;
  if (figure.isLoading) return <Skeleton variant="rectangular" height={120} />;
  if (!metric) return <CardMessage text={t('cards.noMetricData')} />;
  const label = metricLabel(metric, i18n.language);
  const option = seriesOption(
    chartTypeOf(card.chartType, 'spark'),
    figure.dates.map((date) => shortMonth(date, i18n.language)),
    [{ name: label, values: figure.series }],
    theme.palette.text.secondary,
  );
  return (
    <>
      <CardHeading
        card={card}
        fallbackTitle={card.showMetricTitle !== false ? label : undefined}
        action={<PeriodToggle periods={overridePeriodsOf(card)} value={figure.period} onChange={figure.setPeriod} />}
      />
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5 }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="metric-value">
          {figure.hasData ? valueText(figure.value, metric) : '–'}
        </Typography>
        <DeltaText current={figure.value} previous={figure.previous} metric={metric} />
        <FigureWarnings value={figure.value} previous={figure.deviationBase} target={figure.target} metric={metric} />
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {t(`cards.periods.${figure.period}`)}
        </Typography>
      </Box>
      {figure.isHistoryLoading ? <Skeleton variant="rectangular" height={56} /> : <EChart option={option} height={56} label={label} />}
    </>
  );
}

export const renderer: CardRenderer = { name: 'Spark', tester: typeIs('Spark'), component: SparkCard };
