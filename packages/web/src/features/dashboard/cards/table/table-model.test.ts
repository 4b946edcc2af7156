import { describe, expect, it } from 'vitest';
import { metricsShown, searchRows } from './table-filter.ts';
import { MANAGER_COLUMN_PX, managerModel, oneMetricModel, tableModeOf, tableModel, tableText } from './table-model.ts';
import type { TableInputs } from './table-model.ts';
import type { ReportDataItem, ReportMetric } from '../../../reporting-api/types.ts';

const trir: ReportMetric = { id: 1, report_id: 2, name: 'trir', label: 'TRIR', format: 2, targets: { type: 1, value: 1.5 } };
const hours: ReportMetric = { id: 2, report_id: 2, name: 'hours', label: 'Hours worked', format: 0 };
const figures = (itm: number, ytd: number, roll12: number, h = 1000) => ({
  itm: [
    { metric: 'trir', value: itm },
    { metric: 'hours', value: h },
  ],
  ytd: [{ metric: 'trir', value: ytd }],
  roll12: [{ metric: 'trir', value: roll12 }],
});
const item = (id: number, date: string, scope: number, patch: Partial<ReportDataItem> = {}): ReportDataItem => ({
  id,
  report_id: 2,
  report_date: date,
  scope,
  ...patch,
});

const group = item(1, '2026-03-01', 1, figures(2, 1.8, 1.7));
const site = item(2, '2026-03-01', 3, { ...figures(4, 3, 2.5, 400), data_normalised: { site: 'Quarry' } });
const person = item(3, '2026-03-01', 9, { ...figures(0, 0, 0, 160), data_normalised: { actionees: 'Ann' } });
const history = new Map<string, ReportDataItem>([
  ['2026-01-01', item(11, '2026-01-01', 1, figures(1, 1, 1.5))],
  ['2026-02-01', item(12, '2026-02-01', 1, figures(1.5, 1.2, 1.6))],
]);

const input = (patch: Partial<TableInputs> = {}): TableInputs => ({
  metrics: [trir, hours],
  items: [group, site, person],
  selected: group,
  history,
  period: 'itm',
  reportDate: '2026-03-01',
  previousDate: '2026-02-01',
  dates: ['2026-01-01', '2026-02-01', '2026-03-01'],
  labels: {
    category: (category) => category.toUpperCase(),
    date: (date) => date.slice(0, 7),
    item: (entry) => entry.data_normalised?.site ?? entry.data_normalised?.actionees ?? 'Group',
  },
  ...patch,
});

// docs/product/reporting.md#cards: the Table card's five modes, manager grouping and one metric.
describe('table model', () => {
  it('current: ITM, YTD, ROLL12 and TARGET with the previous month for the change', () => {
    const model = tableModel('current', input());
    expect(model.columns.map((column) => column.label)).toEqual(['ITM', 'YTD', 'ROLL12', 'TARGET']);
    const row = model.rows[0]!;
    expect(row.label).toBe('TRIR');
    expect(row.cells.map((cell) => cell.value)).toEqual([2, 1.8, 1.7, 1.5]);
    expect(row.cells[0]).toMatchObject({ previous: 1.5, target: 1.5, isChecked: true });
    expect(model.rows[1]!.cells[1]!.value).toBeNull();
  });

  it('ytd, roll12 and years: a column per date in the chosen period, the change on the newest only', () => {
    const itm = tableModel('roll12', input());
    expect(itm.columns.map((column) => column.key)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(itm.rows[0]!.cells.map((cell) => cell.value)).toEqual([1, 1.5, 2]);
    expect(itm.rows[0]!.cells.map((cell) => cell.previous)).toEqual([undefined, undefined, 1.5]);
    const ytd = tableModel('ytd', input({ period: 'ytd' }));
    expect(ytd.rows[0]!.cells.map((cell) => cell.value)).toEqual([1, 1.2, 1.8]);
    expect(tableModel('years', input({ period: 'roll12' })).rows[0]!.cells.map((cell) => cell.value)).toEqual([1.5, 1.6, 1.7]);
  });

  it('pivot: a row per item, a column per metric; manager grouping: a 75 px column per person', () => {
    const pivot = tableModel('pivot', input());
    expect(pivot.columns.map((column) => column.label)).toEqual(['TRIR', 'Hours worked']);
    expect(pivot.rows.map((row) => [row.label, row.isHighlighted, ...row.cells.map((cell) => cell.value)])).toEqual([
      ['Group', true, 2, 1000],
      ['Quarry', false, 4, 400],
      ['Ann', false, 0, 160],
    ]);
    const manager = managerModel(input());
    expect(manager.columns).toEqual([{ key: 'item-3', label: 'Ann', width: MANAGER_COLUMN_PX }]);
    expect(manager.rows[1]!.cells.map((cell) => cell.value)).toEqual([160]);
  });

  it('one metric: a row per item with its four figures', () => {
    const model = oneMetricModel(input(), trir);
    expect(model.rows.map((row) => row.cells.map((cell) => cell.value))).toEqual([
      [2, 1.8, 1.7, 1.5],
      [4, 3, 2.5, 1.5],
      [0, 0, 0, 1.5],
    ]);
  });

  it('filters rows by summary, stars and search, and copies as tab-separated text', () => {
    const base = {
      summaryMetrics: ['hours'],
      isShowingAll: false,
      isSelectedOnly: false,
      isStarred: (metric: ReportMetric) => metric.name === 'trir',
    };
    expect(metricsShown([trir, hours], base).map((metric) => metric.name)).toEqual(['hours']);
    expect(metricsShown([trir, hours], { ...base, isShowingAll: true }).map((metric) => metric.name)).toEqual(['trir', 'hours']);
    expect(metricsShown([trir, hours], { ...base, isShowingAll: true, isSelectedOnly: true }).map((metric) => metric.name)).toEqual([
      'trir',
    ]);
    const model = tableModel('current', input());
    expect(searchRows(model.rows, 'hour').map((row) => row.label)).toEqual(['Hours worked']);
    expect(searchRows(model.rows, '  ').length).toBe(2);
    expect(tableText({ columns: model.columns, rows: model.rows.slice(0, 1) }, 'Metric', (cell) => String(cell.value ?? '–'))).toBe(
      'Metric\tITM\tYTD\tROLL12\tTARGET\nTRIR\t2\t1.8\t1.7\t1.5',
    );
    expect(tableModeOf('pivot')).toBe('pivot');
    expect(tableModeOf('bogus')).toBe('current');
  });
});
