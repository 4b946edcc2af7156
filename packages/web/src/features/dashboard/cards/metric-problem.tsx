import { useTranslation } from 'react-i18next';
import { CardMessage } from './card-message.tsx';
import type { CardSourceProblem } from './use-card-source.ts';

/** 'Source data not found' (the card's report is gone) or 'No data found for configured metric!'. */
export function MetricProblem({ problem }: { problem: Exclude<CardSourceProblem, null> }) {
  const { t } = useTranslation();
  return <CardMessage text={t(problem === 'sourceNotFound' ? 'cards.sourceNotFound' : 'cards.noMetricData')} />;
}
