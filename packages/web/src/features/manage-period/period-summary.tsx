/**
 * Manage Period with nothing selected (docs/product/reporting.md#manage-period): the period's
 * title, dates, description and 'Period Open' / 'Period Closed'; for administrators a progress
 * ring with 'Create/Refresh Reporting Period' and 'Refresh with targets', disabled while a
 * period-wide refresh runs. Without a period: 'Reporting period has not been created'.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { formatDate } from '../../components/format-date.ts';
import { reportTitle } from '../reporting-api/index.ts';
import type { ReportDataItem, ReportDoc } from './types.ts';

interface PeriodSummaryProps {
  report: ReportDoc;
  period: ReportDataItem | undefined;
  /** The period's dates: its master item, else any item of the month (they share them). */
  dates: ReportDataItem | undefined;
  isClosed: boolean;
  isAdministrator: boolean;
  /** 0 to 1 while a period-wide refresh runs. */
  percentComplete: number;
  isRunning: boolean;
  onRefresh: (updateTargets: boolean) => void;
}

export function PeriodSummary({
  report,
  period,
  dates,
  isClosed,
  isAdministrator,
  percentComplete,
  isRunning,
  onRefresh,
}: PeriodSummaryProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const percent = Math.round(Math.min(1, Math.max(0, percentComplete)) * 100);
  const description = period?.descrip ?? report.descrip;
  return (
    <Paper component="section" aria-labelledby="period-summary-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="period-summary">
      <Stack spacing={2}>
        <Typography id="period-summary-title" variant="h6" component="h2">
          {reportTitle(report, i18n.language)}
        </Typography>
        {dates ? (
          <>
            <Typography color="text.secondary">
              {t('managePeriod.periodDates', {
                from: formatDate(dates.from_date ?? dates.report_date, language),
                to: formatDate(dates.to_date, language),
              })}
            </Typography>
            {description && <Typography>{description}</Typography>}
            {period && (
              <Chip
                icon={isClosed ? <LockIcon /> : <LockOpenIcon />}
                label={isClosed ? t('managePeriod.periodClosed') : t('managePeriod.periodOpen')}
                color={isClosed ? 'default' : 'success'}
                variant="outlined"
                sx={{ alignSelf: 'flex-start' }}
                data-testid="period-status"
              />
            )}
          </>
        ) : (
          <Alert severity="info" data-testid="period-missing">
            {t('managePeriod.notCreated')}
          </Alert>
        )}
        {isAdministrator && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
            <Box sx={{ position: 'relative', display: 'inline-flex' }}>
              <CircularProgress
                variant="determinate"
                value={percent}
                size={88}
                thickness={4}
                aria-label={t('managePeriod.progress')}
                data-testid="period-progress"
              />
              <Box sx={{ inset: 0, position: 'absolute', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                <Typography variant="subtitle1" component="span" aria-hidden>{`${percent}%`}</Typography>
              </Box>
            </Box>
            <Stack spacing={1}>
              <Button variant="contained" onClick={() => onRefresh(false)} disabled={isRunning || isClosed}>
                {t('managePeriod.createRefresh')}
              </Button>
              <Button variant="outlined" onClick={() => onRefresh(true)} disabled={isRunning || isClosed}>
                {t('managePeriod.refreshWithTargets')}
              </Button>
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
