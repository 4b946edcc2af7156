/**
 * The incident summary table (TRIR/LTIR), made for one customer (docs/product/reporting.md#cards):
 * a row per site of the month and the group's total, a column per incident metric, in the chosen
 * period.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Skeleton from '@mui/material/Skeleton';
import { ITEM_SCOPE, isPeriod, itemLabel, metricLabel, valueOf } from '../../../reporting-api/index.ts';
import type { Period } from '../../../reporting-api/index.ts';
import { useScopeWords } from '../../scope-words.ts';
import { CardHeading } from '../card-heading.tsx';
import { CardMessage } from '../card-message.tsx';
import { incidentColumnsOf } from '../incident-columns.ts';
import { MetricProblem } from '../metric-problem.tsx';
import { PeriodToggle } from '../period-toggle.tsx';
import { TableView } from '../table/table-view.tsx';
import { useCardSource } from '../use-card-source.ts';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

function IncidentSummaryCard({ card }: CardProps) {
  const { t, i18n } = useTranslation();
  const words = useScopeWords();
  const source = useCardSource(card, false);
  const [period, setPeriod] = useState<Period>(isPeriod(card.cat) ? card.cat : 'itm');
  if (source.problem === 'sourceNotFound') return <MetricProblem problem="sourceNotFound" />;
  if (source.isLoading) return <Skeleton variant="rectangular" height={160} />;
  const columns = incidentColumnsOf(source.metrics, card.metrics);
  if (columns.length === 0) return <MetricProblem problem="noMetricData" />;
  const sites = source.items.filter((item) => item.scope === ITEM_SCOPE.site);
  const total = source.items.find((item) => item.scope === ITEM_SCOPE.group);
  const rowItems = [...sites, ...(total ? [total] : [])];
  const model = {
    columns: columns.map((metric) => ({ key: `metric-${metric.id}`, label: metricLabel(metric, i18n.language) })),
    rows: rowItems.map((item) => ({
      key: `item-${item.id}`,
      label: item === total ? t('incidents.total') : itemLabel(item, words),
      isHighlighted: item === total,
      cells: columns.map((metric) => ({ metric, value: valueOf(item, period, metric) })),
    })),
  };
  return (
    <>
      <CardHeading
        card={card}
        fallbackTitle={t('incidents.title')}
        action={<PeriodToggle periods={['itm', 'ytd', 'roll12']} value={period} onChange={setPeriod} />}
      />
      {rowItems.length === 0 ? <CardMessage text={t('cards.noData')} /> : <TableView model={model} firstHeader={t('incidents.site')} />}
    </>
  );
}

export const renderer: CardRenderer = {
  name: 'IncidentSummary',
  tester: typeIs('IncidentSummary', 'IncidentSummaryTable', 'IncidentTable', 'SafetySummary'),
  component: IncidentSummaryCard,
};
