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
import { cachePerDatabase } from '../cache/ttl-cache.ts';

export const COUNT_TTL_MS = 2000;
const MAX_ENTRIES = 5000;

type Count = { total: number; totalIsEstimate: boolean };

const caches = cachePerDatabase<Count>();
const cacheOf = (database: Database) => caches(database, () => ({ ttlMs: COUNT_TTL_MS, maxEntries: MAX_ENTRIES }));

/** `key` names the count completely (its SQL and parameters carry the organisation and type). */
export async function cachedCount(database: Database, key: string, count: () => Promise<Count>): Promise<Count> {
  const hit = knownCount(database, key);
  if (hit) return hit;
  const generation = dataGeneration();
  const value = await count();
  rememberCount(database, key, value, generation);
  return value;
}

/** The count under `key` if it was made recently under the current data generation. */
export function knownCount(database: Database, key: string): Count | undefined {
  return cacheOf(database).get(key);
}

/** Keeps a count made elsewhere (with its page, in one statement) if `generation` is still current. */
export function rememberCount(database: Database, key: string, value: Count, generation: number): void {
  cacheOf(database).set(key, value, generation);
}
