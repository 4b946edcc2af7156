/**
 * Short-lived memory of list totals. A capped count still reads up to a thousand index entries,
 * and a list page is asked for again and again (paging, refreshes, many users on one view): the
 * same count (same SQL, same parameters, same database) is answered from here for up to
 * `COUNT_TTL_MS`. Like the other answer caches it is valid only for the data generation it was
 * counted under (platform/cache/data-generation.ts), so any write — in this process, or announced
 * by another one on PostgreSQL — forgets every count at once. Only totals live here, never rows.
 */
import type { Database } from '../db/database.ts';
import { dataGeneration } from '../cache/data-generation.ts';
import { configuredCachePerDatabase } from '../cache/ttl-cache.ts';

/** How long a count is kept when COUNT_CACHE_MS is not set. */
export const COUNT_TTL_MS = 2000;
const MAX_ENTRIES = 5000;

type Count = { total: number; totalIsEstimate: boolean };

const counts = configuredCachePerDatabase<Count>(COUNT_TTL_MS, MAX_ENTRIES);
const cacheOf = counts.of;

/**
 * How long counts of `database` are kept (COUNT_CACHE_MS; 0 keeps none, so a benchmark measures
 * every count: issue 18). Set when the server's context is made, before the first list.
 */
export function setCountCacheMs(database: Database, ms: number): void {
  counts.setLifetime(database, ms);
}

/** A count's key, made only when the count cache is on (on PostgreSQL it costs a compile of its own). */
export type CountKey = () => string;

/** `key` names the count completely (its SQL and parameters carry the organisation and type). */
export async function cachedCount(database: Database, key: CountKey, count: () => Promise<Count>): Promise<Count> {
  const cache = cacheOf(database);
  if (!cache.enabled) return count();
  const named = key();
  const hit = cache.get(named);
  if (hit) return hit;
  const generation = dataGeneration();
  const value = await count();
  cache.set(named, value, generation);
  return value;
}

/** The count under `key` if it was made recently under the current data generation. */
export function knownCount(database: Database, key: CountKey): Count | undefined {
  const cache = cacheOf(database);
  return cache.enabled ? cache.get(key()) : undefined;
}

/** Keeps a count made elsewhere (with its page, in one statement) if `generation` is still current. */
export function rememberCount(database: Database, key: CountKey, value: Count, generation: number): void {
  const cache = cacheOf(database);
  if (cache.enabled) cache.set(key(), value, generation);
}
