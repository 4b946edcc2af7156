import { describe, expect, it } from 'vitest';
import { historyDates, monthEndOf, normaliseReportDate, shiftReportDate, yearToDateDates } from './report-dates.ts';

// docs/product/reporting.md#limits: earliest month 2000-01-01; a window of 12 months (11 back) or 5 years.
describe('report dates', () => {
  it('normalises any day of a month to its first day and refuses months before 2000-01', () => {
    expect(normaliseReportDate('2026-03-17')).toBe('2026-03-01');
    expect(normaliseReportDate('2026-03')).toBe('2026-03-01');
    expect(normaliseReportDate('2000-01-01')).toBe('2000-01-01');
    expect(normaliseReportDate('1999-12-01')).toBeUndefined();
    expect(normaliseReportDate('2026-13-01')).toBeUndefined();
    expect(normaliseReportDate('soon')).toBeUndefined();
  });

  it('moves across years and finds the end of a month', () => {
    expect(shiftReportDate('2026-01-01', -1)).toBe('2025-12-01');
    expect(monthEndOf('2024-02-01')).toBe('2024-02-29');
    expect(monthEndOf('2026-12-01')).toBe('2026-12-31');
  });

  it('builds the 12-month, 5-year and year-to-date windows oldest first', () => {
    const months = historyDates('2026-03-01', 'months');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-04-01');
    expect(months[11]).toBe('2026-03-01');
    expect(historyDates('2026-03-01', 'years')).toEqual(['2022-03-01', '2023-03-01', '2024-03-01', '2025-03-01', '2026-03-01']);
    expect(yearToDateDates('2026-03-01')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });
});
