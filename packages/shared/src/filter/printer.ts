/**
 * FilterNode → canonical text: upper-case keywords, single spaces, parentheses only where the
 * parser needs them. `parseFilter(printFilter(n))` equals `n` for every tree the parser can produce
 * (n-ary and/or with at least two children); the property test in printer.test.ts holds us to it.
 */
import type { FilterNode, ValueNode } from './ast.ts';

export function printValue(value: ValueNode): string {
  switch (value.kind) {
    case 'string':
      return `'${value.value.replaceAll("'", "''")}'`;
    case 'number':
      // String() never yields a form our tokenizer rejects for finite numbers (e.g. 1e+21, 5e-7).
      return String(value.value);
    case 'boolean':
      return value.value ? 'true' : 'false';
    case 'user':
      return '$user';
    case 'today':
      return value.days === 0 ? 'today()' : `today(${value.days})`;
    case 'now':
      return 'now()';
  }
}

/** A one-child and/or (built in code) means its child; look through it before choosing parens. */
function unwrap(node: FilterNode): FilterNode {
  let current = node;
  while ((current.type === 'and' || current.type === 'or') && current.children.length === 1) {
    current = current.children[0] as FilterNode;
  }
  return current;
}

function printChild(node: FilterNode, parent: 'and' | 'or' | 'not'): string {
  const child = unwrap(node);
  const text = printFilter(child);
  // and/or children are wrapped unless precedence alone regroups them (an AND inside an OR).
  // Same-type nesting is wrapped too, because the parser flattens chains into one node.
  const needsParens =
    (child.type === 'and' || child.type === 'or') && child.children.length > 1 && !(parent === 'or' && child.type === 'and');
  return needsParens ? `(${text})` : text;
}

export function printFilter(node: FilterNode): string {
  switch (node.type) {
    case 'const':
      return node.value ? 'TRUE' : 'FALSE';
    case 'compare':
      return `${node.field} ${node.op} ${printValue(node.value)}`;
    case 'in':
      return `${node.field} ${node.negated ? 'NOT IN' : 'IN'} (${node.values.map(printValue).join(', ')})`;
    case 'contains':
      return `${node.field} CONTAINS ${printValue(node.value)}`;
    case 'startsWith':
      return `${node.field} STARTS WITH ${printValue(node.value)}`;
    case 'isNull':
      return `${node.field} IS ${node.negated ? 'NOT NULL' : 'NULL'}`;
    case 'between':
      return `${node.field} BETWEEN ${printValue(node.low)} AND ${printValue(node.high)}`;
    case 'not':
      return `NOT ${printChild(node.child, 'not')}`;
    case 'and':
    case 'or': {
      // Degenerate shapes only come from code, never from the parser: print their meaning.
      if (node.children.length === 0) return node.type === 'and' ? 'TRUE' : 'FALSE';
      const separator = node.type === 'and' ? ' AND ' : ' OR ';
      return node.children.map((c) => printChild(c, node.type)).join(separator);
    }
  }
}
