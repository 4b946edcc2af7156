import { describe, expect, it } from 'vitest';
import { monthIndexOf, type YearMonth } from './months.ts';
import { earliestMonthNeeded, fiscalYearStartOf, WINDOW_KINDS } from './windows.ts';

const m = (year: number, month: number): number => monthIndexOf({ year, month } satisfies YearMonth);
const JANUARY = { fiscalYearStartMonth: 1 };
const JULY = { fiscalYearStartMonth: 7 };

describe('window ranges for report month June 2026', () => {
  const june = m(2026, 6);
  it.each([
    ['itm', JANUARY, m(2026, 6)],
    ['ytd', JANUARY, m(2026, 1)],
    ['ytd', JULY, m(2025, 7)],
    ['roll12', JANUARY, m(2025, 7)],
    ['roll24', JANUARY, m(2024, 7)],
  ] as const)('%s (fiscal start %o) starts at the hand-computed month', (key, settings, from) => {
    expect(WINDOW_KINDS[key].rangeOf(june, settings)).toEqual({ from, to: june });
  });

  it('YTD in a July year: July itself starts a new year; June ends the old one', () => {
    expect(fiscalYearStartOf(m(2026, 7), JULY)).toBe(m(2026, 7));
    expect(fiscalYearStartOf(m(2026, 6), JULY)).toBe(m(2025, 7));
    expect(fiscalYearStartOf(m(2026, 1), JULY)).toBe(m(2025, 7));
  });

  it('December of a January year: YTD and ROLL12 are the same twelve months', () => {
    const december = m(2025, 12);
    expect(WINDOW_KINDS.ytd.rangeOf(december, JANUARY)).toEqual(WINDOW_KINDS.roll12.rangeOf(december, JANUARY));
  });

  it('refuses a fiscal start outside 1 to 12', () => {
    expect(() => fiscalYearStartOf(june, { fiscalYearStartMonth: 13 })).toThrow('fiscal_year_start_month must be 1 to 12, not 13');
  });

  it('tells the facts query how far back to read', () => {
    expect(earliestMonthNeeded(june)).toBe(m(2024, 7));
  });
});
