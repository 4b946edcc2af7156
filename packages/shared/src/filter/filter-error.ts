/**
 * The one error every stage of the filter language throws for bad input. Callers map it to the
 * API's `invalid_filter` (400); anything else escaping the filter code is a bug.
 */
export class FilterError extends Error {
  readonly code = 'invalid_filter' as const;
  /** Zero-based character offset into the filter text, when the error comes from parsing. */
  readonly position: number | undefined;

  constructor(message: string, position?: number) {
    super(position === undefined ? message : `${message} at position ${position}`);
    this.name = 'FilterError';
    this.position = position;
  }
}
