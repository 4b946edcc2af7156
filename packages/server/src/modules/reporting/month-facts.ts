/**
 * One document type's aggregates for a report's months, through the monthly facts cache
 * (docs/architecture.md "Reporting"). A month's cached value of an aggregate is used while the
 * change stamps of the UTC months its documents can fall in (those of its own month in the
 * organisation's time zone) are those it was computed at; the database's triggers bump a stamp on
 * every write of a document dated in that month — old and new date — so a late-reported incident,
 * an edit, a deletion or a restore makes its month stale. Stale or missing months are computed by
 * the grouped facts query and, when the computation covered every location, stored again.
 *
 * Not cached, always queried: aggregates whose filter depends on when or by whom it runs
 * (`today`, `now()`, `$user`), and types whose date the triggers cannot read. A cached value is
 * keyed by everything that changes it: the aggregate, the type's schema, its date field and the
 * organisation's time zone.
 */
import { createHash } from 'node:crypto';
import {
  formatYearMonth,
  lookupField,
  monthBoundaries,
  yearMonthOf,
  type DocumentSchema,
  type FactsCubeBuilder,
  type FilterNode,
  type MonthIndex,
  type MonthRange,
  type ValueNode,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { aggregateFacts, dateFieldOf, type AggregateSpec, type FactRow } from './facts.repository.ts';
import { siteKey } from './report-items.ts';
import type { Database } from '../../platform/db/database.ts';
import {
  cachedMonths,
  ensureFactSource,
  factSourceOf,
  monthStamps,
  storeMonths,
  type CachedMonth,
  type FactSource,
} from './month-facts.repository.ts';

/** Bumped when what a cached value means changes (the facts query's semantics). */
const CACHE_VERSION = 1;

/** Months per facts query (a cold period refresh reads up to 24 months: four queries per type). */
export const MONTHS_PER_QUERY = 6;

/** Narrows the computed locations (a single item's refresh): results are then not stored. */
export interface LocationNarrowing {
  siteIds?: readonly number[];
  regionId?: number;
}

/** The one location of facts added up over every location (`addedUp`): what the group item reads. */
export const ALL_LOCATIONS = 'all';

export function locationKey(siteId: number | null, regionId: number | null): string {
  if (siteId !== null) return siteKey(siteId);
  return regionId !== null ? `region-only:${regionId}` : 'none';
}

function isRuntimeValue(value: ValueNode): boolean {
  return value.kind === 'user' || value.kind === 'today' || value.kind === 'now';
}

/** Whether a filter's answer depends on when or by whom it runs. */
export function dependsOnRuntime(node: FilterNode | null): boolean {
  if (!node) return false;
  switch (node.type) {
    case 'and':
    case 'or':
      return node.children.some(dependsOnRuntime);
    case 'not':
      return dependsOnRuntime(node.child);
    case 'compare':
    case 'contains':
    case 'startsWith':
      return isRuntimeValue(node.value);
    case 'in':
      return node.values.some(isRuntimeValue);
    case 'between':
      return isRuntimeValue(node.low) || isRuntimeValue(node.high);
    default:
      return false;
  }
}

/** The UTC months (`YYYY-MM`) whose documents can fall in organisation month `month`. */
export function stampKeysOf(month: MonthIndex, timeZone: string, isDateOnly: boolean): string[] {
  if (isDateOnly) return [formatYearMonth(yearMonthOf(month))];
  const [bounds] = monthBoundaries({ from: month, to: month }, timeZone);
  const first = bounds!.from.slice(0, 7);
  const last = new Date(Date.parse(bounds!.to) - 1).toISOString().slice(0, 7);
  return first === last ? [first] : [first, last];
}

function hash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
}

function monthRuns(months: readonly MonthIndex[]): MonthRange[] {
  const runs: MonthRange[] = [];
  for (const month of [...months].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last.to === month - 1 && last.to - last.from + 1 < MONTHS_PER_QUERY) last.to = month;
    else runs.push({ from: month, to: month });
  }
  return runs;
}

function valuesByLocation(rows: readonly FactRow[], specs: readonly AggregateSpec[]): Map<string, Map<MonthIndex, Record<string, number>>> {
  // spec key → month → location → value
  const out = new Map<string, Map<MonthIndex, Record<string, number>>>(specs.map((spec) => [spec.key, new Map()]));
  for (const row of rows) {
    const location = locationKey(row.siteId, row.regionId);
    for (const [key, value] of Object.entries(row.values)) {
      if (value === 0) continue;
      const months = out.get(key)!;
      const facts = months.get(row.month) ?? {};
      facts[location] = (facts[location] ?? 0) + value;
      months.set(row.month, facts);
    }
  }
  return out;
}

/** Where `type`'s documents keep the date its facts are counted by; undefined when nothing is cached. */
export function factSourceOfType(database: Database, type: DocumentSchema, part: TypeScope<'read'>): FactSource | undefined {
  const { field } = dateFieldOf(type, part);
  return factSourceOf(database, { name: field, column: lookupField(part.catalog, field)?.column });
}

export interface TypeFactsRequest {
  orgId: number;
  type: DocumentSchema;
  part: TypeScope<'read'>;
  specs: readonly AggregateSpec[];
  range: MonthRange;
  timeZone: string;
  location: LocationNarrowing;
  /**
   * Adds every location's value into one (`ALL_LOCATIONS`): the group item's refresh needs the
   * sum only, and adding 200 sites' months once here is cheaper than into the cube and again in
   * its roll-up. What is stored in the cache stays per location.
   */
  addedUp?: boolean;
  /** Called after each facts query, with how many there will be in all. */
  onQuery?: (done: number, total: number) => Promise<unknown> | undefined;
}

/** Adds every aggregate of `specs` per location and month of `range` to `cube`. */
export async function typeFacts(ctx: AppContext, request: TypeFactsRequest, cube: FactsCubeBuilder): Promise<void> {
  const { orgId, type, part, specs, range, timeZone, location } = request;
  const addTo = (facts: Record<string, number>, month: MonthIndex, key: string) => {
    if (!request.addedUp) {
      for (const [where, value] of Object.entries(facts)) cube.add(where, month, key, value);
      return;
    }
    let sum = 0;
    for (const where in facts) sum += facts[where]!;
    if (sum !== 0) cube.add(ALL_LOCATIONS, month, key, sum);
  };
  const database = ctx.database;
  const { field, isDateOnly } = dateFieldOf(type, part);
  const source = factSourceOfType(database, type, part);
  const cacheable = source ? specs.filter((spec) => !dependsOnRuntime(spec.filter)) : [];
  const alwaysQueried = specs.filter((spec) => !cacheable.includes(spec));
  const months: MonthIndex[] = [];
  for (let month = range.from; month <= range.to; month += 1) months.push(month);

  // The stamps are read BEFORE the documents: a write landing meanwhile moves a stamp past the
  // one stored, so the month is computed again next time instead of kept wrong.
  const stampOf = new Map<MonthIndex, number>();
  const factKeyOf = new Map<string, string>();
  const fresh = new Map<string, CachedMonth>(); // `${factKey}:${month}`
  let storable = false;
  if (cacheable.length > 0 && source) {
    // A newly registered source's stamps start now: on PostgreSQL a write begun before may still
    // commit unstamped, so this first computation is not stored (SQLite runs one writer at a time).
    storable = (await ensureFactSource(database, orgId, type.type, source)) || database.dialect === 'sqlite';
    const keysOf = new Map(months.map((month) => [month, stampKeysOf(month, timeZone, isDateOnly)]));
    const stamps = await monthStamps(database, orgId, type.type, keysOf.get(range.from)![0]!, keysOf.get(range.to)!.at(-1)!);
    for (const [month, keys] of keysOf)
      stampOf.set(
        month,
        keys.reduce((sum, key) => sum + (stamps.get(key) ?? 0), 0),
      );
    const context = [CACHE_VERSION, timeZone, field, isDateOnly, hash(type)];
    for (const spec of cacheable) factKeyOf.set(spec.key, hash([...context, spec.key, spec.aggregate, spec.field ?? null, spec.filter]));
    for (const cached of await cachedMonths(database, orgId, type.type, [...factKeyOf.values()], range.from, range.to))
      if (cached.stamp === stampOf.get(cached.month)) fresh.set(`${cached.factKey}:${cached.month}`, cached);
  }
  const isFresh = (spec: AggregateSpec, month: MonthIndex) => fresh.has(`${factKeyOf.get(spec.key)}:${month}`);
  const staleMonths = months.filter((month) => cacheable.some((spec) => !isFresh(spec, month)));
  const staleSpecs = cacheable.filter((spec) => staleMonths.some((month) => !isFresh(spec, month)));

  const queries: { specs: readonly AggregateSpec[]; range: MonthRange }[] = [
    ...monthRuns(staleMonths).map((run) => ({ specs: staleSpecs, range: run })),
    ...(alwaysQueried.length > 0 ? monthRuns(months).map((run) => ({ specs: alwaysQueried, range: run })) : []),
  ];
  const narrowed = location.siteIds !== undefined || location.regionId !== undefined;
  const toStore: CachedMonth[] = [];
  let done = 0;
  // One query after the other: the embedded database has one connection anyway, PostgreSQL keeps
  // connections free for other requests, and each statement stays inside the query time budget.
  for (const query of queries) {
    const rows = await aggregateFacts(database, type, part, query.specs, query.range, timeZone, location);
    const computed = valuesByLocation(rows, query.specs);
    for (const spec of query.specs) {
      const factKey = factKeyOf.get(spec.key);
      for (let month = query.range.from; month <= query.range.to; month += 1) {
        if (factKey !== undefined && isFresh(spec, month)) continue; // the cached value is added below
        const facts = computed.get(spec.key)?.get(month) ?? {};
        addTo(facts, month, spec.key);
        if (factKey !== undefined && storable && !narrowed) toStore.push({ factKey, month, stamp: stampOf.get(month)!, facts });
      }
    }
    done += 1;
    await request.onQuery?.(done, queries.length);
  }
  for (const spec of cacheable) {
    for (const month of months) {
      const cached = fresh.get(`${factKeyOf.get(spec.key)}:${month}`);
      if (cached) addTo(cached.facts, month, spec.key);
    }
  }
  await storeMonths(database, orgId, type.type, toStore);
  if (queries.length === 0) await request.onQuery?.(1, 1);
}
