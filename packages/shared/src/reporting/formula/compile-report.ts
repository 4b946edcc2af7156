/**
 * Compiles every metric of a report at once: parses and checks each formula, refuses duplicate
 * names and reference cycles (naming the cycle), orders metrics so that each comes after the
 * metrics it uses, and lists the additive parts the facts cube must hold (one per manual metric
 * and one per distinct aggregate). The server calls it when a metric is saved (400 on error) and
 * before a refresh.
 */
import type { FilterNode } from '../../filter/ast.ts';
import { printFilter } from '../../filter/printer.ts';
import type { AggregateNode, FormulaNode } from './ast.ts';
import { aggregatesOf, checkFormula, metricReferencesOf, type TypeCatalog } from './checker.ts';
import { FormulaError } from './formula-error.ts';
import { parseFormula } from './parser.ts';

export interface MetricDefinition {
  name: string;
  /** A non-empty formula makes the metric computed; without one it is entered by hand (manual). */
  formula?: string | null;
}

export type CompiledMetric =
  | { name: string; kind: 'manual'; part: string }
  | { name: string; kind: 'computed'; formula: FormulaNode; references: readonly string[] }
  /**
   * A stored formula that no longer checks (a field its type has lost since it was saved): its
   * value is unknown, with the reason, and the report's other metrics still compute.
   */
  | { name: string; kind: 'unavailable'; reason: string };

/** One additive quantity stored per scope item and month in the facts cube. */
export type PartSpec =
  | { key: string; kind: 'manual'; metric: string }
  | { key: string; kind: 'aggregate'; aggregate: string; type: string; field?: string; filter: FilterNode | null };

export interface CompiledReport {
  /** Every metric, each after the metrics its formula uses. */
  metrics: readonly CompiledMetric[];
  /** Every additive part, manual parts first, each once. */
  parts: readonly PartSpec[];
}

/** The facts-cube key of a manual metric's entered values. */
export function manualPartKey(metric: string): string {
  return `[${metric}]`;
}

/** The facts-cube key of an aggregate: its canonical text, equal for equal aggregates. */
export function aggregatePartKey(node: Pick<AggregateNode, 'aggregate' | 'type' | 'field' | 'filter'>): string {
  const filter = node.filter ? printFilter(node.filter).replaceAll("'", "''") : '';
  const field = node.field === undefined ? '' : `, ${node.field}`;
  return `${node.aggregate}(${node.type}${field}, '${filter}')`;
}

function isComputed(metric: MetricDefinition): metric is MetricDefinition & { formula: string } {
  return typeof metric.formula === 'string' && metric.formula.trim() !== '';
}

function findCycle(
  formulas: ReadonlyMap<string, { references: ReadonlyMap<string, number> }>,
  startWith?: string,
): FormulaError | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (name: string): FormulaError | undefined => {
    const seen = state.get(name);
    if (seen === 'done') return undefined;
    if (seen === 'visiting') {
      const cycle = [...path.slice(path.indexOf(name)), name];
      const first = cycle[0] as string;
      const position = formulas.get(first)?.references.get(cycle[1] as string);
      return new FormulaError(`Metric reference cycle: ${cycle.join(' → ')}`, position, first);
    }
    const formula = formulas.get(name);
    if (!formula) return undefined; // manual metric: a leaf
    state.set(name, 'visiting');
    path.push(name);
    for (const reference of formula.references.keys()) {
      const error = visit(reference);
      if (error) return error;
    }
    path.pop();
    state.set(name, 'done');
    return undefined;
  };
  const names = startWith === undefined ? [...formulas.keys()] : [startWith, ...formulas.keys()];
  for (const name of names) {
    const error = visit(name);
    if (error) return error;
  }
  return undefined;
}

export interface CompileOptions {
  /** Look for cycles from this metric first, so a refused cycle is told from its point of view. */
  focus?: string;
  /**
   * Whether a metric whose formula does not check is compiled as unavailable instead of refusing
   * the whole report (a refresh tolerates every metric; a save none). Duplicate names and
   * reference cycles are always refused.
   */
  tolerates?: (metric: string) => boolean;
}

/** Throws FormulaError (with `metric` set) for the first refused metric that `options.tolerates` does not. */
export function compileReport(metrics: readonly MetricDefinition[], types: TypeCatalog, options: CompileOptions = {}): CompiledReport {
  const metricNames = new Set<string>();
  for (const metric of metrics) {
    if (metricNames.has(metric.name)) throw new FormulaError(`Duplicate metric name '${metric.name}'`, undefined, metric.name);
    metricNames.add(metric.name);
  }
  const formulas = new Map<string, { formula: FormulaNode; references: Map<string, number> }>();
  const unavailable = new Map<string, string>();
  for (const metric of metrics.filter(isComputed)) {
    try {
      const formula = checkFormula(parseFormula(metric.formula), { metricNames, types });
      formulas.set(metric.name, { formula, references: metricReferencesOf(formula) });
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      if (!options.tolerates?.(metric.name)) throw error.forMetric(metric.name);
      unavailable.set(metric.name, error.reason);
    }
  }
  const cycle = findCycle(formulas, options.focus);
  if (cycle) throw cycle;

  const ordered: CompiledMetric[] = [];
  const placed = new Set<string>();
  const place = (name: string): void => {
    if (placed.has(name)) return;
    placed.add(name);
    const reason = unavailable.get(name);
    if (reason !== undefined) {
      ordered.push({ name, kind: 'unavailable', reason });
      return;
    }
    const formula = formulas.get(name);
    if (!formula) {
      ordered.push({ name, kind: 'manual', part: manualPartKey(name) });
      return;
    }
    for (const reference of formula.references.keys()) place(reference);
    ordered.push({ name, kind: 'computed', formula: formula.formula, references: [...formula.references.keys()] });
  };
  for (const metric of metrics) place(metric.name);

  const parts = new Map<string, PartSpec>();
  for (const metric of ordered) {
    if (metric.kind === 'manual') parts.set(metric.part, { key: metric.part, kind: 'manual', metric: metric.name });
  }
  for (const metric of ordered) {
    if (metric.kind !== 'computed') continue;
    for (const node of aggregatesOf(metric.formula)) {
      const key = aggregatePartKey(node);
      if (parts.has(key)) continue;
      const spec: PartSpec = { key, kind: 'aggregate', aggregate: node.aggregate, type: node.type, filter: node.filter ?? null };
      if (node.field !== undefined) spec.field = node.field;
      parts.set(key, spec);
    }
  }
  return { metrics: ordered, parts: [...parts.values()] };
}

/**
 * Checks one metric's formula as it would be saved among the report's other metrics (the saved
 * metric replaces its stored version, matched by name or `previousName` on a rename).
 */
export function checkMetricInReport(
  saved: MetricDefinition,
  others: readonly MetricDefinition[],
  types: TypeCatalog,
  previousName?: string,
): CompiledReport {
  const replaced = new Set([saved.name, previousName ?? saved.name]);
  const metrics = others.map((metric) => (replaced.has(metric.name) ? saved : metric));
  if (!metrics.includes(saved)) metrics.push(saved);
  return compileReport(metrics, types, { focus: saved.name });
}
