/**
 * What a manual value entered for month M is compared with by the deviation check. `itm`: the
 * value entered for M-1. `roll12`: the average of the values entered in the twelve months before M
 * (M-12..M-1) — a month compared with an average month, since the ROLL12 figure of an additive
 * part is a twelve-month total. Months without an entry are left out; no entry at all gives null
 * (no check).
 */
import type { MonthlyFacts } from './facts-cube.ts';
import type { MonthIndex } from './months.ts';
import type { MetricDeviation } from './targets.ts';

function entered(facts: MonthlyFacts | undefined, month: MonthIndex, part: string): number | undefined {
  const value = facts?.get(month)?.[part];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function deviationBaseline(
  deviation: MetricDeviation | null | undefined,
  facts: MonthlyFacts | undefined,
  part: string,
  month: MonthIndex,
): number | null {
  if (deviation?.type === 'itm') return entered(facts, month - 1, part) ?? null;
  if (deviation?.type !== 'roll12') return null;
  const values: number[] = [];
  for (let previous = month - 12; previous < month; previous += 1) {
    const value = entered(facts, previous, part);
    if (value !== undefined) values.push(value);
  }
  return values.length === 0 ? null : values.reduce((total, value) => total + value, 0) / values.length;
}

/** TARGET figures: the item's own target for a metric wins over the metric's `targets.value`. */
export function targetValues(
  metrics: readonly { name: string; targets?: { value?: number | null } | null }[],
  ownTargets: Readonly<Record<string, number | null | undefined>> = {},
): Record<string, number | null> {
  const values: Record<string, number | null> = Object.create(null) as Record<string, number | null>;
  for (const metric of metrics) {
    const own = Object.hasOwn(ownTargets, metric.name) ? ownTargets[metric.name] : undefined;
    const value = typeof own === 'number' ? own : metric.targets?.value;
    values[metric.name] = typeof value === 'number' && Number.isFinite(value) ? value : null;
  }
  return values;
}
