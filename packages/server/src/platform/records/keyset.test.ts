import { describe, expect, it } from 'vitest';
import { cursorValueOf, decodeCursor, encodeCursor, isNullableColumn, nullsComeFirst, orderSignature, readingTerms } from './keyset.ts';

describe('keyset cursors', () => {
  it('reads back the cursor it wrote, NULLs and numbers included', () => {
    const cursor = { order: 'priority asc,created_date desc', values: [null, '2025-01-01T00:00:00.000Z'], id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(encodeCursor({ order: 'x asc', values: [2.5], id: 1 }))).toEqual({ order: 'x asc', values: [2.5], id: 1 });
  });

  it.each([
    ['not base64 json', 'not-a-cursor'],
    ['an object', Buffer.from('{"a":1}').toString('base64url')],
    ['a fractional id', Buffer.from('["x asc",[1],1.5]').toString('base64url')],
    ['an object value', Buffer.from('["x asc",[{"a":1}],1]').toString('base64url')],
  ])('refuses %s', (_what, text) => {
    expect(decodeCursor(text)).toBeNull();
  });

  it('turns database values into plain JSON values', () => {
    expect(cursorValueOf(7n)).toBe(7);
    expect(cursorValueOf(new Date('2025-01-01T00:00:00.000Z'))).toBe('2025-01-01T00:00:00.000Z');
    expect(cursorValueOf(null)).toBeNull();
  });

  it('knows where each database puts NULLs', () => {
    expect([nullsComeFirst('sqlite', 'asc'), nullsComeFirst('sqlite', 'desc')]).toEqual([true, false]);
    expect([nullsComeFirst('postgres', 'asc'), nullsComeFirst('postgres', 'desc')]).toEqual([false, true]);
  });

  it('reads a before page in the reversed order, and names orders and NOT NULL columns', () => {
    expect(readingTerms([{ direction: 'asc' as const }, { direction: 'desc' as const }], 'before')).toEqual([
      { direction: 'desc' },
      { direction: 'asc' },
    ]);
    expect(orderSignature([{ field: 'created_date', direction: 'desc' }])).toBe('created_date desc');
    expect([isNullableColumn('created_date'), isNullableColumn('site_id'), isNullableColumn(undefined)]).toEqual([false, true, true]);
  });
});
