/**
 * The Metrics page (docs/product/reporting.md#user-drawer): header 'Metrics' with an add button
 * opening the form of a new metric, and a card per metric of every report — label, description,
 * unit, target — with a star that adds it to the user's metrics (or removes it).
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { metricValueText, type ListAnswer } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { documentRecordApi } from '../../api/record-api.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { METRIC_LIST_COUNT, metricDescription, metricLabel, type ReportMetric } from '../reporting-api/index.ts';
import { isStarred } from './metric-preferences.ts';
import { useMetricPreferences } from './use-metric-preferences.ts';

function useAllMetrics(appId: string) {
  return useQuery({
    queryKey: ['reporting', appId, 'metrics', 'all'],
    queryFn: ({ signal }) =>
      apiClient.get<ListAnswer<ReportMetric>>(
        documentRecordApi(appId, 'report_metric').listPath,
        { count: METRIC_LIST_COUNT, start: 0, order: 'order asc' },
        signal,
      ),
    select: (answer) => answer.dataAr,
  });
}

export default function MetricsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { appId, isAdministrator } = useSession();
  const metrics = useAllMetrics(appId);
  const preferences = useMetricPreferences();
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('userMetrics.pageTitle'));
  return (
    <Stack spacing={2} data-testid="metrics-page">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('userMetrics.pageTitle')}
        </Typography>
        {isAdministrator && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate('/docs/report_metric/0')}>
            {t('userMetrics.newMetric')}
          </Button>
        )}
      </Stack>
      {metrics.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {metrics.isError && <Alert severity="error">{t('userMetrics.loadError')}</Alert>}
      {metrics.data?.length === 0 && <Typography color="text.secondary">{t('userMetrics.noMetrics')}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        {(metrics.data ?? []).map((metric) => {
          const label = metricLabel(metric, i18n.language);
          const description = metricDescription(metric, i18n.language);
          const starred = isStarred(preferences.list, metric.report_id, metric.name);
          const preference = { report_id: metric.report_id, metric: metric.name, cat: 'itm' as const };
          const target = metric.targets?.value;
          return (
            <Card key={metric.id} variant="outlined" data-testid="metric-card">
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
                    {label}
                  </Typography>
                  <Tooltip title={starred ? t('userMetrics.unstar', { metric: label }) : t('userMetrics.star', { metric: label })}>
                    <IconButton
                      size="small"
                      disabled={preferences.isSaving}
                      aria-pressed={starred}
                      aria-label={t('userMetrics.star', { metric: label })}
                      onClick={() => (starred ? preferences.removeMetric(metric.report_id, metric.name) : preferences.add(preference))}
                    >
                      {starred ? <StarIcon color="warning" /> : <StarBorderIcon />}
                    </IconButton>
                  </Tooltip>
                </Stack>
                {description && (
                  <Typography variant="body2" color="text.secondary">
                    {description}
                  </Typography>
                )}
                {typeof target === 'number' && (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {t('userMetrics.target', { value: metricValueText(target, metric.format, metric.unit ?? '#', language) })}
                  </Typography>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Stack>
  );
}
