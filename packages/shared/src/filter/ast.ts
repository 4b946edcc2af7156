/**
 * The filter language's syntax tree. Parsed from text by `parseFilter`, built in code with the
 * helpers in `builders.ts`, checked against a field catalog by `checkFilter`, then either evaluated
 * in memory (`evaluateFilter`) or compiled to parameterised SQL on the server. Plain JSON data on
 * purpose: an AST can be stored, sent to the browser and compared with `toEqual`.
 */

/** A literal or a value the server fills in at run time (never from the request). */
export type ValueNode =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  /** The current user's uuid (`$user`). */
  | { kind: 'user' }
  /**
   * Start of the current UTC day shifted by `days` (`today(-30)`). `precision: 'date'` is set by
   * the checker on date-only fields so the value resolves to `YYYY-MM-DD` instead of a timestamp.
   */
  | { kind: 'today'; days: number; precision?: 'date' }
  /** The current instant (`now()`); `precision` as for `today`. */
  | { kind: 'now'; precision?: 'date' };

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** A field reference: a catalog key such as `status` or a dotted path such as `scat.format`. */
export type FieldPath = string;

export type FilterNode =
  | { type: 'const'; value: boolean }
  | { type: 'compare'; field: FieldPath; op: ComparisonOperator; value: ValueNode }
  | { type: 'in'; field: FieldPath; values: ValueNode[]; negated: boolean }
  /**
   * Array membership or case-insensitive substring. `mode` is filled in by the checker from the
   * field's type; without it the evaluator decides from the document's value.
   */
  | { type: 'contains'; field: FieldPath; value: ValueNode; mode?: 'array' | 'text' }
  | { type: 'startsWith'; field: FieldPath; value: ValueNode }
  | { type: 'isNull'; field: FieldPath; negated: boolean }
  | { type: 'between'; field: FieldPath; low: ValueNode; high: ValueNode }
  | { type: 'and'; children: FilterNode[] }
  | { type: 'or'; children: FilterNode[] }
  | { type: 'not'; child: FilterNode };

export type FilterNodeType = FilterNode['type'];

/** The field a leaf node refers to, or undefined for const/and/or/not. */
export function fieldOf(node: FilterNode): FieldPath | undefined {
  return 'field' in node ? node.field : undefined;
}
