/**
 * From an item's monthly facts to its figures: each window's part sums first, then every metric
 * evaluated on those sums — a rate over a window is a ratio of sums, never a mean or sum of
 * monthly rates. Values are unrounded (format.ts rounds for display).
 */
import type { CompiledReport } from './formula/compile-report.ts';
import { aggregatePartKey } from './formula/compile-report.ts';
import { evaluateFormula } from './formula/evaluator.ts';
import { sumWindow, type MonthlyFacts, type PartValues } from './facts-cube.ts';
import type { MonthIndex } from './months.ts';
import { DEFAULT_WINDOW_SETTINGS, WINDOW_KINDS, type WindowKey, type WindowKind, type WindowSettings } from './windows.ts';

/** metric name → value (null: unknown, or a division by zero). */
export type MetricValues = Record<string, number | null>;

/** The stored shape of a result list on a report data item. */
export interface MetricValueEntry {
  metric: string;
  value: number | null;
  /** Why a metric that could not be computed has no value (the server sets it; docs/product/reporting.md#kpi-maths). */
  text?: string;
}

// Part keys print the aggregate's filter; compute each once per checked node, not per evaluation.
const partKeys = new WeakMap<object, string>();

function partKeyOf(node: Parameters<typeof aggregatePartKey>[0]): string {
  let key = partKeys.get(node);
  if (key === undefined) partKeys.set(node, (key = aggregatePartKey(node)));
  return key;
}

function valueOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Evaluates every metric on one set of part sums. A manual metric is its part's sum; a computed
 * metric evaluates its formula, reading other metrics from the same sums and aggregates as their
 * sums (0 when absent); an unavailable metric is unknown.
 */
export function evaluateMetrics(report: CompiledReport, sums: PartValues): MetricValues {
  const values: MetricValues = Object.create(null) as MetricValues;
  const inputs = {
    metric: (name: string) => values[name] ?? null,
    aggregate: (node: Parameters<typeof aggregatePartKey>[0]) => valueOrNull(sums[partKeyOf(node)] ?? 0),
  };
  // compileReport orders metrics so each comes after the ones it uses.
  for (const metric of report.metrics) {
    if (metric.kind === 'manual') values[metric.name] = valueOrNull(sums[metric.part]);
    else if (metric.kind === 'computed') values[metric.name] = evaluateFormula(metric.formula, inputs);
    else values[metric.name] = null; // unavailable: its formula no longer checks
  }
  return values;
}

/** Every window's metric values for report month `month`. */
export function computeWindows(
  report: CompiledReport,
  facts: MonthlyFacts | undefined,
  month: MonthIndex,
  settings: WindowSettings = DEFAULT_WINDOW_SETTINGS,
): Record<WindowKey, MetricValues> {
  const result = {} as Record<WindowKey, MetricValues>;
  for (const [key, kind] of Object.entries(WINDOW_KINDS) as [WindowKey, WindowKind][]) {
    result[key] = evaluateMetrics(report, sumWindow(facts, kind.rangeOf(month, settings), report.parts));
  }
  return result;
}

/** The list stored on a report data item (`itm`, `ytd`…), in the report's metric order. */
export function toMetricValueList(values: MetricValues, order: readonly string[] = Object.keys(values)): MetricValueEntry[] {
  return order.filter((metric) => metric in values).map((metric) => ({ metric, value: values[metric] ?? null }));
}
