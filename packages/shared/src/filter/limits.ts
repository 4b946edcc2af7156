/**
 * How big a filter may be. A filter is typed by a person or built by a list's filter form, never
 * bulk data, so these bounds sit far above anything the web's forms build (one term per filled
 * field, one `CONTAINS` per value picked for a list field) while keeping the work one request can
 * ask of the database small: 374 OR-ed `CONTAINS` terms once held the server for 5 s a request.
 * The numbers and messages are documented in docs/filter-language.md ("Limits"); the web may use
 * the same constants to stop a filter before sending it.
 */

/** Characters of filter text, checked before anything else reads it. */
export const MAX_FILTER_LENGTH = 10_000;
/** Predicates (comparisons, IN, CONTAINS, STARTS WITH, BETWEEN, IS NULL); an IN list counts once. */
export const MAX_FILTER_TERMS = 200;
/**
 * `CONTAINS` and `STARTS WITH` predicates: each one reads the whole text (or list) of every row it
 * is asked about, so they cost far more than a comparison an index can answer.
 */
export const MAX_FILTER_CONTAINS_TERMS = 50;
/** Parentheses plus NOTs; bounds recursion here and in every later tree walk. */
export const MAX_FILTER_DEPTH = 50;

export type FilterLimit = 'length' | 'terms' | 'containsTerms' | 'depth';

/** Every limit with its bound, for documentation and for clients that check before sending. */
export const FILTER_LIMITS: Readonly<Record<FilterLimit, number>> = {
  length: MAX_FILTER_LENGTH,
  terms: MAX_FILTER_TERMS,
  containsTerms: MAX_FILTER_CONTAINS_TERMS,
  depth: MAX_FILTER_DEPTH,
};

/** 10000 → "10,000", the same in every runtime (no locale data needed). */
function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The refusal a caller reads (answered as `invalid_filter`, 400). */
export function filterLimitMessage(limit: FilterLimit): string {
  const bound = grouped(FILTER_LIMITS[limit]);
  switch (limit) {
    case 'length':
      return `The filter is too long (at most ${bound} characters).`;
    case 'terms':
      return `The filter has too many conditions (at most ${bound}).`;
    case 'containsTerms':
      return `The filter has too many CONTAINS or STARTS WITH conditions (at most ${bound}).`;
    case 'depth':
      return `The filter is nested too deeply (at most ${bound} levels of parentheses and NOT).`;
  }
}
