/**
 * TRIR = recordables * 200000 / hours over each window, against figures computed by hand.
 * Site data (recordables / hours):
 *   2025-03..2025-06: 1/10000, 0/10000, 0/10000, 1/10000
 *   2025-07..2025-12: 0, 1, 0, 0, 1, 0 recordables; 20000 hours each
 *   2026-01..2026-06: 1/10000, 0/10000, 2/20000, 0/0, 1/10000, 1/50000
 * Nothing before 2025-03: ROLL24 of June 2026 (from 2024-07) is partial.
 */
import { describe, expect, it } from 'vitest';
import { compileReport } from './formula/compile-report.ts';
import { computeWindows, evaluateMetrics, toMetricValueList } from './compute-windows.ts';
import { FactsCubeBuilder } from './facts-cube.ts';
import { monthIndexOf } from './months.ts';
import { HOURS_PART, RECORDABLES_PART, TRIR_METRICS, TYPES } from './test-fixtures.ts';

const m = (year: number, month: number): number => monthIndexOf({ year, month });
const report = compileReport(TRIR_METRICS, TYPES);

function siteFacts() {
  const cube = new FactsCubeBuilder();
  const rows: [number, number, number][] = [
    [m(2025, 3), 1, 10000],
    [m(2025, 4), 0, 10000],
    [m(2025, 5), 0, 10000],
    [m(2025, 6), 1, 10000],
    [m(2025, 7), 0, 20000],
    [m(2025, 8), 1, 20000],
    [m(2025, 9), 0, 20000],
    [m(2025, 10), 0, 20000],
    [m(2025, 11), 1, 20000],
    [m(2025, 12), 0, 20000],
    [m(2026, 1), 1, 10000],
    [m(2026, 2), 0, 10000],
    [m(2026, 3), 2, 20000],
    [m(2026, 4), 0, 0],
    [m(2026, 5), 1, 10000],
    [m(2026, 6), 1, 50000],
  ];
  for (const [month, recordables, hours] of rows) {
    // The grouped count query returns no row for a month without incidents.
    if (recordables > 0) cube.add('site-1', month, RECORDABLES_PART, recordables);
    cube.set('site-1', month, HOURS_PART, hours);
  }
  return cube.build().get('site-1');
}

describe('TRIR over the windows of June 2026 (fiscal year from January)', () => {
  const windows = computeWindows(report, siteFacts(), m(2026, 6));

  it('ITM: 1 recordable in 50,000 hours → 4', () => {
    expect(windows.itm).toEqual({ recordables: 1, hours: 50000, trir: 4 });
  });

  it('YTD: a ratio of sums, 5 × 200000 / 100000 = 10 (the mean of monthly rates would differ)', () => {
    expect(windows.ytd).toEqual({ recordables: 5, hours: 100000, trir: 10 });
  });

  it('ROLL12: 7 × 200000 / 220000', () => {
    expect(windows.roll12.recordables).toBe(7);
    expect(windows.roll12.hours).toBe(220000);
    expect(windows.roll12.trir).toBeCloseTo(6.363636363636, 10);
  });

  it('ROLL24 with only 16 months of data sums what exists: 9 × 200000 / 260000', () => {
    expect(windows.roll24.recordables).toBe(9);
    expect(windows.roll24.hours).toBe(260000);
    expect(windows.roll24.trir).toBeCloseTo(6.923076923077, 10);
  });

  it('stores the lists in metric order', () => {
    expect(toMetricValueList(windows.itm, ['trir', 'hours', 'recordables'])).toEqual([
      { metric: 'trir', value: 4 },
      { metric: 'hours', value: 50000 },
      { metric: 'recordables', value: 1 },
    ]);
  });
});

describe('edge months', () => {
  it('a zero-hour month gives null TRIR, never 0 or Infinity', () => {
    const april = computeWindows(report, siteFacts(), m(2026, 4));
    expect(april.itm).toEqual({ recordables: 0, hours: 0, trir: null });
    // The year to date still has hours: 3 × 200000 / 40000.
    expect(april.ytd.trir).toBe(15);
  });

  it('a month with no hours entered gives null hours and null TRIR; recordables count 0', () => {
    const july = computeWindows(report, siteFacts(), m(2026, 7));
    expect(july.itm).toEqual({ recordables: 0, hours: null, trir: null });
  });

  it('an item without any facts: counts 0, manual values and rates null', () => {
    expect(computeWindows(report, undefined, m(2026, 6)).roll12).toEqual({ recordables: 0, hours: null, trir: null });
  });

  it('December of a January year: YTD equals ROLL12 (4 × 200000 / 160000 = 5)', () => {
    const december = computeWindows(report, siteFacts(), m(2025, 12));
    expect(december.ytd).toEqual(december.roll12);
    expect(december.ytd).toEqual({ recordables: 4, hours: 160000, trir: 5 });
  });

  it('fiscal year from July: YTD of June 2026 is July 2025 – June 2026, the same as ROLL12', () => {
    const june = computeWindows(report, siteFacts(), m(2026, 6), { fiscalYearStartMonth: 7 });
    expect(june.ytd).toEqual(june.roll12);
  });

  it('fiscal year from July: YTD of September 2025 is July–September (1 × 200000 / 60000)', () => {
    const september = computeWindows(report, siteFacts(), m(2025, 9), { fiscalYearStartMonth: 7 });
    expect(september.ytd.recordables).toBe(1);
    expect(september.ytd.hours).toBe(60000);
    expect(september.ytd.trir).toBeCloseTo(3.333333333333, 10);
  });

  it('fiscal year from July: YTD of February 2026 crosses the calendar year (3 × 200000 / 140000)', () => {
    const february = computeWindows(report, siteFacts(), m(2026, 2), { fiscalYearStartMonth: 7 });
    expect(february.ytd.recordables).toBe(3);
    expect(february.ytd.hours).toBe(140000);
    expect(february.ytd.trir).toBeCloseTo(4.285714285714, 10);
  });
});

describe('evaluateMetrics', () => {
  it('propagates null through every operator and refuses non-finite results', () => {
    const compiled = compileReport(
      [
        { name: 'a' },
        { name: 'b' },
        { name: 'sum', formula: 'a + b' },
        { name: 'neg', formula: '-a' },
        { name: 'huge', formula: '1e308 * 10' },
      ],
      TYPES,
    );
    expect(evaluateMetrics(compiled, { '[a]': 2, '[b]': null })).toEqual({ a: 2, b: null, sum: null, neg: -2, huge: null });
  });

  it('gives an unavailable metric, and what uses it, no value', () => {
    const compiled = compileReport(
      [
        { name: 'a' },
        { name: 'gone', formula: "sum(incident, gone, '')" },
        { name: 'both', formula: 'a + gone' },
        { name: 'double', formula: 'a * 2' },
      ],
      TYPES,
      { tolerates: () => true },
    );
    expect(evaluateMetrics(compiled, { '[a]': 2 })).toEqual({ a: 2, gone: null, both: null, double: 4 });
  });
});
