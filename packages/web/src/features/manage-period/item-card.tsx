/**
 * The right side of Manage Period for an item the user may not edit (docs/product/reporting.md#manage-period):
 * its label, last update, notes and each metric's ITM, YTD, ROLL12 and target.
 */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { metricValueText } from '@docket/shared';
import { formatDateTime } from '../../components/format-date.ts';
import { metricLabel } from '../reporting-api/index.ts';
import type { MetricEntry, ReportDataItem, ReportMetric } from './types.ts';

const COLUMNS = ['itm', 'ytd', 'roll12', 'target'] as const;

function valueOf(entries: readonly MetricEntry[] | null | undefined, metric: string): number | null {
  const value = entries?.find((entry) => String(entry.metric) === metric)?.value;
  return typeof value === 'number' ? value : null;
}

export function ItemCard({
  item,
  title,
  metrics,
  isClosed,
}: {
  item: ReportDataItem;
  title: string;
  metrics: readonly ReportMetric[];
  isClosed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const notes = item.notes ?? item.content?.summary1;
  return (
    <Paper component="section" aria-labelledby="item-card-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="item-card">
      <Stack spacing={2}>
        <Typography id="item-card-title" variant="h6" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary">
          {item.last_updated
            ? t('managePeriod.lastUpdated', { time: formatDateTime(item.last_updated, language) })
            : t('managePeriod.never')}
        </Typography>
        <Alert severity="info">{isClosed ? t('managePeriod.periodClosed') : t('managePeriod.readOnly')}</Alert>
        {notes && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{notes}</Typography>}
        <Table size="small" aria-labelledby="item-card-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('managePeriod.metrics')}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column} align="right">
                  {t(`userMetrics.cat_${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {metrics.map((metric) => (
              <TableRow key={metric.name}>
                <TableCell component="th" scope="row">
                  {metricLabel(metric, i18n.language)}
                </TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column} align="right">
                    {metricValueText(valueOf(item[column], metric.name), metric.format, metric.unit ?? '#', language)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Stack>
    </Paper>
  );
}
