/**
 * The user drawer's metrics tab (docs/product/reporting.md#user-drawer): the user's starred
 * metric cards for the current month, add and remove, 'No user metrics for {month}' when there
 * are none, and a link to the Metrics page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { localeOf } from '../../components/format-date.ts';
import { AddMetricDialog } from './add-metric-dialog.tsx';
import { UserMetricCard } from './user-metric-card.tsx';
import { useMetricPreferences } from './use-metric-preferences.ts';

function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

export function UserMetricsTab({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const preferences = useMetricPreferences();
  const [isAdding, setIsAdding] = useState(false);
  const month = currentMonth();
  const monthName = new Intl.DateTimeFormat(localeOf(i18n.resolvedLanguage ?? 'en'), { month: 'long', year: 'numeric' }).format(new Date());
  return (
    <Stack spacing={2} data-testid="user-metrics">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to="/metrics" onClick={onNavigate}>
          {t('userMetrics.pageTitle')}
        </Link>
        <Button size="small" startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
          {t('userMetrics.addMetric')}
        </Button>
      </Stack>
      {preferences.list.length === 0 ? (
        <Typography color="text.secondary">{t('userMetrics.none', { month: monthName })}</Typography>
      ) : (
        preferences.list.map((preference) => (
          <UserMetricCard
            key={`${preference.report_id}-${preference.metric}-${preference.cat}-${preference.virtual === true}`}
            preference={preference}
            month={month}
            isBusy={preferences.isSaving}
            onRemove={() => preferences.remove(preference)}
          />
        ))
      )}
      <AddMetricDialog isOpen={isAdding} onClose={() => setIsAdding(false)} onAdd={preferences.add} />
    </Stack>
  );
}
