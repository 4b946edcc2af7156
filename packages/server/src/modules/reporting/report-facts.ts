/**
 * Fills a report's facts for a report month (docs/product/reporting.md#kpi-maths): one grouped
 * query per document type (and span of months not cached: month-facts.ts) holding every aggregate
 * of the report's formulas over the months any window reaches (back to M-23, or the fiscal year's
 * start), plus the manual entries of every item of the report in those months. Nothing here runs per item, metric or window.
 */
import {
  andAll,
  earliestMonthNeeded,
  eq,
  inList,
  type FilterNode,
  FactsCubeBuilder,
  formatYearMonth,
  manualPartKey,
  yearMonthOf,
  type FactsCube,
  type MonthIndex,
  type MonthlyFacts,
  type MonthRange,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { AggregateSpec } from './facts.repository.ts';
import { typeFacts } from './month-facts.ts';
import type { ReportModel } from './report-model.ts';
import { itemKeyOf, itemMonthOf } from './report-items.ts';
import {
  entryRowsIn,
  itemsInSpan,
  placesOf,
  reportDataType,
  systemReadScope,
  typeOrThrow,
  type Place,
  type StoredDocument,
} from './reporting.repository.ts';

export interface ReportFacts {
  /** The months held: back to the earliest month any window of any asked report month reaches. */
  range: MonthRange;
  /** Documents per location: `site:{id}`, `region-only:{id}` (a region but no site), `none`. */
  locations: FactsCube;
  /** Manual entries per item key (report-items.ts) and month. */
  entries: ReadonlyMap<string, MonthlyFacts>;
  sites: Place[];
  regions: number[];
}

/** The first day of a month as a report date (`2026-03-01`). */
export function monthDate(month: MonthIndex): string {
  return `${formatYearMonth(yearMonthOf(month))}-01`;
}

/** The last day of a month (`2026-02-28`). */
export function monthEndDate(month: MonthIndex): string {
  return new Date(Date.parse(`${monthDate(month + 1)}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Which documents and items a computation needs: all of them (a period refresh), all of them added
 * up as one location (the group item alone: `total`), those of some sites (a site or multi-site
 * item), of one region, or none (a personal item reads its own entries only). Narrowing keeps a
 * single-item refresh to that item's rows; `total` spares it adding every site's months twice.
 */
export type FactsReach =
  { kind: 'all' } | { kind: 'total' } | { kind: 'sites'; siteIds: number[] } | { kind: 'region'; regionId: number } | { kind: 'entries' };

const ALL: FactsReach = { kind: 'all' };

function itemFilterOf(reach: FactsReach): FilterNode | null {
  if (reach.kind === 'sites') return inList('site_id', reach.siteIds);
  if (reach.kind === 'region') return eq('region_id', reach.regionId);
  return null;
}

/** Called with the share (0 to 1) of the facts queries done. */
export type FactsProgress = (share: number) => Promise<unknown> | undefined;

async function documentFacts(
  ctx: AppContext,
  model: ReportModel,
  range: MonthRange,
  reach: FactsReach,
  cube: FactsCubeBuilder,
  onProgress?: FactsProgress,
): Promise<void> {
  if (reach.kind === 'entries') return;
  const byType = new Map<string, AggregateSpec[]>();
  for (const part of model.compiled.parts) {
    if (part.kind !== 'aggregate') continue;
    const specs = byType.get(part.type) ?? [];
    const spec: AggregateSpec = { key: part.key, aggregate: part.aggregate, filter: part.filter };
    if (part.field !== undefined) spec.field = part.field;
    specs.push(spec);
    byType.set(part.type, specs);
  }
  const location = reach.kind === 'sites' ? { siteIds: reach.siteIds } : reach.kind === 'region' ? { regionId: reach.regionId } : {};
  let typesDone = 0;
  for (const [typeName, specs] of byType) {
    const type = await typeOrThrow(ctx, model.orgId, typeName);
    await typeFacts(
      ctx,
      {
        orgId: model.orgId,
        type,
        part: systemReadScope(model.orgId, type),
        specs,
        range,
        timeZone: model.settings.timeZone,
        location,
        addedUp: reach.kind === 'total',
        onQuery: (done, total) => onProgress?.((typesDone + done / total) / byType.size),
      },
      cube,
    );
    typesDone += 1;
  }
}

/** Every item's entered values, by item key and month: a number entry is known, anything else is not. */
export function manualEntriesOf(items: readonly StoredDocument[]): Map<string, MonthlyFacts> {
  const builder = new FactsCubeBuilder();
  for (const item of items) {
    const month = itemMonthOf(item.values);
    if (month === undefined || !Array.isArray(item.values.user)) continue;
    const key = itemKeyOf(item.values);
    for (const entry of item.values.user as { metric?: unknown; value?: unknown }[]) {
      if (typeof entry?.metric !== 'string' || typeof entry.value !== 'number' || !Number.isFinite(entry.value)) continue;
      builder.set(key, month, manualPartKey(entry.metric), entry.value);
    }
  }
  return builder.build() as Map<string, MonthlyFacts>;
}

/** The range of months the windows of report months `from`..`to` need. */
export function factsRangeOf(model: ReportModel, months: MonthRange): MonthRange {
  return { from: earliestMonthNeeded(months.from, model.settings), to: months.to };
}

export async function loadReportFacts(
  ctx: AppContext,
  model: ReportModel,
  months: MonthRange,
  reach: FactsReach = ALL,
  onProgress?: FactsProgress,
): Promise<ReportFacts> {
  const range = factsRangeOf(model, months);
  const cube = new FactsCubeBuilder();
  const rdType = await reportDataType(ctx, model.orgId);
  const itemFilter = itemFilterOf(reach);
  const span = itemsInSpan(model.report.id, { from: monthDate(range.from), to: monthDate(range.to + 1) });
  const [items, places] = await Promise.all([
    entryRowsIn(ctx.database, systemReadScope(model.orgId, rdType), itemFilter ? andAll([span, itemFilter]) : span),
    placesOf(ctx, model.orgId),
    documentFacts(ctx, model, range, reach, cube, onProgress),
  ]);
  return { range, locations: cube.build(), entries: manualEntriesOf(items), ...places };
}
