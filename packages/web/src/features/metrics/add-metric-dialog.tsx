/** Adds a starred metric: a report, one of its metrics and a category (docs/product/reporting.md#user-drawer). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSession } from '../../app/session-context.tsx';
import { metricLabel, reportTitle, useReportList, useReportMetrics } from '../reporting-api/index.ts';
import { METRIC_PREFERENCE_CATEGORIES, type MetricPreference, type MetricPreferenceCategory } from './metric-preferences.ts';

interface AddMetricDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onAdd: (preference: MetricPreference) => void;
}

export function AddMetricDialog({ isOpen, onClose, onAdd }: AddMetricDialogProps) {
  const { t, i18n } = useTranslation();
  const { appId } = useSession();
  const reports = useReportList(appId);
  const [reportId, setReportId] = useState<number | ''>('');
  const metrics = useReportMetrics(appId, reportId === '' ? null : reportId);
  const [metric, setMetric] = useState('');
  const [cat, setCat] = useState<MetricPreferenceCategory>('itm');
  const canAdd = reportId !== '' && metric !== '';
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="add-metric-title"
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 3 }}
    >
      <DialogTitle id="add-metric-title">{t('userMetrics.addMetric')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('userMetrics.report')}
            value={reportId}
            onChange={(event) => {
              setReportId(Number(event.target.value));
              setMetric('');
            }}
          >
            {(reports.data ?? []).map((report) => (
              <MenuItem key={report.id} value={report.id}>
                {reportTitle(report, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('userMetrics.metric')}
            value={metric}
            onChange={(event) => setMetric(event.target.value)}
            disabled={reportId === ''}
          >
            {(metrics.data ?? []).map((found) => (
              <MenuItem key={found.id} value={found.name}>
                {metricLabel(found, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('userMetrics.period')}
            value={cat}
            onChange={(event) => setCat(event.target.value as MetricPreferenceCategory)}
          >
            {METRIC_PREFERENCE_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {t(`userMetrics.cat_${category}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!canAdd}
          onClick={() => {
            if (reportId === '') return;
            onAdd({ report_id: reportId, metric, cat });
            onClose();
          }}
        >
          {t('userMetrics.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
