/**
 * List and group_by answers of the last moments, serialised, per database and per
 * (organisation, caller, URL). A list screen, a dashboard tile or many users on one view ask for
 * the same page again and again; answering from here skips the query, the labels and the JSON
 * encoding. Correctness rests on the data generation (platform/cache/data-generation.ts): any
 * write anywhere empties this cache at once, in this process and (PostgreSQL) in the others, and
 * entries die after `config.cache.listMs` in any case — which also bounds how stale a filter on
 * `today()` or `now()` can be. Keyed by caller, so grants, row filters, protected fields and `$user`
 * are all part of the key; the URL carries the organisation, type, filter, order and paging.
 */
import type { AppContext } from '../../app-context.ts';
import { cachePerDatabase, type TtlCache } from '../../platform/cache/ttl-cache.ts';

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

const caches = cachePerDatabase<string>();

export function listAnswerCacheOf(ctx: AppContext): TtlCache<string> {
  return caches(ctx.database, () => ({ ttlMs: ctx.config.cache.listMs, maxEntries: MAX_ENTRIES, maxSize: MAX_BYTES }));
}

export function listAnswerKey(orgId: number, identityUuid: string, url: string): string {
  return `${orgId}\u0000${identityUuid}\u0000${url}`;
}
