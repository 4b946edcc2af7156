/**
 * Metric card: one metric's figure in a period (the card's `cat`, default ITM; switchable with
 * `allowPeriodOverride`), its change from the previous month, its target and the warnings of a
 * missed target or a deviation (docs/product/reporting.md#cards).
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { metricLabel } from '../../../reporting-api/index.ts';
import { CardHeading } from '../card-heading.tsx';
import { CardLink } from '../card-link.tsx';
import { CardMessage } from '../card-message.tsx';
import { DeltaText, FigureWarnings, NotComputedWarning, useValueText } from '../figure-parts.tsx';
import { MetricProblem } from '../metric-problem.tsx';
import { PeriodToggle, overridePeriodsOf } from '../period-toggle.tsx';
import { isUnboundMetricCard } from '../use-card-source.ts';
import { useMetricFigure } from '../use-metric-figure.ts';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

function MetricCard({ card }: CardProps) {
  return isUnboundMetricCard(card) ? null : <BoundMetricCard card={card} />;
}

function BoundMetricCard({ card }: CardProps) {
  const { t, i18n } = useTranslation();
  const figure = useMetricFigure(card);
  const valueText = useValueText();
  const { metric } = figure;
  if (figure.source.problem) return <MetricProblem problem={figure.source.problem} />;
  if (figure.isLoading) return <Skeleton variant="rectangular" height={96} />;
  if (!metric) return <CardMessage text={t('cards.noMetricData')} />;
  const showTitle = card.showMetricTitle !== false;
  return (
    <>
      <CardHeading
        card={card}
        fallbackTitle={showTitle ? metricLabel(metric, i18n.language) : undefined}
        action={<PeriodToggle periods={overridePeriodsOf(card)} value={figure.period} onChange={figure.setPeriod} />}
      />
      {!figure.hasData ? (
        <CardMessage text={t('cards.noData')} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: 0.5 }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="metric-value">
            {valueText(figure.value, metric)}
          </Typography>
          {figure.isNotComputed && <NotComputedWarning />}
          <DeltaText current={figure.value} previous={figure.previous} metric={metric} />
          <FigureWarnings value={figure.value} previous={figure.deviationBase} target={figure.target} metric={metric} />
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" component="p">
        {t(`cards.periods.${figure.period}`)}
        {figure.target !== null && ` · ${t('cards.target')} ${valueText(figure.target, metric)}`}
      </Typography>
      <CardLink card={card} />
    </>
  );
}

export const renderer: CardRenderer = { name: 'Metric', tester: typeIs('Metric', 'KPI'), component: MetricCard };
