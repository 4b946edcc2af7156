/**
 * The registry of aggregates a formula may call. Each kind declares its arguments in order, what a
 * field argument must be, and how its monthly value combines (all kinds so far are additive: a
 * window's value is the sum of its months, and a month without a row is 0 documents / 0 total).
 * The server keeps the matching SQL per kind name; adding a kind adds an entry here and there
 * (packages/shared/README.md, "Reporting maths").
 */
import { scalarKindOf, isArrayType, type FieldInfo } from '../../filter/field-catalog.ts';

export type AggregateArgumentRole = 'type' | 'field' | 'filter';

export interface AggregateKind {
  /** The function name written in formulas. */
  name: string;
  /** Argument roles in order; `filter` is a quoted filter, '' for all documents. */
  signature: readonly AggregateArgumentRole[];
  /** How to write a call, shown in errors. */
  usage: string;
  /** The reason a field cannot be aggregated by this kind, or undefined when it can. */
  fieldProblem?: (field: string, info: FieldInfo) => string | undefined;
}

function numericFieldProblem(field: string, info: FieldInfo): string | undefined {
  return scalarKindOf(info.type) === 'number' && !isArrayType(info.type)
    ? undefined
    : `Field '${field}' is not numeric; sum needs a number field`;
}

export const AGGREGATE_KINDS: Readonly<Record<string, AggregateKind>> = {
  count: { name: 'count', signature: ['type', 'filter'], usage: "count(type, 'filter')" },
  sum: { name: 'sum', signature: ['type', 'field', 'filter'], usage: "sum(type, field, 'filter')", fieldProblem: numericFieldProblem },
};

export function aggregateKindOf(name: string): AggregateKind | undefined {
  return Object.hasOwn(AGGREGATE_KINDS, name) ? AGGREGATE_KINDS[name] : undefined;
}

export function aggregateUsages(): string {
  return Object.values(AGGREGATE_KINDS)
    .map((kind) => kind.usage)
    .join(' or ');
}
