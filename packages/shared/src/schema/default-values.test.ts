import { describe, expect, it } from 'vitest';
import { applyFormDefaults, resolveDefaultToken } from './default-values.ts';

const ctx = { userId: 'u-1', now: new Date('2026-03-10T08:30:00.000Z') };

describe('form default tokens', () => {
  it('resolves date, date-time and user', () => {
    expect(resolveDefaultToken('date', {}, ctx)).toBe('2026-03-10');
    expect(resolveDefaultToken('date-time', {}, ctx)).toBe('2026-03-10T08:30:00.000Z');
    expect(resolveDefaultToken('user', {}, ctx)).toBe('u-1');
    expect(resolveDefaultToken(['user'], {}, ctx)).toEqual(['u-1']);
  });

  it('shifts by days or hours and starts from another field', () => {
    expect(resolveDefaultToken('date+14', {}, ctx)).toBe('2026-03-24');
    expect(resolveDefaultToken('date-time+2d', {}, ctx)).toBe('2026-03-12T08:30:00.000Z');
    expect(resolveDefaultToken('date-1', {}, ctx)).toBe('2026-03-09');
    expect(resolveDefaultToken('date-time@start_date+2h', { start_date: '2026-01-01T10:00:00.000Z' }, ctx)).toBe(
      '2026-01-01T12:00:00.000Z',
    );
    expect(resolveDefaultToken('date-time@start_date+2h', { start_date: 'garbage' }, ctx)).toBe('2026-03-10T10:30:00.000Z');
  });

  it('keeps literals and fills only empty fields, in declaration order', () => {
    const filled = applyFormDefaults(
      { start_date: 'date-time', end_date: 'date-time@start_date+2h', level: 'High', tags: ['a'], reporter_id: 'user' },
      { reporter_id: 'someone-else', level: '' },
      ctx,
    );
    expect(filled).toEqual({
      start_date: '2026-03-10T08:30:00.000Z',
      end_date: '2026-03-10T10:30:00.000Z',
      level: 'High',
      tags: ['a'],
      reporter_id: 'someone-else',
    });
    expect(applyFormDefaults(undefined, { a: 1 }, ctx)).toEqual({ a: 1 });
  });

  it("gives today's date in the organisation's time zone", () => {
    // 20:00 UTC on 10 March is already 11 March (07:00) in Sydney.
    const evening = { userId: 'u-1', now: new Date('2026-03-10T20:00:00.000Z'), timeZone: 'Australia/Sydney' };
    expect(resolveDefaultToken('date', {}, evening)).toBe('2026-03-11');
    expect(resolveDefaultToken('date+14', {}, evening)).toBe('2026-03-25');
    expect(resolveDefaultToken('date', {}, { ...evening, timeZone: 'UTC' })).toBe('2026-03-10');
    // A date taken from another field stays that field's day.
    expect(resolveDefaultToken('date@start_date+1', { start_date: '2026-03-01' }, evening)).toBe('2026-03-02');
  });
});
