/**
 * Manage Period, the 'manager' page template (docs/product/reporting.md#manage-period): the
 * month's report data items on the left; on the right the selected item's form (metric entry
 * included) or read-only card, else the period summary with the administrators' period refresh,
 * polled every 2.5 s while it runs. Administrators, managers and editors only.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { parseYearMonth } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { useSession } from '../../app/session-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import { useDocumentType } from '../documents/use-document-type.ts';
import {
  isPeriodClosedIn,
  reportTitle,
  reportingKeys,
  useDeleteReportData,
  useMonthData,
  useRefreshReporting,
  useReportMetrics,
} from '../reporting-api/index.ts';
import { useDashboardState } from '../dashboard/dashboard-state.ts';
import type { PageTemplateProps } from '../dashboard/templates/template-props.ts';
import { isRefreshRunning, useReportProgress } from './api.ts';
import { ItemCard } from './item-card.tsx';
import { ItemEditor } from './item-editor.tsx';
import { itemLabel } from './item-label.ts';
import { ItemList, type ItemRow } from './item-list.tsx';
import {
  SCOPE,
  canDeleteItem,
  canEditItem,
  canManagePeriod,
  deleteConfirmationKey,
  findPeriod,
  visibleItems,
  type ListToggles,
} from './item-rules.ts';
import { PeriodSummary } from './period-summary.tsx';
import { isManualMetric, type ReportDataItem, type ReportDoc } from './types.ts';

/** The props every page template receives (the dashboard's template registry): report, reportDate (first of the month), page, pageName. */
export type ManagePeriodPageProps = PageTemplateProps;

type Selection = { kind: 'none' } | { kind: 'item'; id: number } | { kind: 'new' };

/** docs/product/reporting.md#manage-period: the pause before the editor is brought into view on a narrow screen. */
const SELECT_DELAY_MS = 200;
const ADD_DELAY_MS = 500;

export function ManagePeriodPage(props: ManagePeriodPageProps) {
  const session = useSession();
  // A new month starts afresh: no half-filled new item carries the old month's date over.
  return canManagePeriod(session.user.roles) ? <ManagePeriodScreen key={props.reportDate} {...props} /> : <NotAuthorised />;
}

function ManagePeriodScreen({ report: initialReport, reportDate }: ManagePeriodPageProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const showMessage = useMessageBar();
  const { appId, isAdministrator } = session;
  const { viewer, type, translate } = useDocumentType('report_data');
  const report = useReportProgress(appId, initialReport);
  const metricsQuery = useReportMetrics(appId, report.id);
  const itemsQuery = useMonthData(appId, report.id, reportDate);
  const refresh = useRefreshReporting(appId, report.id);
  const deleteItem = useDeleteReportData(appId, report.id);
  const [toggles, setToggles] = useState<ListToggles>({ search: '', showTally: false, onlyEditable: true });
  // The selected item is the dashboard's `id`, so back and forward restore it and a new month clears it.
  const [dashboard, updateDashboard] = useDashboardState();
  const [isAdding, setIsAdding] = useState(false);
  const selection: Selection = isAdding ? { kind: 'new' } : dashboard.id !== null ? { kind: 'item', id: dashboard.id } : { kind: 'none' };
  const setSelection = (next: Selection) => {
    setIsAdding(next.kind === 'new');
    const id = next.kind === 'item' ? next.id : null;
    if (id !== dashboard.id) updateDashboard({ id });
  };
  const [refreshingIds, setRefreshingIds] = useState<ReadonlySet<number>>(new Set());
  const [pendingDelete, setPendingDelete] = useState<ReportDataItem | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const items = useMemo(() => {
    const all: ReportDataItem[] = itemsQuery.data ?? [];
    // docs/product/reporting.md#report-data: a user_scope report shows only the user's own personal items.
    if ((report.user_scope ?? 0) <= 0) return all;
    return all.filter((item) => item.scope !== SCOPE.manual || (item.actionee_ids ?? []).includes(session.user.uuid));
  }, [itemsQuery.data, report.user_scope, session.user.uuid]);
  const manualMetrics = useMemo(() => (metricsQuery.data ?? []).filter(isManualMetric), [metricsQuery.data]);
  const period = findPeriod(items);
  const isClosed = isPeriodClosedIn(items);
  // Items exist only inside a period; a member whose grants do not reach the group item still knows there is one.
  const hasPeriod = period !== undefined || items.length > 0;
  const isRunning = isRefreshRunning(report);
  const labelOf = (item: ReportDataItem) => itemLabel(item, t, reportTitle(report, i18n.language));
  const isEditable = (item: ReportDataItem) => canEditItem(item, isClosed, isAdministrator);

  // When a period-wide refresh ends, the month's figures are read again.
  const wasRunning = useRef(isRunning);
  useEffect(() => {
    if (wasRunning.current && !isRunning) void queryClient.invalidateQueries({ queryKey: reportingKeys.data(appId, report.id) });
    wasRunning.current = isRunning;
  }, [isRunning, queryClient, appId, report.id]);

  const month = parseYearMonth(reportDate) ?? { year: new Date().getFullYear(), month: new Date().getMonth() + 1 };

  const bringEditorIntoView = (delay: number) => {
    if (!isNarrow) return;
    window.setTimeout(() => editorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), delay);
  };

  const refreshItem = (item: ReportDataItem) => {
    setRefreshingIds((previous) => new Set(previous).add(item.id));
    refresh.mutate(
      { year: month.year, month: month.month, rdid: item.id },
      {
        onSuccess: () => showMessage(t('managePeriod.dataUpdated'), 'success'),
        // A refresh failure shows the server's description and clears the refreshing flag.
        onError: (error) => showMessage(describeError(error, t, t('managePeriod.updateError')), 'error'),
        onSettled: () =>
          setRefreshingIds((previous) => {
            const next = new Set(previous);
            next.delete(item.id);
            return next;
          }),
      },
    );
  };

  const refreshPeriod = (updateTargets: boolean) => {
    // Polling starts at once; the report's own answer then moves the ring.
    queryClient.setQueryData<ReportDoc>(reportingKeys.report(appId, report.id), { ...report, refreshing: true, percentComplete: 0 });
    refresh.mutate(
      { year: month.year, month: month.month, updateTargets },
      { onError: (error) => showMessage(describeError(error, t, t('managePeriod.updateError')), 'error') },
    );
  };

  const confirmDelete = () => {
    const item = pendingDelete;
    if (!item) return;
    deleteItem.mutate(item.id, {
      onSuccess: (answer) => {
        setPendingDelete(null);
        if (answer.error === true) return showMessage(t('managePeriod.deleteError'), 'error');
        showMessage(t('managePeriod.deleted'), 'success');
        if (selection.kind === 'item' && selection.id === item.id) setSelection({ kind: 'none' });
      },
      onError: (error) => {
        setPendingDelete(null);
        showMessage(describeError(error, t, t('managePeriod.deleteError')), 'error');
      },
    });
  };

  const rows: ItemRow[] = visibleItems(items, toggles, isEditable, labelOf).map((item) => ({
    item,
    label: labelOf(item),
    isRefreshing: refreshingIds.has(item.id) || item.isRefreshing === true,
    canDelete: canDeleteItem(item, isClosed, isAdministrator),
  }));

  const selected = selection.kind === 'item' ? items.find((item) => item.id === selection.id) : undefined;
  const newItem: ReportDataItem = {
    id: 0,
    report_id: report.id,
    report_date: reportDate,
    from_date: (period ?? items[0])?.from_date ?? reportDate,
    to_date: (period ?? items[0])?.to_date ?? null,
    scope: isAdministrator ? SCOPE.site : SCOPE.manual,
    tally: false,
    actionee_ids: isAdministrator ? [] : [session.user.uuid],
  };

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={() => setSelection({ kind: 'none' })} sx={{ alignSelf: 'flex-start' }}>
      {t('managePeriod.backToSummary')}
    </Button>
  );

  const detail = () => {
    if (selection.kind === 'new' && type) {
      return (
        <ItemEditor
          key="new"
          type={type}
          viewer={viewer}
          translate={translate}
          item={newItem}
          title={t('managePeriod.newItem')}
          metrics={manualMetrics}
          onSaved={(saved) => {
            setSelection({ kind: 'item', id: saved.id });
            refreshItem(saved);
          }}
          onCancel={() => setSelection({ kind: 'none' })}
        />
      );
    }
    if (selected && type && isEditable(selected)) {
      return (
        <ItemEditor
          key={`${selected.id}-${selected.meta?.version ?? ''}`}
          type={type}
          viewer={viewer}
          translate={translate}
          item={selected}
          title={labelOf(selected)}
          metrics={manualMetrics}
          onSaved={(saved) => refreshItem(saved)}
          onCancel={() => setSelection({ kind: 'none' })}
        />
      );
    }
    if (selected) return <ItemCard item={selected} title={labelOf(selected)} metrics={metricsQuery.data ?? []} isClosed={isClosed} />;
    return (
      <PeriodSummary
        report={report}
        period={period}
        dates={period ?? items[0]}
        isClosed={isClosed}
        isAdministrator={isAdministrator}
        percentComplete={typeof report.percentComplete === 'number' ? report.percentComplete : 1}
        isRunning={isRunning}
        onRefresh={refreshPeriod}
      />
    );
  };

  return (
    <Stack spacing={2} data-testid="manage-period">
      {(itemsQuery.isPending || metricsQuery.isPending) && <LinearProgress aria-label={t('common.loading')} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 4fr) 8fr' }, alignItems: 'start' }}>
        <ItemList
          rows={rows}
          selectedId={selection.kind === 'item' ? selection.id : null}
          toggles={toggles}
          onToggles={setToggles}
          isClosed={isClosed}
          canAdd={hasPeriod}
          onAdd={() => {
            setSelection({ kind: 'new' });
            bringEditorIntoView(ADD_DELAY_MS);
          }}
          onSelect={(item) => {
            setSelection({ kind: 'item', id: item.id });
            bringEditorIntoView(SELECT_DELAY_MS);
          }}
          onRefresh={refreshItem}
          onDelete={setPendingDelete}
        />
        <Stack spacing={1} ref={editorRef} sx={{ scrollMarginTop: 80 }}>
          {selection.kind !== 'none' && back}
          {detail()}
        </Stack>
      </Box>
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        title={t('managePeriod.deleteTitle')}
        confirmLabel={t('common.delete')}
        isDestructive
        isBusy={deleteItem.isPending}
        onConfirm={confirmDelete}
        onClose={() => setPendingDelete(null)}
      >
        <Typography>{pendingDelete ? t(deleteConfirmationKey(pendingDelete)) : ''}</Typography>
      </ConfirmDialog>
    </Stack>
  );
}
