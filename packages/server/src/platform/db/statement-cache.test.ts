import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { StatementCache } from './statement-cache.ts';

describe('StatementCache', () => {
  const database = new DatabaseSync(':memory:');
  const select = (n: number) => `select ${n} as n`;

  it('prepares a text once and hands the same statement back', () => {
    const cache = new StatementCache(database);
    const first = cache.prepare(select(1));
    expect(cache.prepare(select(1))).toBe(first);
    expect(first.get()).toEqual({ n: 1 });
  });

  it('drops the least recently used statement past its count, keeping the hot one', () => {
    const cache = new StatementCache(database, { maxStatements: 3, maxSqlLength: 10_000 });
    const hot = cache.prepare(select(0));
    for (let n = 1; n <= 10; n += 1) {
      cache.prepare(select(n));
      expect(cache.prepare(select(0))).toBe(hot); // used between every one-off statement
    }
    expect(cache.size).toBe(3);
    const evicted = cache.prepare(select(1));
    expect(evicted.get()).toEqual({ n: 1 }); // prepared again, still correct
  });

  it('never holds more SQL text than its size cap', () => {
    const cache = new StatementCache(database, { maxStatements: 1000, maxSqlLength: 100 });
    for (let n = 0; n < 40; n += 1) cache.prepare(`select ${n} as n, '${'x'.repeat(20)}' as pad`);
    expect(cache.sqlLength).toBeLessThanOrEqual(100);
    expect(cache.size).toBe(Math.floor(100 / `select 10 as n, '${'x'.repeat(20)}' as pad`.length));
  });
});
