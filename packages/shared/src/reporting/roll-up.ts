/**
 * Roll-ups between scope items: a region item's facts are the sums of its sites' facts, the group
 * item's the sums of all sites (and a multi-site item, scope 0, of its listed sites). Summing the
 * additive parts — never the results — keeps every rate a ratio of sums at every level. An item's
 * own entry for a month wins over the roll-up for that part and month (a region that enters its
 * own hours for March reports those hours, not its sites' total).
 */
import type { MonthIndex } from './months.ts';
import type { FactsCube, MonthlyFacts, PartValues } from './facts-cube.ts';

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The facts of an item covering `siteKeys` of `siteFacts`, with `ownEntries` (the item's own
 * manual values per month) overriding the summed values part by part. Sites without facts add
 * nothing; a part no site recorded stays absent.
 */
export function rollUpFacts(siteFacts: FactsCube, siteKeys: Iterable<string>, ownEntries?: MonthlyFacts): MonthlyFacts {
  const result = new Map<MonthIndex, Record<string, number | null>>();
  const valuesOf = (month: MonthIndex): Record<string, number | null> => {
    let values = result.get(month);
    if (!values) result.set(month, (values = Object.create(null) as Record<string, number | null>));
    return values;
  };
  // Loops by key (`for…in` over the cube's prototype-less records) rather than Object.entries: a
  // period refresh rolls 200 sites × 24 months × 30 parts up for every region and the group, and
  // an array per record made that the refresh's largest cost in memory churn.
  for (const site of new Set(siteKeys)) {
    for (const [month, values] of siteFacts.get(site) ?? []) {
      const target = valuesOf(month);
      for (const part in values) {
        const value = values[part];
        if (isNumber(value)) target[part] = (target[part] ?? 0) + value;
      }
    }
  }
  for (const [month, values] of ownEntries ?? []) {
    const target = valuesOf(month);
    for (const part in values) {
      const value = (values as PartValues)[part];
      if (isNumber(value)) target[part] = value;
    }
  }
  return result;
}
