/**
 * A row filter simplified by what a user's own filter already pins. A site-restricted user's list
 * carries the access row filter `site_id IN (3, 7)`; when their filter says `site_id = 3` too, the
 * IN-list adds nothing (every row with site 3 passes it) and, on PostgreSQL, it costs: a generic
 * plan for `site_id = $1 AND site_id IN ($2, $3)` cannot tell that the two agree, and reads every
 * match before sorting (docs/architecture.md, "named prepared statements"). With `site_id = 5`
 * instead no row can pass both: the row filter becomes FALSE, which the database answers at once.
 *
 * Only equalities that the whole filter requires count: the top-level conjuncts of `filter` of the
 * form `field = number` (site, region and other ids: numbers compare in SQL as in JavaScript, where
 * text may not, by collation or date form). Anything under OR or NOT, and any comparison with a value
 * the server fills in (`$user`, `today()`), is left alone, so the result is always equivalent to the
 * row filter for the rows `filter` selects:
 * `filter AND rowFilter` ≡ `filter AND impliedRowFilter(rowFilter, filter)`.
 */
import type { FilterNode, ValueNode } from './ast.ts';
import { andAll, falseNode, orAny, trueNode } from './builders.ts';

type Literal = Extract<ValueNode, { kind: 'number' }>;

function isLiteral(value: ValueNode): value is Literal {
  return value.kind === 'number' && Number.isFinite(value.value);
}

function sameLiteral(a: Literal, b: Literal): boolean {
  return a.value === b.value;
}

/**
 * The terms every row of `filter` satisfies: its conjuncts, and theirs where an AND nests another
 * (`(status = 'Closed' AND site_id = 3) AND id != 7`, as a list combines a user's filter with its
 * own, is as binding as the flat form).
 */
function conjunctsOf(filter: FilterNode): FilterNode[] {
  return filter.type === 'and' ? filter.children.flatMap(conjunctsOf) : [filter];
}

/** The `field = literal` terms every row of `filter` satisfies, by field. */
function pinnedFields(filter: FilterNode): Map<string, Literal> {
  const pinned = new Map<string, Literal>();
  for (const node of conjunctsOf(filter)) {
    if (node.type !== 'compare' || node.op !== '=' || !isLiteral(node.value)) continue;
    const earlier = pinned.get(node.field);
    // Two different values for one field: keep the first; the filter selects no row anyway.
    if (!earlier) pinned.set(node.field, node.value);
  }
  return pinned;
}

/** `node` given the pinned fields: TRUE or FALSE where they decide it, otherwise simplified. */
function fold(node: FilterNode, pinned: Map<string, Literal>): FilterNode {
  switch (node.type) {
    case 'compare': {
      const value = pinned.get(node.field);
      if (!value || node.op !== '=' || !isLiteral(node.value)) return node;
      return sameLiteral(value, node.value) ? trueNode : falseNode;
    }
    case 'in': {
      const value = pinned.get(node.field);
      if (!value || !node.values.every(isLiteral)) return node;
      const listed = node.values.some((v) => sameLiteral(value, v as Literal));
      return listed !== node.negated ? trueNode : falseNode;
    }
    case 'and':
      return andAll(node.children.map((child) => fold(child, pinned)));
    case 'or':
      return orAny(node.children.map((child) => fold(child, pinned)));
    default:
      // NOT, contains, ranges and the rest stay as written: they are rare in row filters, and
      // folding them would need their three-valued logic.
      return node;
  }
}

/** `rowFilter` with what `filter` already decides folded away (TRUE when it decides all of it). */
export function impliedRowFilter(rowFilter: FilterNode, filter: FilterNode | null): FilterNode {
  if (!filter) return rowFilter;
  const pinned = pinnedFields(filter);
  return pinned.size === 0 ? rowFilter : fold(rowFilter, pinned);
}
