/**
 * What a change of a document type's fields does to a stored formula
 * (docs/product/reporting.md#metrics): the aggregates over that type that checked with its fields
 * before the change and no longer check after it (a field removed or renamed, a number made text
 * or a list, the type itself gone), each with the field the formula names that changed. A schema
 * save is refused on these. An aggregate that did not check before is not the change's doing, and
 * a change the formula still checks with (an integer made a number, a field added) is compatible.
 */
import type { FilterNode } from '../../filter/ast.ts';
import { lookupField, type FieldCatalog } from '../../filter/field-catalog.ts';
import { parseFilter } from '../../filter/parser.ts';
import type { AggregateNode, FormulaNode } from './ast.ts';
import { aggregatesOf, checkFormula } from './checker.ts';
import { FormulaError } from './formula-error.ts';
import { parseFormula } from './parser.ts';

export interface BrokenFieldUse {
  /** The field of the type the formula names that the change removed or retyped; undefined when the type is gone. */
  field: string | undefined;
  /** Why the aggregate no longer checks ("Unknown field 'lost_days' of type 'incident'"). */
  reason: string;
}

/** Every field a filter tests. */
export function fieldsOfFilter(node: FilterNode, into: string[] = []): string[] {
  if (node.type === 'and' || node.type === 'or') for (const child of node.children) fieldsOfFilter(child, into);
  else if (node.type === 'not') fieldsOfFilter(node.child, into);
  else if ('field' in node && !into.includes(node.field)) into.push(node.field);
  return into;
}

/** The reason an aggregate is refused with the type's fields `catalog` (undefined: the type is gone), or undefined. */
function refusalWith(node: AggregateNode, catalog: FieldCatalog | undefined): string | undefined {
  try {
    checkFormula(node, { metricNames: new Set(), types: catalog ? { [node.type]: catalog } : {} });
    return undefined;
  } catch (error) {
    if (error instanceof FormulaError) return error.reason;
    throw error;
  }
}

/** The sum's field, then the filter's, of those that the change removed or gave another kind. */
function changedFieldOf(node: AggregateNode, before: FieldCatalog, after: FieldCatalog): string | undefined {
  const fields = node.field === undefined ? [] : [node.field];
  if (node.filterText.trim() !== '') fieldsOfFilter(parseFilter(node.filterText), fields);
  return fields.find((field) => lookupField(before, field)?.type !== lookupField(after, field)?.type) ?? fields[0];
}

/** The uses of `type`'s fields in `formula` that replacing `before` by `after` breaks. */
export function fieldUsesBrokenBy(formula: string, type: string, before: FieldCatalog, after: FieldCatalog | undefined): BrokenFieldUse[] {
  let parsed: FormulaNode;
  try {
    parsed = parseFormula(formula);
  } catch (error) {
    if (error instanceof FormulaError) return []; // refused before the change too
    throw error;
  }
  const broken: BrokenFieldUse[] = [];
  for (const node of aggregatesOf(parsed)) {
    if (node.type !== type || refusalWith(node, before) !== undefined) continue;
    const reason = refusalWith(node, after);
    if (reason === undefined) continue;
    broken.push({ field: after ? changedFieldOf(node, before, after) : undefined, reason });
  }
  return broken;
}
