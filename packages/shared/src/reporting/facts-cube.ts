/**
 * The monthly facts cube: per scope item and month, the additive parts of a report (each
 * aggregate's value and each manual metric's entered value, keyed by the part keys of
 * compile-report.ts). The server fills it with one grouped query per aggregate over (site, month)
 * plus the stored manual entries; every window, scope and formula is then computed from it in
 * memory.
 */
import type { MonthIndex, MonthRange } from './months.ts';
import type { PartSpec } from './formula/compile-report.ts';

/** part key → value; a missing key or null means nothing recorded for that part. */
export type PartValues = Readonly<Record<string, number | null | undefined>>;

/** One scope item's facts: month index → part values. */
export type MonthlyFacts = ReadonlyMap<MonthIndex, PartValues>;

/** Every scope item's facts: item key (e.g. a site id) → its months. */
export type FactsCube = ReadonlyMap<string, MonthlyFacts>;

/** A mutable cube for building; it is a FactsCube. */
export class FactsCubeBuilder {
  private readonly items = new Map<string, Map<MonthIndex, Record<string, number | null>>>();

  /** Adds `value` to the part (an aggregate's rows of one site and month may come in pieces). */
  add(item: string, month: MonthIndex, part: string, value: number): this {
    const values = this.monthOf(item, month);
    values[part] = (values[part] ?? 0) + value;
    return this;
  }

  /** Sets the part, replacing anything there (a manual entry). */
  set(item: string, month: MonthIndex, part: string, value: number | null): this {
    this.monthOf(item, month)[part] = value;
    return this;
  }

  build(): FactsCube {
    return this.items;
  }

  private monthOf(item: string, month: MonthIndex): Record<string, number | null> {
    let months = this.items.get(item);
    if (!months) this.items.set(item, (months = new Map()));
    let values = months.get(month);
    if (!values) months.set(month, (values = Object.create(null) as Record<string, number | null>));
    return values;
  }
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Sums each part over the months of `range`. An aggregate part with no row in any month is 0 (no
 * matching documents). A manual part is the sum of the months that have an entry, and null when
 * no month of the window has one (unknown, not zero): a partial window sums what was entered.
 */
export function sumWindow(facts: MonthlyFacts | undefined, range: MonthRange, parts: readonly PartSpec[]): Record<string, number | null> {
  const sums: Record<string, number | null> = Object.create(null) as Record<string, number | null>;
  for (const part of parts) sums[part.key] = part.kind === 'aggregate' ? 0 : null;
  if (!facts) return sums;
  for (let month = range.from; month <= range.to; month += 1) {
    const values = facts.get(month);
    if (!values) continue;
    for (const part of parts) {
      const value = values[part.key];
      if (isNumber(value)) sums[part.key] = (sums[part.key] ?? 0) + value;
    }
  }
  return sums;
}
