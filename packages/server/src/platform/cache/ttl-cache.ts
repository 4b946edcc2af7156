/**
 * A bounded, time-limited map whose entries are valid only for the data generation they were
 * computed under (see data-generation.ts). Callers read the generation *before* computing a value
 * and hand it to `set`, so a value computed while a write landed is never served.
 */
import type { Database } from '../db/database.ts';
import { dataGeneration } from './data-generation.ts';

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Upper bound of the summed `size` of the entries (e.g. bytes of cached answers). */
  maxSize?: number;
}

interface Entry<V> {
  value: V;
  generation: number;
  expires: number;
  size: number;
}

export class TtlCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #options: TtlCacheOptions;
  #size = 0;

  constructor(options: TtlCacheOptions) {
    this.#options = options;
  }

  get enabled(): boolean {
    return this.#options.ttlMs > 0 && this.#options.maxEntries > 0;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== dataGeneration() || entry.expires <= now) {
      this.#delete(key, entry);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Keeps `value` if the data generation is still `generation` (the one read before computing it).
   * `expiresAt` shortens the life of an entry (e.g. an access token's expiry).
   */
  set(key: string, value: V, generation: number, options: { size?: number; expiresAt?: number } = {}): void {
    if (!this.enabled || generation !== dataGeneration()) return;
    const size = options.size ?? 0;
    const maxSize = this.#options.maxSize ?? Number.POSITIVE_INFINITY;
    if (size > maxSize / 4) return;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    while (this.#entries.size >= this.#options.maxEntries || this.#size + size > maxSize) this.#evictOldest();
    const now = Date.now();
    const expires = Math.min(now + this.#options.ttlMs, options.expiresAt ?? Number.POSITIVE_INFINITY);
    if (expires <= now) return;
    this.#entries.set(key, { value, generation, expires, size });
    this.#size += size;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }

  #evictOldest(): void {
    const oldest = this.#entries.keys().next();
    if (oldest.done) return;
    this.#delete(oldest.value, this.#entries.get(oldest.value)!);
  }

  #delete(key: string, entry: Entry<V>): void {
    this.#entries.delete(key);
    this.#size -= entry.size;
  }
}

/**
 * One cache per database, made on first use with the options given then: tests run several apps
 * (each with its own database, where ids and organisations repeat) in one process, so a
 * process-wide cache would mix their answers.
 */
export function cachePerDatabase<V>(): (database: Database, options: () => TtlCacheOptions) => TtlCache<V> {
  const caches = new WeakMap<Database, TtlCache<V>>();
  return (database, options) => {
    let cache = caches.get(database);
    if (!cache) {
      cache = new TtlCache<V>(options());
      caches.set(database, cache);
    }
    return cache;
  };
}
