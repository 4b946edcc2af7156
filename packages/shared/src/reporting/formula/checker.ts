/**
 * Checks one parsed formula against what its report offers: metric names of the same report, and
 * a catalog of document types (type → field catalog). Refuses unknown metrics, types and fields,
 * fields an aggregate cannot use (sum needs a number) and filters that do not parse or check in the
 * filter language. Returns a new tree whose aggregates carry their checked filter. Reference cycles
 * need every formula of the report and are found by compile-report.ts.
 */
import type { FieldCatalog } from '../../filter/field-catalog.ts';
import { lookupField } from '../../filter/field-catalog.ts';
import { isValidFieldPath } from '../../filter/field-path.ts';
import { parseFilter } from '../../filter/parser.ts';
import { checkFilter } from '../../filter/checker.ts';
import { FilterError } from '../../filter/filter-error.ts';
import type { AggregateArgument, AggregateNode, FormulaNode } from './ast.ts';
import { aggregateKindOf } from './aggregate-kinds.ts';
import { FormulaError } from './formula-error.ts';

/** Document types a formula may aggregate: type name → the fields a filter or sum may use. */
export type TypeCatalog = Readonly<Record<string, FieldCatalog>>;

export interface FormulaContext {
  /** Names of the report's metrics (the formula's own metric included). */
  metricNames: ReadonlySet<string>;
  types: TypeCatalog;
}

function argumentAt(node: AggregateNode, role: 'type' | 'field' | 'filter'): AggregateArgument {
  const kind = aggregateKindOf(node.aggregate);
  const index = kind ? kind.signature.indexOf(role) : -1;
  return node.args[index] ?? { kind: 'name', text: '', pos: node.pos };
}

/** A filter's error, placed in the formula: at the offending character when the filter knows it. */
function filterErrorInFormula(error: FilterError, type: string, argument: AggregateArgument): FormulaError {
  const suffix = error.position === undefined ? '' : ` at position ${error.position}`;
  const reason = suffix && error.message.endsWith(suffix) ? error.message.slice(0, -suffix.length) : error.message;
  const inFormula = error.position === undefined ? undefined : argument.sourcePositions?.[error.position];
  return new FormulaError(`Invalid filter for ${type}: ${reason}`, inFormula ?? argument.pos);
}

function checkAggregate(node: AggregateNode, types: TypeCatalog): AggregateNode {
  const kind = aggregateKindOf(node.aggregate);
  if (!kind) throw new FormulaError(`Unknown function '${node.aggregate}'`, node.pos);
  const catalog = Object.hasOwn(types, node.type) ? types[node.type] : undefined;
  if (!catalog) throw new FormulaError(`Unknown type '${node.type}'`, argumentAt(node, 'type').pos);
  if (node.field !== undefined) {
    const fieldPos = argumentAt(node, 'field').pos;
    const info = isValidFieldPath(node.field) ? lookupField(catalog, node.field) : undefined;
    // Unreadable fields read as unknown, as in filters, so a formula cannot probe protected fields.
    if (!info || info.readable === false) throw new FormulaError(`Unknown field '${node.field}' of type '${node.type}'`, fieldPos);
    const problem = kind.fieldProblem?.(node.field, info);
    if (problem) throw new FormulaError(problem, fieldPos);
  }
  let filter = null;
  if (node.filterText.trim() !== '') {
    try {
      filter = checkFilter(parseFilter(node.filterText), catalog);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      throw filterErrorInFormula(error, node.type, argumentAt(node, 'filter'));
    }
  }
  return { ...node, filter };
}

/** Throws FormulaError for the first problem; returns the checked tree. */
export function checkFormula(node: FormulaNode, context: FormulaContext): FormulaNode {
  switch (node.kind) {
    case 'number':
      return node;
    case 'metric':
      if (!context.metricNames.has(node.name)) throw new FormulaError(`Unknown metric '${node.name}'`, node.pos);
      return node;
    case 'negate':
      return { ...node, operand: checkFormula(node.operand, context) };
    case 'binary':
      return { ...node, left: checkFormula(node.left, context), right: checkFormula(node.right, context) };
    case 'aggregate':
      return checkAggregate(node, context.types);
  }
}

/** Metric names a formula refers to, each with the position of its first mention, in order. */
export function metricReferencesOf(node: FormulaNode, found = new Map<string, number>()): Map<string, number> {
  switch (node.kind) {
    case 'metric':
      if (!found.has(node.name)) found.set(node.name, node.pos);
      break;
    case 'negate':
      metricReferencesOf(node.operand, found);
      break;
    case 'binary':
      metricReferencesOf(node.left, found);
      metricReferencesOf(node.right, found);
      break;
    default:
      break;
  }
  return found;
}

/** Every aggregate call of a formula, in order of appearance. */
export function aggregatesOf(node: FormulaNode, found: AggregateNode[] = []): AggregateNode[] {
  if (node.kind === 'aggregate') found.push(node);
  else if (node.kind === 'negate') aggregatesOf(node.operand, found);
  else if (node.kind === 'binary') {
    aggregatesOf(node.left, found);
    aggregatesOf(node.right, found);
  }
  return found;
}
