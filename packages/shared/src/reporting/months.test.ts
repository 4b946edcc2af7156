import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatYearMonth,
  isReportableMonth,
  isValidTimeZone,
  monthCount,
  monthIndexOf,
  monthOf,
  monthOfDateValue,
  monthsOf,
  parseYearMonth,
  yearMonthOf,
} from './months.ts';

describe('month arithmetic', () => {
  it('counts months from 2000-01', () => {
    expect(monthIndexOf({ year: 2000, month: 1 })).toBe(0);
    expect(monthIndexOf({ year: 2001, month: 3 })).toBe(14);
    expect(monthIndexOf({ year: 1999, month: 12 })).toBe(-1);
    expect(yearMonthOf(14)).toEqual({ year: 2001, month: 3 });
    expect(yearMonthOf(-1)).toEqual({ year: 1999, month: 12 });
    expect(yearMonthOf(-13)).toEqual({ year: 1998, month: 12 });
  });

  it('adds months across years both ways', () => {
    expect(addMonths({ year: 2026, month: 6 }, -11)).toEqual({ year: 2025, month: 7 });
    expect(addMonths({ year: 2026, month: 6 }, -23)).toEqual({ year: 2024, month: 7 });
    expect(addMonths({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
  });

  it('lists the months of a range, inclusive', () => {
    const from = monthIndexOf({ year: 2025, month: 11 });
    expect(monthsOf({ from, to: from + 2 }).map((index) => formatYearMonth(yearMonthOf(index)))).toEqual(['2025-11', '2025-12', '2026-01']);
    expect(monthsOf({ from, to: from - 1 })).toEqual([]);
    expect(monthCount({ from, to: from + 11 })).toBe(12);
  });

  it('refuses months before 2000-01 and invalid months', () => {
    expect(isReportableMonth(0)).toBe(true);
    expect(isReportableMonth(-1)).toBe(false);
    expect(() => monthIndexOf({ year: 2026, month: 13 })).toThrow('Not a month: 2026-13');
    expect(parseYearMonth('2026-02-28')).toEqual({ year: 2026, month: 2 });
    expect(parseYearMonth('2026-00')).toBeUndefined();
    expect(parseYearMonth('2026-02-30')).toBeUndefined();
    expect(parseYearMonth('2024-02-29')).toEqual({ year: 2024, month: 2 });
    expect(parseYearMonth('26-01')).toBeUndefined();
  });
});

describe('monthOf (the organisation time zone)', () => {
  it('puts 23:30 on 31 January in Sydney in January, though it is 12:30 UTC', () => {
    expect(monthOf('2026-01-31T12:30:00.000Z', 'Australia/Sydney')).toEqual({ year: 2026, month: 1 });
    // An hour later it is 00:30 on 1 February in Sydney: February there, still January in UTC.
    expect(monthOf('2026-01-31T13:30:00.000Z', 'Australia/Sydney')).toEqual({ year: 2026, month: 2 });
    expect(monthOf('2026-01-31T13:30:00.000Z', 'UTC')).toEqual({ year: 2026, month: 1 });
  });

  it('works west of UTC and with Date and epoch inputs', () => {
    const instant = new Date('2026-03-01T03:00:00.000Z'); // 22:00 on 28 February in New York
    expect(monthOf(instant, 'America/New_York')).toEqual({ year: 2026, month: 2 });
    expect(monthOf(instant.getTime(), 'UTC')).toEqual({ year: 2026, month: 3 });
  });

  it('keeps a date-only value in its own month in every zone', () => {
    expect(monthOfDateValue('2026-01-31', 'Pacific/Kiritimati')).toEqual({ year: 2026, month: 1 });
    expect(monthOfDateValue('2026-01-31T23:30:00+11:00', 'Australia/Sydney')).toEqual({ year: 2026, month: 1 });
  });

  it('refuses unknown zones and non-instants clearly', () => {
    expect(isValidTimeZone('Australia/Sydney')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(() => monthOf('2026-01-01T00:00:00Z', 'Mars/Olympus')).toThrow('Unknown time zone: Mars/Olympus');
    expect(() => monthOf('yesterday', 'UTC')).toThrow('Not an instant: yesterday');
  });
});
