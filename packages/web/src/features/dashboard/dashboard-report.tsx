/**
 * One report's dashboard: reads the report, its metrics, the month's items and the report list in
 * parallel (one round trip before the cards paint), then shows the toolbar and the page's
 * template (docs/product/reporting.md#dashboard).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiRequestError } from '../../api/api-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { releaseSecondaryReads } from '../../app/secondary-reads.ts';
import { useSession } from '../../app/session-context.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { usePaintedMark } from '../../components/render-marks.ts';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import {
  periodItemOf,
  reportTitle,
  sortItems,
  useMonthData,
  useReport,
  useReportList,
  useReportMetrics,
  useSaveReportSchema,
} from '../reporting-api/index.ts';
import type { CardSchema, PageSchema, Report, ReportDataItem } from '../reporting-api/index.ts';
import { DashboardDataContext } from './dashboard-data.tsx';
import type { CardPosition, DashboardData } from './dashboard-data.tsx';
import { DashboardMessage, NoReportMessage } from './dashboard-messages.tsx';
import { rememberReportDate, useDashboardState } from './dashboard-state.ts';
import type { LandingState } from './dashboard-route.tsx';
import { landingReportId } from './landing.ts';
import { MANAGER_PAGE_TEMPLATE, pageChoicesOf, resolvePage } from './page-choices.ts';
import { withCardReplaced } from './templates/page-rows.ts';
import { hasPageTemplate } from './templates/registry.ts';
import { TemplateOutlet } from './templates/template-outlet.tsx';
import { DashboardToolbar } from './toolbar/dashboard-toolbar.tsx';

const hasSchema = (report: Report) => Boolean(report.schema && typeof report.schema === 'object' && Object.keys(report.schema).length > 0);

/** The item to show: the chosen one, else the same series as the one chosen last month, else the period's master, else the first. */
function selectedItemOf(
  items: readonly ReportDataItem[],
  id: number | null,
  previous: ReportDataItem | undefined,
): ReportDataItem | undefined {
  const chosen = id !== null ? items.find((item) => item.id === id) : undefined;
  if (chosen) return chosen;
  if (previous) {
    const same = items.find(
      (item) =>
        item.scope === previous.scope &&
        (item.region_id ?? null) === (previous.region_id ?? null) &&
        (item.site_id ?? null) === (previous.site_id ?? null) &&
        (item.client_id ?? null) === (previous.client_id ?? null) &&
        (item.project_id ?? null) === (previous.project_id ?? null) &&
        (item.actionee_ids?.[0] ?? null) === (previous.actionee_ids?.[0] ?? null),
    );
    if (same) return same;
  }
  return periodItemOf(items) ?? items[0];
}

export function DashboardReport({ reportId }: { reportId: number }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const showMessage = useMessageBar();
  const appId = session.appId;
  const [state, setState] = useDashboardState();
  const reportQuery = useReport(appId, reportId);
  const metricsQuery = useReportMetrics(appId, reportId);
  const monthQuery = useMonthData(appId, reportId, state.reportDate);
  const reportsQuery = useReportList(appId);
  const saveSchema = useSaveReportSchema(appId);
  const [overrides, setOverrides] = useState<Record<string, PageSchema>>({});
  const [isEditingLayout, setIsEditingLayout] = useState(false);
  const [previousItem, setPreviousItem] = useState<ReportDataItem | undefined>(undefined);

  usePageTitle(reportQuery.data ? reportTitle(reportQuery.data, i18n.language) : t('dashboard.title'));
  // The benchmark's mark: the first frame with the month's figures on the cards (bench/dashboard-benchmark.ts).
  const hasFigures = Boolean(reportQuery.data && metricsQuery.data && monthQuery.data && !monthQuery.isPlaceholderData);
  usePaintedMark('dashboard', `${state.reportDate}|${monthQuery.dataUpdatedAt}`, hasFigures);
  // The shell's own reads wait until the figures (or the reason there are none) have painted.
  const isSettled = hasFigures || reportQuery.isError || metricsQuery.isError || monthQuery.isError;
  useEffect(() => {
    if (!isSettled) return;
    // After the frame that paints them: a task queued from the frame's callback runs once it is drawn.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(releaseSecondaryReads, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isSettled]);
  useEffect(() => rememberReportDate(state.reportDate), [state.reportDate]);

  const items = useMemo(() => sortItems(monthQuery.data ?? []), [monthQuery.data]);
  const selected = selectedItemOf(items, state.id, previousItem);
  const report = reportQuery.data;
  const schema = useMemo(() => (report ? { ...(report.schema ?? {}), ...overrides } : {}), [report, overrides]);

  const changeState = useCallback<DashboardData['setState']>(
    (patch, options) => {
      // A new month forgets the chosen item but keeps its series, so the same site stays shown.
      if (patch.reportDate !== undefined && patch.reportDate !== state.reportDate) setPreviousItem(selected);
      if (patch.id !== undefined) setPreviousItem(undefined);
      setState(patch, options);
    },
    [selected, setState, state.reportDate],
  );

  const replaceCard = useCallback(
    async (pageName: string, position: CardPosition, card: CardSchema, save: boolean) => {
      if (!report) return;
      const page = schema[pageName] ?? {};
      const nextPage = withCardReplaced(page, position.row, position.column, card);
      if (save) {
        try {
          await saveSchema.mutateAsync({ report, schema: { ...schema, [pageName]: nextPage } });
        } catch (error) {
          const message = isApiRequestError(error) && error.description ? error.description : t('cards.saveSchemaError');
          showMessage(message, 'error');
          throw new Error(message);
        }
        showMessage(t('cards.dataUpdated'), 'success');
      }
      setOverrides((current) => ({ ...current, [pageName]: nextPage }));
    },
    [report, schema, saveSchema, showMessage, t],
  );

  const roles = session.user.roles;
  const fromLanding = (location.state as LandingState | null)?.fromLanding === true;

  if (reportQuery.isError) {
    // A default report that is gone (or not readable) gives way to the first readable one.
    const fallback = landingReportId(
      null,
      (reportsQuery.data ?? []).filter((entry) => entry.id !== reportId),
    );
    if (fromLanding && reportsQuery.isPending) return <LoadingScreen label={t('common.loading')} />;
    if (fromLanding && fallback !== null) return <Navigate to={{ pathname: `/dashboard/${fallback}`, search: location.search }} replace />;
    return <NoReportMessage />;
  }
  if (!report || metricsQuery.isPending || (monthQuery.isPending && !monthQuery.data)) return <LoadingScreen label={t('common.loading')} />;
  if (!hasSchema(report)) return <DashboardMessage title={t('dashboard.missingSchema')} text={t('dashboard.missingSchemaText')} />;

  const reportWithLayout: Report = { ...report, schema };
  const choices = pageChoicesOf(reportWithLayout, roles, hasPageTemplate(MANAGER_PAGE_TEMPLATE), i18n.language);
  const resolved = resolvePage(reportWithLayout, choices, state.page, roles);
  if (resolved.kind === 'notAuthorised') return <NotAuthorised text={t('dashboard.notAuthorisedText')} />;
  if (resolved.kind === 'none') return <DashboardMessage title={t('dashboard.missingSchema')} text={t('dashboard.missingSchemaText')} />;

  const { choice } = resolved;
  const title = reportTitle(report, i18n.language);
  const isManager = choice.page.template === MANAGER_PAGE_TEMPLATE;
  const data: DashboardData = {
    appId,
    report: reportWithLayout,
    metrics: metricsQuery.data ?? [],
    items,
    selected,
    state,
    setState: changeState,
    isEditingLayout: isEditingLayout && !isManager,
    replaceCard,
  };

  return (
    <DashboardDataContext.Provider value={data}>
      <Stack
        spacing={2}
        sx={{ p: { xs: 1.5, sm: 2 } }}
        data-testid="dashboard"
        data-report-id={report.id}
        data-report-date={state.reportDate}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {choice.page.title && choice.name !== 'dashboard' ? `${title} · ${choice.title}` : title}
        </Typography>
        <DashboardToolbar
          reportId={report.id}
          reports={reportsQuery.data ?? []}
          choices={choices}
          pageName={choice.name}
          items={items}
          selected={selected}
          state={state}
          setState={changeState}
          onReportChange={(id) => void navigate({ pathname: `/dashboard/${id}`, search: `?reportDate=${state.reportDate}` })}
          isReportSwitchShown={!isManager}
          isItemSwitchShown={!isManager && choice.page.disableReportSwitch !== true}
          isDateSwitchShown={choice.page.disableDateSwitch !== true}
          layoutEdit={
            session.isAdministrator && !isManager ? { isOn: isEditingLayout, toggle: () => setIsEditingLayout((on) => !on) } : null
          }
        />
        <TemplateOutlet report={reportWithLayout} reportDate={state.reportDate} page={choice.page} pageName={choice.name} />
      </Stack>
    </DashboardDataContext.Provider>
  );
}
