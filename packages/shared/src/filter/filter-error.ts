/**
 * The one error every stage of the filter language throws for bad input. Callers map it to the
 * API's `invalid_filter` (400); anything else escaping the filter code is a bug.
 */
import { filterLimitMessage, type FilterLimit } from './limits.ts';

export class FilterError extends Error {
  readonly code = 'invalid_filter' as const;
  /** Zero-based character offset into the filter text, when the error comes from parsing. */
  readonly position: number | undefined;
  /** Set when the filter is refused for its size rather than its meaning (docs/filter-language.md, "Limits"). */
  readonly limit: FilterLimit | undefined;

  constructor(message: string, position?: number, limit?: FilterLimit) {
    super(position === undefined ? message : `${message} at position ${position}`);
    this.name = 'FilterError';
    this.position = position;
    this.limit = limit;
  }

  /** A refusal for size: the message names the bound and carries no position. */
  static overLimit(limit: FilterLimit): FilterError {
    return new FilterError(filterLimitMessage(limit), undefined, limit);
  }
}
