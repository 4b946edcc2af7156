/**
 * The one error the formula language throws for bad input: a syntax error, an unknown name, type
 * or field, a sum over a non-numeric field or a reference cycle. The server answers it as a 400
 * (`invalid_formula`) naming the metric, the position and the reason.
 */
export class FormulaError extends Error {
  readonly code = 'invalid_formula' as const;
  /** Zero-based character offset into the formula text; undefined when the error has no place. */
  readonly position: number | undefined;
  /** The reason alone, without the position (the message carries both). */
  readonly reason: string;
  /** The metric whose formula is refused, when known. */
  readonly metric: string | undefined;

  constructor(reason: string, position?: number, metric?: string) {
    const where = position === undefined ? '' : ` at position ${position}`;
    const whose = metric === undefined ? '' : `Metric '${metric}': `;
    super(`${whose}${reason}${where}`);
    this.name = 'FormulaError';
    this.reason = reason;
    this.position = position;
    this.metric = metric;
  }

  /** The same error, attributed to a metric (kept when already attributed). */
  forMetric(metric: string): FormulaError {
    return this.metric === undefined ? new FormulaError(this.reason, this.position, metric) : this;
  }
}
