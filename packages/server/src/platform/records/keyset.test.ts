import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  cursorValueOf,
  decodeCursor,
  encodeCursor,
  isNullableColumn,
  keysetArms,
  nullsComeFirst,
  orderSignature,
  readingTerms,
  type KeysetArm,
} from './keyset.ts';
import { compileOnly } from '../../test-support/compile-only.ts';

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

  describe('keyset arms', () => {
    const db = compileOnly('sqlite');
    const text = (arm: KeysetArm) => ({
      fixed: arm.fixed,
      sql: arm.conditions.map((condition) => sql`${condition}`.compile(db).sql),
    });
    const term = (name: string, direction: 'asc' | 'desc', isNullable: boolean) => ({ expr: sql.ref(name), direction, isNullable });
    const id = { expr: sql.ref('id'), direction: 'asc' as const, isNullable: false };

    it('splits the rows after a cursor into disjoint ranges, the fixed terms first', () => {
      const arms = keysetArms('sqlite', [term('p', 'asc', true), term('c', 'desc', false)], id, { order: '', values: [2, 'x'], id: 9 });
      expect(arms.map(text)).toEqual([
        { fixed: 0, sql: ['"p" > ?'] },
        { fixed: 1, sql: ['"p" = ?', '"c" < ?'] },
        { fixed: 2, sql: ['"p" = ?', '"c" = ?', '"id" > ?'] },
      ]);
    });

    it('gives NULLs an arm of their own where they come last, and none after a NULL there', () => {
      // SQLite puts NULLs last in a descending order: after 2 come the smaller values, then the NULLs.
      const after2 = keysetArms('sqlite', [term('p', 'desc', true)], id, { order: '', values: [2], id: 9 });
      expect(after2.map(text)).toEqual([
        { fixed: 0, sql: ['"p" < ?'] },
        { fixed: 0, sql: ['"p" IS NULL'] },
        { fixed: 1, sql: ['"p" = ?', '"id" > ?'] },
      ]);
      const afterNull = keysetArms('sqlite', [term('p', 'desc', true)], id, { order: '', values: [null], id: 9 });
      expect(afterNull.map(text)).toEqual([{ fixed: 1, sql: ['"p" IS NULL', '"id" > ?'] }]);
      const ascending = keysetArms('sqlite', [term('p', 'asc', true)], id, { order: '', values: [null], id: 9 });
      expect(ascending.map(text)).toEqual([
        { fixed: 0, sql: ['"p" IS NOT NULL'] },
        { fixed: 1, sql: ['"p" IS NULL', '"id" > ?'] },
      ]);
    });
  });
});
