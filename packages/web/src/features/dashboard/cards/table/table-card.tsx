/**
 * The Table card (docs/product/reporting.md#cards): modes current / ytd / roll12 / years / pivot,
 * the ITM-YTD-ROLL12 toggle, search, 'Show All Data', 'Show Selected Only', manager grouping,
 * a star per metric, one metric across every item with 'Back', and copy ('Table data copied to
 * clipboard'). Mode, metric, manager grouping and 'Show All Data' (`summary`) live in the URL.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useMessageBar } from '../../../../app/message-bar.tsx';
import {
  findMetric,
  historyDates,
  isPeriod,
  itemLabel,
  metricLabel,
  shiftReportDate,
  sortMetrics,
  yearToDateDates,
} from '../../../reporting-api/index.ts';
import type { CardSchema, Period, ReportDataItem } from '../../../reporting-api/index.ts';
import { useDashboardData } from '../../dashboard-data.tsx';
import { useScopeWords } from '../../scope-words.ts';
import { shortMonth } from '../../toolbar/month-format.ts';
import { CardHeading } from '../card-heading.tsx';
import { CardLink } from '../card-link.tsx';
import { CardMessage } from '../card-message.tsx';
import { useValueText } from '../figure-parts.tsx';
import { MetricProblem } from '../metric-problem.tsx';
import { useCardSource, useItemHistory } from '../use-card-source.ts';
import { metricsShown, searchRows } from './table-filter.ts';
import { managerModel, oneMetricModel, tableModeOf, tableModel, tableText } from './table-model.ts';
import type { TableInputs, TableMode } from './table-model.ts';
import { TableToolbar } from './table-toolbar.tsx';
import { TableView } from './table-view.tsx';
import { useMetricStars } from './use-metric-stars.ts';

function datesOf(mode: TableMode, reportDate: string): string[] {
  if (mode === 'ytd') return yearToDateDates(reportDate);
  if (mode === 'years') return historyDates(reportDate, 'years');
  return historyDates(reportDate, 'months');
}

export function TableCard({ card, fixedMode }: { card: CardSchema; fixedMode?: TableMode }) {
  const { t, i18n } = useTranslation();
  const showMessage = useMessageBar();
  const words = useScopeWords();
  const valueText = useValueText();
  const { state, setState } = useDashboardData();
  const source = useCardSource(card, false);
  const mode = fixedMode ?? tableModeOf(state.mode ?? card.mode);
  const [period, setPeriod] = useState<Period>(isPeriod(card.cat) ? card.cat : 'itm');
  const [search, setSearch] = useState('');
  const [isSelectedOnly, setIsSelectedOnly] = useState(false);
  const stars = useMetricStars(source.reportId, period);
  const months = useItemHistory(source, 'months', mode !== 'pivot' && mode !== 'years');
  const years = useItemHistory(source, 'years', mode === 'years');
  const history = mode === 'years' ? years.history : months.history;
  const byDate = useMemo(() => new Map((history.data ?? []).map((item) => [item.report_date.slice(0, 10), item])), [history.data]);

  const oneMetric = state.metric ? findMetric(source.metrics, state.metric) : undefined;
  const isShowingAll = state.summary;
  const shown = metricsShown(sortMetrics(source.metrics), {
    summaryMetrics: card.metrics ?? [],
    isShowingAll,
    isSelectedOnly,
    isStarred: stars.isStarred,
  });

  if (source.problem === 'sourceNotFound') return <MetricProblem problem="sourceNotFound" />;
  if (source.isLoading) return <Skeleton variant="rectangular" height={200} />;

  const inputs: TableInputs = {
    metrics: shown,
    items: source.items,
    selected: source.item,
    history: byDate,
    period,
    reportDate: state.reportDate,
    previousDate: shiftReportDate(state.reportDate, -1),
    dates: datesOf(mode, state.reportDate),
    labels: {
      category: (category) => t(`cards.periods.${category}`),
      date: (date) => shortMonth(date, i18n.language),
      item: (item: ReportDataItem) => itemLabel(item, words),
      metric: (metric) => metricLabel(metric, i18n.language),
    },
  };
  const model = oneMetric ? oneMetricModel(inputs, oneMetric) : state.manager ? managerModel(inputs) : tableModel(mode, inputs);
  const firstHeader = oneMetric
    ? metricLabel(oneMetric, i18n.language)
    : mode === 'pivot'
      ? t('reportTable.item')
      : t('reportTable.metric');
  const rows = searchRows(model.rows, search);
  const rowsAreMetrics = !oneMetric && mode !== 'pivot';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(
        tableText({ columns: model.columns, rows }, firstHeader, (cell) => valueText(cell.value, cell.metric)),
      );
      showMessage(t('reportTable.copied'), 'success');
    } catch {
      showMessage(t('reportTable.copyFailed'), 'error');
    }
  };

  return (
    <>
      <CardHeading card={card} />
      {oneMetric ? (
        <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => setState({ metric: null })} sx={{ mb: 1 }}>
          {t('reportTable.back')}
        </Button>
      ) : (
        <TableToolbar
          mode={mode}
          onMode={(next) => setState({ mode: next === 'current' ? null : next })}
          period={period}
          onPeriod={setPeriod}
          isPeriodShown={mode !== 'current' || state.manager}
          search={search}
          onSearch={setSearch}
          isShowingAll={isShowingAll}
          onShowAll={(on) => setState({ summary: on })}
          isSelectedOnly={isSelectedOnly}
          onSelectedOnly={setIsSelectedOnly}
          isManager={state.manager}
          onManager={(on) => setState({ manager: on })}
          onCopy={() => void copy()}
        />
      )}
      {state.metric && !oneMetric ? (
        <MetricProblem problem="noMetricData" />
      ) : !source.item && source.items.length === 0 ? (
        <CardMessage text={t('cards.noData')} />
      ) : rows.length === 0 || model.columns.length === 0 ? (
        <CardMessage text={model.columns.length === 0 ? t('cards.noData') : t('reportTable.noRows')} />
      ) : (
        <TableView
          model={{ columns: model.columns, rows }}
          firstHeader={firstHeader}
          stars={rowsAreMetrics ? stars : undefined}
          onOpenMetric={rowsAreMetrics ? (metric) => setState({ metric: metric.name }) : undefined}
        />
      )}
      <CardLink card={card} />
    </>
  );
}
