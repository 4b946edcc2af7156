/**
 * Storage usage (docs/product/administration.md#storage): a bar chart in MB by category against the
 * 10 GB limit, with the figures also written out for screen readers and narrow screens.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StorageCategory } from '@docket/shared';
import { describeError } from '../../../api/describe-error.ts';
import { EChart, type ChartOption } from '../../dashboard/charts/echart.tsx';
import { useStorageUsage } from './org-settings-api.ts';

const toMb = (kb: number) => Math.round((kb / 1024) * 100) / 100;

export function StorageUsageCard({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation();
  const usage = useStorageUsage(appId);
  const format = useMemo(() => new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 }), [i18n.resolvedLanguage]);
  const label = (category: StorageCategory) => t(`orgSettings.category.${category}`);
  const megabytes = t('admin.sizeUnits.MB');
  const rows = usage.data?.dataAr ?? [];
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => `${format.format(Number(value))} ${megabytes}` },
      xAxis: { type: 'category', data: rows.map((row) => label(row.category)) },
      yAxis: { type: 'value', name: megabytes },
      series: [{ type: 'bar', data: rows.map((row) => toMb(row.sizekb)), colorBy: 'data' }],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label and megabytes follow the language, which `format` already follows
    [rows, format],
  );
  if (usage.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (usage.isError) return <Alert severity="error">{describeError(usage.error, t, t('common.unknownError'))}</Alert>;
  const { used_mb: used, limit_mb: limit, over_limit: isOver } = usage.data;
  const share = Math.min(100, (used / limit) * 100);
  return (
    <Paper sx={{ p: 2 }} data-testid="storage-usage">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('orgSettings.usageTitle')}
        </Typography>
        <Typography variant="body2">{t('orgSettings.usageOf', { used: format.format(used), limit: format.format(limit) })}</Typography>
        <LinearProgress
          variant="determinate"
          value={share}
          color={isOver ? 'error' : 'primary'}
          aria-label={t('orgSettings.usageTitle')}
          aria-valuetext={t('orgSettings.usageOf', { used: format.format(used), limit: format.format(limit) })}
        />
        {isOver && <Alert severity="error">{t('orgSettings.overLimit')}</Alert>}
        <EChart option={option} height={240} label={t('orgSettings.chartLabel')} />
        <Stack component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('orgSettings.chartLabel')}>
          {rows.map((row) => (
            <Typography component="li" variant="body2" key={row.category}>
              {label(row.category)}: {format.format(toMb(row.sizekb))} {megabytes}
            </Typography>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
