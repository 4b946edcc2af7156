import { useTranslation } from 'react-i18next';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { PERIODS, isPeriod } from '../../reporting-api/index.ts';
import type { CardSchema, MetricCategory, Period } from '../../reporting-api/index.ts';

/** The periods a card lets the user switch between: `allowPeriodOverride` true means ITM, YTD and ROLL12. */
export function overridePeriodsOf(card: CardSchema): Period[] {
  const allowed = card.allowPeriodOverride;
  if (allowed === true) return [...PERIODS];
  if (Array.isArray(allowed)) return allowed.filter(isPeriod);
  return [];
}

/** ITM / YTD / ROLL12 buttons (docs/product/reporting.md#cards). */
export function PeriodToggle({
  periods,
  value,
  onChange,
  size = 'small',
}: {
  periods: readonly Period[];
  value: MetricCategory;
  onChange: (period: Period) => void;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  if (periods.length < 2) return null;
  return (
    <ToggleButtonGroup
      size={size}
      exclusive
      value={value}
      onChange={(_event, next: unknown) => {
        if (isPeriod(next)) onChange(next);
      }}
      aria-label={t('cards.period')}
      sx={{ '& .MuiToggleButton-root': { py: 0.25, px: 1, fontSize: 12 } }}
    >
      {periods.map((period) => (
        <ToggleButton key={period} value={period}>
          {t(`cards.periods.${period}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
