import { describe, expect, it } from 'vitest';
import { deviationBaseOf } from './deviation-base.ts';
import type { ReportDataItem, ReportMetric } from '../../reporting-api/types.ts';

const hours = (deviation: ReportMetric['deviation']): ReportMetric => ({ id: 1, report_id: 2, name: 'hours', deviation });
const month = (date: string, value: number | null): [string, ReportDataItem] => [
  date,
  { id: 1, report_id: 2, report_date: date, scope: 3, itm: [{ metric: 'hours', value }] },
];
const history = new Map([month('2026-01-01', 100), month('2026-02-01', 200), month('2026-03-01', null), month('2026-04-01', 999)]);

// docs/product/reporting.md#kpi-maths: the deviation check's comparison value.
describe('deviation baseline of a dashboard figure', () => {
  it('compares ITM with the previous month and ROLL12 with the average entered month before', () => {
    expect(deviationBaseOf(history, hours({ type: 'itm' }), '2026-03-01')).toBe(200);
    expect(deviationBaseOf(history, hours({ type: 'roll12' }), '2026-04-01')).toBe(150);
    expect(deviationBaseOf(history, hours({ type: 'itm' }), '2026-04-01')).toBeNull();
    expect(deviationBaseOf(history, hours(null), '2026-04-01')).toBeNull();
  });
});
