/**
 * The report header card (docs/product/reporting.md#cards): the month of the item shown, then
 * 'Period Closed' with a lock, or the item's actions — Create (no item this month: Manage Period,
 * where the period and items are made), Edit (the item's form, `/docs/report_data/{id}?edit`),
 * Delete (administrators) and Refresh — each only where the rules of report data allow it; and
 * 'Reporting period {from} - {to}, Last updated {time}, {n} Manual Metrics'.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parseYearMonth } from '@docket/shared';
import { describeError } from '../../../../api/describe-error.ts';
import { useMessageBar } from '../../../../app/message-bar.tsx';
import { useSession } from '../../../../app/session-context.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../../components/format-date.ts';
import { editHref } from '../../../documents/document-links.ts';
import { canDeleteItem, canEditItem, canManagePeriod, deleteConfirmationKey } from '../../../manage-period/item-rules.ts';
import {
  METRIC_TYPE,
  isPeriodClosedIn,
  periodItemOf,
  reportTitle,
  useDeleteReportData,
  useRefreshReporting,
} from '../../../reporting-api/index.ts';
import { useDashboardData } from '../../dashboard-data.tsx';
import { MANAGER_PAGE_NAME, MANAGER_PAGE_TEMPLATE } from '../../page-choices.ts';
import { longDate, shortDate } from '../../toolbar/month-format.ts';
import { CardHeading } from '../card-heading.tsx';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

/** The name of the report's Manage Period page (its 'manager' template), where Create leads. */
function managerPageOf(schema: Record<string, { template?: string }> | null | undefined): string {
  const found = Object.entries(schema ?? {}).find(
    ([, page]) => page && typeof page === 'object' && page.template === MANAGER_PAGE_TEMPLATE,
  );
  return found ? found[0] : MANAGER_PAGE_NAME;
}

function ReportHeaderCard({ card }: CardProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const showMessage = useMessageBar();
  const { appId, report, metrics, items, selected, state, setState } = useDashboardData();
  const refresh = useRefreshReporting(appId, report.id);
  const remove = useDeleteReportData(appId, report.id);
  const [isConfirming, setIsConfirming] = useState(false);
  const language = i18n.language;
  const period = periodItemOf(items);
  const isClosed = isPeriodClosedIn(items);
  const { isAdministrator } = session;
  const mayManage = canManagePeriod(session.user.roles);
  const dates = selected ?? period;
  const manualCount = metrics.filter((metric) => (metric.type ?? METRIC_TYPE.manual) === METRIC_TYPE.manual).length;
  const month = parseYearMonth(state.reportDate);

  const runRefresh = () => {
    if (!selected || !month) return;
    refresh.mutate(
      { year: month.year, month: month.month, rdid: selected.id },
      {
        onSuccess: () => showMessage(t('managePeriod.dataUpdated'), 'success'),
        onError: (error) => showMessage(describeError(error, t, t('managePeriod.updateError')), 'error'),
      },
    );
  };

  const runDelete = () => {
    if (!selected) return;
    remove.mutate(selected.id, {
      onSuccess: (answer) => {
        setIsConfirming(false);
        if (answer.error === true) return showMessage(t('managePeriod.deleteError'), 'error');
        showMessage(t('managePeriod.deleted'), 'success');
        setState({ id: null });
      },
      onError: (error) => {
        setIsConfirming(false);
        showMessage(describeError(error, t, t('managePeriod.deleteError')), 'error');
      },
    });
  };

  return (
    <Box data-testid="report-header">
      <CardHeading card={card} fallbackTitle={reportTitle(report, language)} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="subtitle2" component="p" sx={{ mr: 1 }} data-testid="report-header-date">
          {longDate(dates?.report_date ?? state.reportDate, language)}
        </Typography>
        {isClosed ? (
          <Chip icon={<LockIcon />} label={t('managePeriod.periodClosed')} size="small" data-testid="report-header-closed" />
        ) : (
          <>
            {!selected && mayManage && (
              <Button size="small" startIcon={<AddIcon />} onClick={() => setState({ page: managerPageOf(report.schema), id: null })}>
                {t('reportHeader.create')}
              </Button>
            )}
            {selected && canEditItem(selected, isClosed, isAdministrator) && (
              <Button size="small" startIcon={<EditIcon />} component={RouterLink} to={editHref('report_data', selected.id)}>
                {t('reportHeader.edit')}
              </Button>
            )}
            {selected && isAdministrator && canDeleteItem(selected, isClosed, isAdministrator) && (
              <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setIsConfirming(true)}>
                {t('reportHeader.delete')}
              </Button>
            )}
            {selected && mayManage && (
              <Button size="small" startIcon={<RefreshIcon />} onClick={runRefresh} disabled={refresh.isPending}>
                {refresh.isPending ? t('managePeriod.refreshing') : t('reportHeader.refresh')}
              </Button>
            )}
          </>
        )}
      </Stack>
      {dates && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="report-header-summary">
          {t('reportHeader.summary', {
            from: shortDate(dates.from_date ?? dates.report_date, language),
            to: shortDate(dates.to_date ?? '', language),
            time: selected?.last_updated ? formatDateTime(selected.last_updated, language) : t('managePeriod.never'),
            count: manualCount,
          })}
        </Typography>
      )}
      {selected && (
        <ConfirmDialog
          isOpen={isConfirming}
          title={t('managePeriod.deleteTitle')}
          confirmLabel={t('reportHeader.delete')}
          isDestructive
          isBusy={remove.isPending}
          onConfirm={runDelete}
          onClose={() => setIsConfirming(false)}
        >
          <Typography>{t(deleteConfirmationKey(selected))}</Typography>
        </ConfirmDialog>
      )}
    </Box>
  );
}

export const renderer: CardRenderer = {
  name: 'ReportHeader',
  tester: typeIs('ReportHeader', 'Report Header', 'Header', 'HeaderCard'),
  component: ReportHeaderCard,
};
