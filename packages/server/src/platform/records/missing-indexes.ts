/**
 * Indexes a statement named (`INDEXED BY`, SQLite) and the database did not have, each until a
 * time (ms): an added index for an order (`ux_…`) is named before anyone knows it exists
 * (shape-index-hints.ts, `orderIndexOf`), a type below `INDEX_BUILD_MIN_DOCUMENTS` has none of its
 * own, and a read naming one would otherwise pay a refused statement every time. A hint only,
 * never an answer: a process that has not yet seen an index built elsewhere reads without it a
 * little longer. Bounded by the number of shapes a schema allows (and cleared when full).
 */
const missingIndexes = new Map<string, number>();
const MISSING_INDEX_MS = 30_000;

export function isMissingIndex(index: string): boolean {
  return (missingIndexes.get(index) ?? 0) > Date.now();
}

export function rememberMissingIndex(index: string): void {
  remember(missingIndexes, index, MISSING_INDEX_MS);
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
