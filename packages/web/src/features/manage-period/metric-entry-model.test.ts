// Metric entry: docs/product/reporting.md#report-data and docs/product/reporting.md#kpi-maths (target and deviation checks).
import { describe, expect, it } from 'vitest';
import { blockingRows, checkRows, deviationBaselines, initialRows, manualValuesOf, parseEntry } from './metric-entry-model.ts';
import type { ReportDataItem, ReportMetric } from './types.ts';

const hours: ReportMetric = {
  id: 1,
  report_id: 1,
  name: 'hours',
  type: 0,
  targets: { value: 1000, type: 2, reason_required: true },
  deviation: { type: 'itm', value: 0.1, reason_required: false },
};
const spills: ReportMetric = { id: 2, report_id: 1, name: 'spills', type: 0, targets: { value: 2, type: 1, reason_required: false } };

const item: ReportDataItem = {
  id: 9,
  report_id: 1,
  report_date: '2026-10-01',
  scope: 9,
  user: [
    { metric: 'hours', value: 1200 },
    { metric: 'legacy', value: 7 },
  ],
};

const history: ReportDataItem[] = [
  { id: 7, report_id: 1, report_date: '2026-08-01', scope: 9, user: [{ metric: 'hours', value: 500 }] },
  { id: 8, report_id: 1, report_date: '2026-09-01', scope: 9, user: [{ metric: 'hours', value: 1100 }] },
];

describe('parseEntry', () => {
  it('reads numbers, leaves empty text unknown and flags anything else', () => {
    expect(parseEntry(' 12.5 ')).toEqual({ value: 12.5, isNotANumber: false });
    expect(parseEntry('')).toEqual({ value: null, isNotANumber: false });
    expect(parseEntry('12a')).toEqual({ value: null, isNotANumber: true });
  });
});

describe('checks as the user types', () => {
  const baselines = deviationBaselines([hours, spills], history, item.report_date);

  it('compares an ITM deviation with the previous month only', () => {
    expect(baselines).toEqual({ hours: 1100, spills: null });
  });

  it('starts from the stored values', () => {
    expect(initialRows([hours, spills], item).map((row) => row.text)).toEqual(['1200', '']);
  });

  it('asks for a reason when a lower target is missed and the metric requires one', () => {
    const rows = checkRows([{ metric: hours, text: '900', reason: '' }], item, baselines);
    expect(rows[0]?.problems.map((problem) => problem.message)).toEqual([
      'Target for this metric has not been met (Target is 1000)',
      'Deviation of 18.2% is higher than 10%',
    ]);
    expect(rows[0]?.needsReason).toBe(true);
    expect(blockingRows(rows)).toHaveLength(1);
    const withReason = checkRows([{ metric: hours, text: '900', reason: 'Shutdown week' }], item, baselines);
    expect(blockingRows(withReason)).toHaveLength(0);
  });

  it("warns without blocking when a check only offers 'Additional Info'", () => {
    const rows = checkRows([{ metric: spills, text: '3', reason: '' }], item, baselines);
    expect(rows[0]?.problems[0]?.reasonLabel).toBe('Additional Info');
    expect(blockingRows(rows)).toHaveLength(0);
  });

  it("uses the item's own target over the metric's", () => {
    const own = { ...item, target: [{ metric: 'spills', value: 5 }] };
    expect(checkRows([{ metric: spills, text: '3', reason: '' }], own, baselines)[0]?.problems).toEqual([]);
  });

  it('blocks text that is not a number', () => {
    expect(blockingRows(checkRows([{ metric: spills, text: 'abc', reason: '' }], item, baselines))).toHaveLength(1);
  });
});

describe('manualValuesOf', () => {
  it('keeps metrics the screen does not show and writes reasons only where typed', () => {
    const rows = checkRows(
      [
        { metric: hours, text: '900', reason: ' Shutdown ' },
        { metric: spills, text: '', reason: '' },
      ],
      item,
      {},
    );
    expect(manualValuesOf(rows, item.user)).toEqual([
      { metric: 'legacy', value: 7 },
      { metric: 'hours', value: 900, reason: 'Shutdown' },
    ]);
  });
});
