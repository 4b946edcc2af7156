/**
 * Text/Ref search input → the full-text query of each database. User text never reaches the
 * query syntax: it is cut into words of letters and digits (so no operator, quote, column filter
 * or parenthesis survives), and each word becomes a prefix term ANDed with the others.
 * `INC-00042` → [inc, 00042] matches the display id; `fork` matches "forklift" (prefix terms).
 */
export const MAX_SEARCH_TERMS = 16;
const MAX_TERM_LENGTH = 64;

export function searchTerms(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, MAX_TERM_LENGTH));
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/** SQLite FTS5: `"inc"* AND "00042"*` (terms hold letters and digits only). */
export function fts5Query(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"*`).join(' AND ');
}

/** PostgreSQL to_tsquery('simple', …): `inc:* & 00042:*`. */
export function tsQuery(terms: readonly string[]): string {
  return terms.map((term) => `${term}:*`).join(' & ');
}
