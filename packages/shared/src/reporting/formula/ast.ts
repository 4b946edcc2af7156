/**
 * The tree of a metric formula. Every node keeps `pos`, the zero-based offset of its first
 * character, so that the checker can point at the name it refuses.
 */
import type { FilterNode } from '../../filter/ast.ts';

export type ArithmeticOperator = '+' | '-' | '*' | '/';

export interface NumberNode {
  kind: 'number';
  value: number;
  pos: number;
}

/** Another metric of the same report, by its `name`. */
export interface MetricRefNode {
  kind: 'metric';
  name: string;
  pos: number;
}

export interface NegateNode {
  kind: 'negate';
  operand: FormulaNode;
  pos: number;
}

export interface BinaryNode {
  kind: 'binary';
  op: ArithmeticOperator;
  left: FormulaNode;
  right: FormulaNode;
  pos: number;
}

/** One argument of an aggregate call as written: a bare name (type or field) or a quoted string. */
export interface AggregateArgument {
  kind: 'name' | 'string';
  text: string;
  pos: number;
  /** For a string: where each character of `text` (and its end) sits in the formula. */
  sourcePositions?: readonly number[];
}

/**
 * An aggregate over documents, e.g. `count(incident, 'recordable = true')`. `aggregate` names an
 * entry of the aggregate registry (aggregate-kinds.ts). `filter` is set by the checker: null means
 * every document of the type.
 */
export interface AggregateNode {
  kind: 'aggregate';
  aggregate: string;
  type: string;
  /** The summed field, for aggregates that take one. */
  field?: string;
  filterText: string;
  filter?: FilterNode | null;
  pos: number;
  args: readonly AggregateArgument[];
}

export type FormulaNode = NumberNode | MetricRefNode | NegateNode | BinaryNode | AggregateNode;
