/**
 * Helpers for building trees in code, mainly the access layer's row filters
 * (`andAll([rowFilter, userFilter])`). They build exactly what the parser would, so a built tree
 * prints and checks like a typed one.
 */
import type { ComparisonOperator, FieldPath, FilterNode, ValueNode } from './ast.ts';

/** Matches every document. Frozen: these constants are shared by every caller. */
export const trueNode: FilterNode = Object.freeze({ type: 'const', value: true });
/** Matches no document: the row filter for "deny". */
export const falseNode: FilterNode = Object.freeze({ type: 'const', value: false });
/** `$user`: filled in from the server's session when the filter runs. */
export const currentUser: ValueNode = Object.freeze({ kind: 'user' });

export type ValueInput = string | number | boolean | ValueNode;

export function toValueNode(input: ValueInput): ValueNode {
  switch (typeof input) {
    case 'string':
      return { kind: 'string', value: input };
    case 'number':
      return { kind: 'number', value: input };
    case 'boolean':
      return { kind: 'boolean', value: input };
    default:
      return input;
  }
}

export function todayValue(days = 0): ValueNode {
  return { kind: 'today', days };
}

export function nowValue(): ValueNode {
  return { kind: 'now' };
}

export function compareField(field: FieldPath, op: ComparisonOperator, value: ValueInput): FilterNode {
  return { type: 'compare', field, op, value: toValueNode(value) };
}

export function eq(field: FieldPath, value: ValueInput): FilterNode {
  return compareField(field, '=', value);
}

export function inList(field: FieldPath, values: readonly ValueInput[]): FilterNode {
  return { type: 'in', field, values: values.map(toValueNode), negated: false };
}

export function notInList(field: FieldPath, values: readonly ValueInput[]): FilterNode {
  return { type: 'in', field, values: values.map(toValueNode), negated: true };
}

export function containsValue(field: FieldPath, value: ValueInput): FilterNode {
  return { type: 'contains', field, value: toValueNode(value) };
}

export function fieldIsNull(field: FieldPath): FilterNode {
  return { type: 'isNull', field, negated: false };
}

export function fieldIsNotNull(field: FieldPath): FilterNode {
  return { type: 'isNull', field, negated: true };
}

export function notFilter(node: FilterNode): FilterNode {
  return { type: 'not', child: node };
}

/**
 * AND of `nodes`, simplified: TRUE children dropped, any FALSE child gives FALSE (so a deny row
 * filter stays recognisable), no children gives TRUE, one child is returned as is.
 */
export function andAll(nodes: readonly FilterNode[]): FilterNode {
  if (nodes.some((n) => n.type === 'const' && !n.value)) return falseNode;
  const children = nodes.filter((n) => !(n.type === 'const' && n.value));
  if (children.length === 0) return trueNode;
  return children.length === 1 ? (children[0] as FilterNode) : { type: 'and', children };
}

/** OR of `nodes`, simplified like andAll: no children gives FALSE. */
export function orAny(nodes: readonly FilterNode[]): FilterNode {
  if (nodes.some((n) => n.type === 'const' && n.value)) return trueNode;
  const children = nodes.filter((n) => !(n.type === 'const' && !n.value));
  if (children.length === 0) return falseNode;
  return children.length === 1 ? (children[0] as FilterNode) : { type: 'or', children };
}
