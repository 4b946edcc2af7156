import type { Database } from '../db/database.ts';
import { perDatabase } from '../cache/ttl-cache.ts';

/**
 * Indexes a statement named (`INDEXED BY`, SQLite) and the database did not have, each until a
 * time (ms): an added index for an order (`ux_…`) is named before anyone knows it exists
 * (shape-index-hints.ts, `orderIndexOf`), a type below `INDEX_BUILD_MIN_DOCUMENTS` has none of its
 * own, and a read naming one would otherwise pay a refused statement every time. A hint only,
 * never an answer: a process that has not yet seen an index built elsewhere reads without it a
 * little longer. Bounded by the number of shapes a schema allows (and cleared when full).
 *
 * Kept per database, as every cache is (`perDatabase`): index names are the same in every
 * database, and a process holding two (the operator's restore, the tests) must not read one's
 * missing index into the other.
 */
const missingIndexes = hintsPerDatabase();
const MISSING_INDEX_MS = 30_000;

export function isMissingIndex(database: Database, index: string): boolean {
  return isHinted(missingIndexes(database), index);
}

export function rememberMissingIndex(database: Database, index: string): void {
  remember(missingIndexes(database), index, MISSING_INDEX_MS);
}

/** Hints (key → until, ms) kept for each database apart. */
export function hintsPerDatabase(): (database: Database) => Map<string, number> {
  const hints = perDatabase<Map<string, number>>();
  return (database) => hints(database, () => new Map());
}

/** Whether `key` was noted and its time has not passed. */
export function isHinted(hints: Map<string, number>, key: string): boolean {
  return (hints.get(key) ?? 0) > Date.now();
}

/** SQLite's refusal of a statement naming an index it does not have. */
export function isNoSuchIndex(error: unknown): boolean {
  return /no such index/i.test((error as Error).message ?? '');
}

/** Notes a hint until `ms` from now; the map is bounded by starting afresh when full. */
export function remember(hints: Map<string, number>, key: string, ms: number): void {
  if (hints.size >= 1000) hints.clear();
  hints.set(key, Date.now() + ms);
}
