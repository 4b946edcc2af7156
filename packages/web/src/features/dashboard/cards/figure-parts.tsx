/** The pieces every metric card and the Table card draw a figure with: the value, its change and its warnings. */
import { useTranslation } from 'react-i18next';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { metricValueText } from '@docket/shared';
import { localeOf } from '../../../components/format-date.ts';
import { deltaOf, deviationOf, missedTarget } from './metric-maths.ts';
import type { DeltaTone } from './metric-maths.ts';
import type { ReportMetric } from '../../reporting-api/index.ts';

const TONE_COLOUR: Record<DeltaTone, string> = { good: 'success.main', bad: 'error.main', neutral: 'text.secondary' };

export function useValueText() {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (value: number | null, metric: Pick<ReportMetric, 'format' | 'unit'>) =>
    metricValueText(value, metric.format, metric.unit ?? '#', locale);
}

/** '+0.5' in the target type's colour; nothing when the change is 0 to 3 decimals. */
export function DeltaText({ current, previous, metric }: { current: number | null; previous: number | null; metric: ReportMetric }) {
  const { t, i18n } = useTranslation();
  const delta = deltaOf(current, previous, metric, localeOf(i18n.language));
  if (!delta) return null;
  return (
    <Tooltip title={t('cards.change', { delta: delta.text })}>
      <Typography
        component="span"
        variant="caption"
        sx={{ color: TONE_COLOUR[delta.tone], fontWeight: 600, ml: 0.5, whiteSpace: 'nowrap' }}
        data-testid="delta"
        data-tone={delta.tone}
      >
        {delta.text}
      </Typography>
    </Tooltip>
  );
}

/** Beside a figure the server could not compute ('–'): a warning icon whose tooltip says why. */
export function NotComputedWarning() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('cards.notComputed')}>
      <WarningAmberIcon
        tabIndex={0}
        role="img"
        aria-label={t('cards.notComputed')}
        sx={{ fontSize: 16, color: 'warning.main', verticalAlign: 'text-bottom', ml: 0.5 }}
        data-testid="figure-not-computed"
      />
    </Tooltip>
  );
}

/** A warning icon whose tooltip says which target was missed and which deviation is too large. */
export function FigureWarnings({
  value,
  previous,
  target,
  metric,
}: {
  value: number | null;
  previous: number | null;
  target: number | null;
  metric: ReportMetric;
}) {
  const { t } = useTranslation();
  const valueText = useValueText();
  const missed = missedTarget(value, target, metric);
  const deviation = deviationOf(value, previous, metric);
  if (missed === undefined && !deviation) return null;
  const lines = [
    missed !== undefined ? t('cards.targetMissed', { target: valueText(missed, metric) }) : null,
    missed !== undefined && metric.target_miss_text?.trim() ? metric.target_miss_text.trim() : null,
    deviation ? t('cards.deviation', { change: deviation.change, percent: deviation.limit }) : null,
  ].filter((line): line is string => Boolean(line));
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-line' }}>{lines.join('\n')}</Box>}>
      <WarningAmberIcon
        tabIndex={0}
        role="img"
        aria-label={lines.join(' ')}
        sx={{ fontSize: 16, color: missed !== undefined ? 'error.main' : 'warning.main', verticalAlign: 'text-bottom', ml: 0.5 }}
        data-testid="figure-warning"
      />
    </Tooltip>
  );
}
