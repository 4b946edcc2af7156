/**
 * One starred metric in the user drawer (docs/product/reporting.md#user-drawer): its label, the
 * chosen category's figure for the month, the target, and a remove button. The figure comes from
 * the metric's series (`GET /reporting/{reportId}`), shared with the dashboard's cards.
 */
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { metricValueText } from '@docket/shared';
import { metricLabel, useMetricSeries } from '../reporting-api/index.ts';
import type { MetricPreference } from './metric-preferences.ts';

interface UserMetricCardProps {
  preference: MetricPreference;
  /** YYYY-MM of the month shown. */
  month: string;
  onRemove: () => void;
  isBusy: boolean;
}

export function UserMetricCard({ preference, month, onRemove, isBusy }: UserMetricCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const series = useMetricSeries(preference.report_id, { metric: preference.metric, virtual: preference.virtual });
  const metric = series.data?.metric;
  const row = series.data?.dataAr.find((entry) => entry.report_date.startsWith(month));
  const label = metric ? metricLabel({ name: preference.metric, ...metric }, language) : preference.metric;
  const unit = metric?.unit ?? '#';
  const value = row ? row[preference.cat] : null;
  const target = row?.target ?? metric?.targets?.value ?? null;
  return (
    <Card variant="outlined" data-testid="user-metric-card">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle2" component="h3" noWrap>
              {label}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t(`userMetrics.cat_${preference.cat}`)}
            </Typography>
          </Stack>
          <Tooltip title={t('userMetrics.remove', { metric: label })}>
            <IconButton size="small" onClick={onRemove} disabled={isBusy} aria-label={t('userMetrics.remove', { metric: label })}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {series.isError ? (
          <Typography color="text.secondary">{t('userMetrics.loadError')}</Typography>
        ) : (
          <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2, mt: 1 }}>
            <Typography variant="h5" component="p">
              {series.isPending ? '…' : metricValueText(value, metric?.format, unit, language)}
            </Typography>
            {preference.cat !== 'target' && target !== null && (
              <Typography variant="body2" color="text.secondary">
                {t('userMetrics.target', { value: metricValueText(target, metric?.format, unit, language) })}
              </Typography>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
