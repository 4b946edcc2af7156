import { describe, expect, it } from 'vitest';
import { monthBoundaries, monthIndexOfText, monthStartInstant } from './month-boundaries.ts';
import { monthIndexOf, monthOf, yearMonthOf } from './months.ts';

describe('monthStartInstant', () => {
  it('February starts at 13:00 UTC on 31 January in Sydney (UTC+11 in summer)', () => {
    expect(monthStartInstant({ year: 2026, month: 2 }, 'Australia/Sydney').toISOString()).toBe('2026-01-31T13:00:00.000Z');
  });

  it('follows daylight saving: July starts at 14:00 UTC in Sydney (UTC+10 in winter)', () => {
    expect(monthStartInstant({ year: 2026, month: 7 }, 'Australia/Sydney').toISOString()).toBe('2026-06-30T14:00:00.000Z');
    expect(monthStartInstant({ year: 2026, month: 4 }, 'America/New_York').toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(monthStartInstant({ year: 2026, month: 1 }, 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('agrees with monthOf on both sides of every boundary of two years, in several zones', () => {
    for (const zone of ['Australia/Sydney', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC']) {
      const from = monthIndexOf({ year: 2025, month: 1 });
      for (const boundary of monthBoundaries({ from, to: from + 23 }, zone)) {
        const start = new Date(boundary.from).getTime();
        expect(monthOf(start, zone)).toEqual(yearMonthOf(boundary.month));
        expect(monthOf(start - 1, zone)).toEqual(yearMonthOf(boundary.month - 1));
      }
    }
  });
});

describe('monthBoundaries', () => {
  it('chains months: each ends where the next starts', () => {
    const from = monthIndexOf({ year: 2026, month: 1 });
    expect(monthBoundaries({ from, to: from + 1 }, 'Australia/Sydney')).toEqual([
      { month: from, from: '2025-12-31T13:00:00.000Z', to: '2026-01-31T13:00:00.000Z' },
      { month: from + 1, from: '2026-01-31T13:00:00.000Z', to: '2026-02-28T13:00:00.000Z' },
    ]);
  });

  it('reads the month of a date-only text', () => {
    expect(monthIndexOfText('2026-01-31')).toBe(monthIndexOf({ year: 2026, month: 1 }));
    expect(monthIndexOfText('2026-13-01')).toBeUndefined();
    expect(monthIndexOfText('January')).toBeUndefined();
  });
});
