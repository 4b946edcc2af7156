import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { cachedCount, knownCount, rememberCount, setCountCacheMs } from './count-cache.ts';
import { bumpDataGeneration, dataGeneration } from '../cache/data-generation.ts';

/** The cache only keys its entries by the database object: a bare object stands for one. */
const someDatabase = () => ({}) as Database;

describe('count cache', () => {
  it('answers the same count again within its lifetime, without counting or after a write', async () => {
    const database = someDatabase();
    let counted = 0;
    const count = async () => ({ total: ++counted, totalIsEstimate: false });
    expect((await cachedCount(database, () => 'k', count)).total).toBe(1);
    expect((await cachedCount(database, () => 'k', count)).total).toBe(1);
    expect(counted).toBe(1);
    bumpDataGeneration();
    expect((await cachedCount(database, () => 'k', count)).total).toBe(2);
  });

  it('with COUNT_CACHE_MS=0 counts every time and never builds a key', async () => {
    const database = someDatabase();
    setCountCacheMs(database, 0);
    let counted = 0;
    let keys = 0;
    const key = () => `k${++keys}`;
    const count = async () => ({ total: ++counted, totalIsEstimate: false });
    expect((await cachedCount(database, key, count)).total).toBe(1);
    expect((await cachedCount(database, key, count)).total).toBe(2);
    rememberCount(database, key, { total: 9, totalIsEstimate: false }, dataGeneration());
    expect(knownCount(database, key)).toBeUndefined();
    expect(keys).toBe(0);
  });
});
