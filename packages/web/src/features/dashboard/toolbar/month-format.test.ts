import { describe, expect, it } from 'vitest';
import { longDate, shortDate, shortMonth } from './month-format.ts';

// docs/product/reporting.md#cards: the report header card's DD MMMM YYYY and DD/MM/YY dates.
describe('report dates as the cards write them', () => {
  it('writes DD MMMM YYYY and DD/MM/YY in English and French, whatever the time zone', () => {
    expect(longDate('2026-11-01', 'en')).toBe('01 November 2026');
    expect(longDate('2026-11-01T00:00:00Z', 'fr')).toBe('01 novembre 2026');
    expect(shortDate('2026-11-30', 'en')).toBe('30/11/26');
    expect(shortDate('2026-11-30', 'fr')).toBe('30/11/26');
    expect(shortMonth('2026-03-01', 'en')).toBe('Mar 26');
  });

  it('leaves text that is not a date as it is', () => {
    expect(longDate('', 'en')).toBe('');
    expect(shortDate('soon', 'en')).toBe('soon');
  });
});
