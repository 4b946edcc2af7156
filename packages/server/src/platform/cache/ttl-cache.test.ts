import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessGeneration, bumpDataGeneration, dataGeneration } from './data-generation.ts';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves an entry until its time limit', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', 'one', dataGeneration());
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe('one');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every entry when data changes', () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('a', 'one', dataGeneration());
    bumpDataGeneration();
    expect(cache.get('a')).toBeUndefined();
  });

  it('follows the generation it is given: a narrower one survives other data changes', () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 10, generation: accessGeneration });
    cache.set('a', 'principal', accessGeneration());
    bumpDataGeneration('data');
    expect(cache.get('a')).toBe('principal');
    bumpDataGeneration('all');
    expect(cache.get('a')).toBeUndefined();
  });

  it('refuses a value computed while data changed', () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const before = dataGeneration();
    bumpDataGeneration(); // a write lands while the answer is computed
    cache.set('a', 'stale', before);
    expect(cache.get('a')).toBeUndefined();
  });

  it('never outlives the expiry it is given', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('a', 'token-bound', dataGeneration(), { expiresAt: Date.now() + 100 });
    vi.advanceTimersByTime(100);
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its entry and size bounds, dropping the oldest first', () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 3, maxSize: 100 });
    const g = dataGeneration();
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, g, { size: 10 });
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBe('d');
    cache.set('big', 'x', g, { size: 26 }); // over a quarter of the size budget: not kept
    expect(cache.get('big')).toBeUndefined();
    cache.set('e', 'e', g, { size: 25 });
    cache.set('f', 'f', g, { size: 25 });
    cache.set('g', 'g', g, { size: 25 });
    cache.set('h', 'h', g, { size: 25 });
    expect(cache.get('e')).toBeUndefined();
    expect(cache.get('h')).toBe('h');
  });

  it('evicts the least recently used entry, not the oldest written', () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 3 });
    const g = dataGeneration();
    for (const key of ['a', 'b', 'c']) cache.set(key, key, g);
    expect(cache.get('a')).toBe('a'); // 'a' is now the most recently used: 'b' goes first
    cache.set('d', 'd', g);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('a');
    cache.set('e', 'e', g); // least recently used now: 'c'
    expect(cache.get('c')).toBeUndefined();
    expect([cache.get('a'), cache.get('d'), cache.get('e')]).toEqual(['a', 'd', 'e']);
  });

  it('never holds more than its size cap, evicting least recently used entries to make room', () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 1000, maxSize: 100 });
    const g = dataGeneration();
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, g, { size: 25 });
    expect(cache.calculatedSize).toBe(100);
    expect(cache.get('a')).toBe('a');
    cache.set('e', 'e', g, { size: 20 }); // 120 > 100: 'b' (least recently used) makes room
    expect(cache.calculatedSize).toBeLessThanOrEqual(100);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d'), cache.get('e')]).toEqual(['a', 'c', 'd', 'e']);
    for (let i = 0; i < 50; i += 1) cache.set(`k${i}`, 'x', g, { size: 7 });
    expect(cache.calculatedSize).toBeLessThanOrEqual(100);
    expect(cache.size).toBe(14);
  });

  it('keeps nothing when turned off', () => {
    const cache = new TtlCache<string>({ ttlMs: 0, maxEntries: 10 });
    expect(cache.enabled).toBe(false);
    cache.set('a', 'one', dataGeneration());
    expect(cache.get('a')).toBeUndefined();
  });
});
