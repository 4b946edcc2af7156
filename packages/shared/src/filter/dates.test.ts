import { describe, expect, it } from 'vitest';
import { resolveValue } from './dates.ts';

// 'today' follows the organisation's time zone (docs/product/reporting.md#kpi-maths).
describe("today() in the organisation's time zone", () => {
  // 20:00 UTC on 31 January is already 1 February (07:00) in Sydney, still 31 January in New York.
  const now = new Date('2026-01-31T20:00:00.000Z');
  const ctx = (timeZone?: string) => ({ userId: 'u', now, ...(timeZone ? { timeZone } : {}) });

  it('is the UTC day when the organisation has no zone', () => {
    expect(resolveValue({ kind: 'today', days: 0, precision: 'date' }, ctx())).toBe('2026-01-31');
    expect(resolveValue({ kind: 'today', days: 0 }, ctx())).toBe('2026-01-31T00:00:00.000Z');
  });

  it("is the zone's calendar day, shifted by whole days", () => {
    expect(resolveValue({ kind: 'today', days: 0, precision: 'date' }, ctx('Australia/Sydney'))).toBe('2026-02-01');
    expect(resolveValue({ kind: 'today', days: -1, precision: 'date' }, ctx('Australia/Sydney'))).toBe('2026-01-31');
    expect(resolveValue({ kind: 'today', days: 0, precision: 'date' }, ctx('America/New_York'))).toBe('2026-01-31');
  });

  it("starts at the zone's local midnight as an instant", () => {
    // Sydney is UTC+11 in summer: its 1 February begins at 13:00 UTC on 31 January.
    expect(resolveValue({ kind: 'today', days: 0 }, ctx('Australia/Sydney'))).toBe('2026-01-31T13:00:00.000Z');
    // New York is UTC-5 in winter.
    expect(resolveValue({ kind: 'today', days: 0 }, ctx('America/New_York'))).toBe('2026-01-31T05:00:00.000Z');
  });

  it('keeps local midnight across a daylight-saving change', () => {
    // New York moves to UTC-4 on 8 March 2026: a week after 1 March starts at 04:00 UTC.
    const march = { userId: 'u', now: new Date('2026-03-01T17:00:00.000Z'), timeZone: 'America/New_York' };
    expect(resolveValue({ kind: 'today', days: 0 }, march)).toBe('2026-03-01T05:00:00.000Z');
    expect(resolveValue({ kind: 'today', days: 8 }, march)).toBe('2026-03-09T04:00:00.000Z');
  });
});
