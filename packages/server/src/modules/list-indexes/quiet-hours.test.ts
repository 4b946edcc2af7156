import { describe, expect, it } from 'vitest';
import { isQuietAt, nextQuietStart, parseQuietHours } from './quiet-hours.ts';

const at = (iso: string) => new Date(iso);

describe('quiet hours of index builds', () => {
  it('reads the window and refuses what is not one', () => {
    expect(parseQuietHours(undefined)).toEqual({ from: 1, to: 5 });
    expect(parseQuietHours('22-3')).toEqual({ from: 22, to: 3 });
    expect(parseQuietHours('0-24')).toEqual({ from: 0, to: 24 });
    for (const bad of ['5', '1-1', '24-2', '3-25', 'night']) expect(() => parseQuietHours(bad)).toThrow(/INDEX_BUILD_QUIET_HOURS/);
  });

  it('knows when it is quiet, across midnight too', () => {
    const window = { from: 1, to: 5 };
    expect(isQuietAt(at('2026-01-01T01:00:00Z'), window)).toBe(true);
    expect(isQuietAt(at('2026-01-01T05:00:00Z'), window)).toBe(false);
    const night = { from: 22, to: 3 };
    expect(isQuietAt(at('2026-01-01T23:30:00Z'), night)).toBe(true);
    expect(isQuietAt(at('2026-01-01T02:59:00Z'), night)).toBe(true);
    expect(isQuietAt(at('2026-01-01T12:00:00Z'), night)).toBe(false);
    expect(isQuietAt(at('2026-01-01T12:00:00Z'), { from: 0, to: 24 })).toBe(true);
  });

  it('waits for the next start of the window', () => {
    const window = { from: 1, to: 5 };
    expect(nextQuietStart(at('2026-01-01T00:30:00Z'), window).toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(nextQuietStart(at('2026-01-01T09:00:00Z'), window).toISOString()).toBe('2026-01-02T01:00:00.000Z');
    const now = at('2026-01-01T02:00:00Z');
    expect(nextQuietStart(now, window)).toBe(now);
  });
});
