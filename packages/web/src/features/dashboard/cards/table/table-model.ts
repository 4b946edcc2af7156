/**
 * The Table card's matrix for each mode (docs/product/reporting.md#cards): pure builders from the
 * month's items and the history, so every mode and the copied text are tested without a browser.
 *
 * - current: a row per metric; ITM, YTD, ROLL12 and TARGET of the selected item, each ITM/YTD/ROLL12
 *   with its change from the previous month;
 * - ytd: a row per metric; the months of the year to date in the chosen period;
 * - roll12: the same over the rolling 12 months;
 * - years: the same over the same month of the last 5 years;
 * - pivot (the vertical table): a row per item of the month, a column per metric;
 * - manager grouping: a row per metric, a column per personal (scope 9) item;
 * - one metric (`metric` chosen): a row per item, its ITM, YTD, ROLL12 and TARGET.
 */
import { metricLabel, targetOf, valueOf } from '../../../reporting-api/report-items.ts';
import { ITEM_SCOPE } from '../../../reporting-api/types.ts';
import { deviationBaseOf } from '../deviation-base.ts';
import type { MetricCategory, Period, ReportDataItem, ReportMetric } from '../../../reporting-api/types.ts';

export const TABLE_MODES = ['current', 'ytd', 'roll12', 'years', 'pivot'] as const;
export type TableMode = (typeof TABLE_MODES)[number];

export function tableModeOf(value: unknown, fallback: TableMode = 'current'): TableMode {
  return typeof value === 'string' && (TABLE_MODES as readonly string[]).includes(value) ? (value as TableMode) : fallback;
}

export interface TableCell {
  metric: ReportMetric;
  value: number | null;
  /** The comparison for the change shown beside the value (undefined: no change shown). */
  previous?: number | null;
  /** Set on cells checked against the target and deviation (the ITM of current mode). */
  target?: number | null;
  isChecked?: boolean;
  /** What the deviation warning compares a checked cell with (docs/product/reporting.md#kpi-maths). */
  deviationBase?: number | null;
}

export interface TableRow {
  key: string;
  label: string;
  /** The row's metric when rows are metrics (star, open one metric). */
  metric?: ReportMetric;
  /** A group or region item's row stands out. */
  isHighlighted?: boolean;
  cells: TableCell[];
}

export interface TableColumn {
  key: string;
  label: string;
  /** Fixed width in px (manager grouping: 75). */
  width?: number;
}

export interface TableModel {
  columns: TableColumn[];
  rows: TableRow[];
}

/** Manager-mode columns are 75 px wide (docs/product/reporting.md#limits). */
export const MANAGER_COLUMN_PX = 75;

export interface TableInputs {
  metrics: readonly ReportMetric[];
  items: readonly ReportDataItem[];
  selected: ReportDataItem | undefined;
  /** History of the selected series by report date (YYYY-MM-DD). */
  history: ReadonlyMap<string, ReportDataItem>;
  period: Period;
  reportDate: string;
  previousDate: string;
  /** Column dates of the ytd, roll12 and years modes, oldest first. */
  dates: readonly string[];
  /** Labels of the categories and of dates and items, in the user's language. */
  labels: {
    category: (category: MetricCategory) => string;
    date: (date: string) => string;
    item: (item: ReportDataItem) => string;
    /** A metric's label in the user's language; its own label when absent. */
    metric?: (metric: ReportMetric) => string;
  };
}

const CURRENT_CATEGORIES: readonly MetricCategory[] = ['itm', 'ytd', 'roll12'];

function labelOfMetric(input: TableInputs, metric: ReportMetric): string {
  return input.labels.metric?.(metric) ?? metricLabel(metric);
}

function metricRow(input: TableInputs, metric: ReportMetric, cells: TableCell[]): TableRow {
  return { key: `metric-${metric.id}`, label: labelOfMetric(input, metric), metric, cells };
}

function currentModel(input: TableInputs): TableModel {
  const previous = input.history.get(input.previousDate);
  const columns = [...CURRENT_CATEGORIES, 'target' as const].map((category) => ({ key: category, label: input.labels.category(category) }));
  const rows = input.metrics.map((metric) => {
    const target = targetOf(input.selected, metric);
    const cells: TableCell[] = CURRENT_CATEGORIES.map((category) => ({
      metric,
      value: valueOf(input.selected, category, metric),
      previous: valueOf(previous, category, metric),
      target: category === 'itm' ? target : undefined,
      isChecked: category === 'itm',
      deviationBase: category === 'itm' ? deviationBaseOf(input.history, metric, input.reportDate) : undefined,
    }));
    cells.push({ metric, value: target });
    return metricRow(input, metric, cells);
  });
  return { columns, rows };
}

function seriesModel(input: TableInputs): TableModel {
  const columns = input.dates.map((date) => ({ key: date, label: input.labels.date(date) }));
  const rows = input.metrics.map((metric) =>
    metricRow(
      input,
      metric,
      input.dates.map((date, index) => {
        const item = date === input.reportDate ? input.selected : input.history.get(date);
        const before = index > 0 ? input.dates[index - 1] : undefined;
        const beforeItem = before === undefined ? undefined : before === input.reportDate ? input.selected : input.history.get(before);
        // Only the newest column shows its change: a change in every cell would drown the figures.
        const isLast = index === input.dates.length - 1;
        return {
          metric,
          value: valueOf(item, input.period, metric),
          previous: isLast && beforeItem ? valueOf(beforeItem, input.period, metric) : undefined,
        };
      }),
    ),
  );
  return { columns, rows };
}

function pivotModel(input: TableInputs): TableModel {
  const columns = input.metrics.map((metric) => ({ key: `metric-${metric.id}`, label: labelOfMetric(input, metric) }));
  const rows = input.items.map((item) => ({
    key: `item-${item.id}`,
    label: input.labels.item(item),
    isHighlighted: item.scope === ITEM_SCOPE.group || item.scope === ITEM_SCOPE.region,
    cells: input.metrics.map((metric) => ({ metric, value: valueOf(item, input.period, metric) })),
  }));
  return { columns, rows };
}

export function managerModel(input: TableInputs): TableModel {
  const people = input.items.filter((item) => item.scope === ITEM_SCOPE.personal);
  const columns = people.map((item) => ({ key: `item-${item.id}`, label: input.labels.item(item), width: MANAGER_COLUMN_PX }));
  const rows = input.metrics.map((metric) =>
    metricRow(
      input,
      metric,
      people.map((item) => ({ metric, value: valueOf(item, input.period, metric) })),
    ),
  );
  return { columns, rows };
}

export function oneMetricModel(input: TableInputs, metric: ReportMetric): TableModel {
  const columns = [...CURRENT_CATEGORIES, 'target' as const].map((category) => ({ key: category, label: input.labels.category(category) }));
  const rows = input.items.map((item) => ({
    key: `item-${item.id}`,
    label: input.labels.item(item),
    isHighlighted: item.scope === ITEM_SCOPE.group || item.scope === ITEM_SCOPE.region,
    cells: [
      ...CURRENT_CATEGORIES.map((category) => ({
        metric,
        value: valueOf(item, category, metric),
        target: category === 'itm' ? targetOf(item, metric) : undefined,
        isChecked: category === 'itm',
      })),
      { metric, value: targetOf(item, metric) },
    ],
  }));
  return { columns, rows };
}

const BUILDERS: Record<TableMode, (input: TableInputs) => TableModel> = {
  current: currentModel,
  ytd: seriesModel,
  roll12: seriesModel,
  years: seriesModel,
  pivot: pivotModel,
};

export function tableModel(mode: TableMode, input: TableInputs): TableModel {
  return BUILDERS[mode](input);
}

/** The table as tab-separated text (the copy button): a header line, then a line per row, figures as shown. */
export function tableText(model: TableModel, firstHeader: string, text: (cell: TableCell) => string): string {
  const lines = [[firstHeader, ...model.columns.map((column) => column.label)]];
  for (const row of model.rows) lines.push([row.label, ...row.cells.map(text)]);
  return lines.map((line) => line.map((value) => value.replace(/[\t\n]/g, ' ')).join('\t')).join('\n');
}
