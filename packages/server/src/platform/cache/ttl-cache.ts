/**
 * A bounded, time-limited map whose entries are valid only for the data generation they were
 * computed under (see data-generation.ts). Callers read the generation *before* computing a value
 * and hand it to `set`, so a value computed while a write landed is never served.
 *
 * The bounds are `lru-cache`'s: at most `maxEntries` entries and, when `maxSize` is given, at most
 * that summed `size`; past either the least recently *used* entry goes first (a hot list page
 * survives a burst of one-off ones). An entry bigger than a quarter of `maxSize` is not kept at all,
 * so one huge answer cannot flush the cache. Expiry and generation are checked here on every read
 * (an entry is dead from its `expires` instant on); lru-cache only bounds what is kept.
 */
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.ts';
import { dataGeneration } from './data-generation.ts';

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Upper bound of the summed `size` of the entries (e.g. bytes of cached answers). */
  maxSize?: number;
  /** The counter entries are valid for: the data generation, or a narrower one (`accessGeneration`). */
  generation?: () => number;
}

interface Entry<V> {
  value: V;
  generation: number;
  expires: number;
}

export class TtlCache<V> {
  readonly #options: TtlCacheOptions;
  readonly #entries: LRUCache<string, Entry<V>> | undefined;
  readonly #generation: () => number;

  constructor(options: TtlCacheOptions) {
    this.#options = options;
    this.#generation = options.generation ?? dataGeneration;
    if (!this.enabled) return;
    this.#entries = new LRUCache<string, Entry<V>>({
      max: options.maxEntries,
      ...(options.maxSize === undefined ? {} : { maxSize: options.maxSize, maxEntrySize: Math.floor(options.maxSize / 4) }),
    });
  }

  get enabled(): boolean {
    return this.#options.ttlMs > 0 && this.#options.maxEntries > 0;
  }

  get(key: string): V | undefined {
    const entry = this.#entries?.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.#generation() || entry.expires <= Date.now()) {
      this.#entries!.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Keeps `value` if the generation is still `generation` (the one read before computing it).
   * `expiresAt` shortens the life of an entry (e.g. an access token's expiry).
   */
  set(key: string, value: V, generation: number, options: { size?: number; expiresAt?: number } = {}): void {
    if (!this.#entries || generation !== this.#generation()) return;
    const now = Date.now();
    const expires = Math.min(now + this.#options.ttlMs, options.expiresAt ?? Number.POSITIVE_INFINITY);
    if (expires <= now) {
      this.#entries.delete(key);
      return;
    }
    // lru-cache counts sizes only when a size cap is set, and then wants a positive whole number.
    const size = this.#options.maxSize === undefined ? undefined : Math.max(1, Math.ceil(options.size ?? 0));
    if (size !== undefined && size > this.#entries.maxEntrySize) {
      this.#entries.delete(key);
      return;
    }
    this.#entries.set(key, { value, generation, expires }, size === undefined ? {} : { size });
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }

  /** Summed `size` of the entries (0 without a size cap). */
  get calculatedSize(): number {
    return this.#entries?.calculatedSize ?? 0;
  }

  clear(): void {
    this.#entries?.clear();
  }
}

/**
 * One value per database, made on first use: tests run several apps (each with its own database,
 * where ids, organisations and index names repeat) in one process, so a process-wide cache or hint
 * would mix their answers.
 */
export function perDatabase<V>(): (database: Database, make: () => V) => V {
  const values = new WeakMap<Database, V>();
  return (database, make) => {
    let value = values.get(database);
    if (value === undefined) {
      value = make();
      values.set(database, value);
    }
    return value;
  };
}

/** One cache per database (`perDatabase`), made on first use with the options given then. */
export function cachePerDatabase<V>(): (database: Database, options: () => TtlCacheOptions) => TtlCache<V> {
  const caches = perDatabase<TtlCache<V>>();
  return (database, options) => caches(database, () => new TtlCache<V>(options()));
}

/**
 * One cache per database whose lifetime is a setting (`COUNT_CACHE_MS`, `LABEL_CACHE_MS`): set
 * once per database when the server's context is made, before the cache's first use; `defaultMs`
 * until then.
 */
export function configuredCachePerDatabase<V>(
  defaultMs: number,
  maxEntries: number,
): { setLifetime(database: Database, ms: number): void; of(database: Database): TtlCache<V> } {
  const caches = cachePerDatabase<V>();
  const lifetimes = new WeakMap<Database, number>();
  return {
    setLifetime: (database, ms) => void lifetimes.set(database, ms),
    of: (database) => caches(database, () => ({ ttlMs: lifetimes.get(database) ?? defaultMs, maxEntries })),
  };
}
