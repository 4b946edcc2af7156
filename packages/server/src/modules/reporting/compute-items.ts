/**
 * From a report's facts to each item's figures, in memory (docs/product/reporting.md#kpi-maths):
 * a site item reads its site's documents and its own entries; a region item adds up its sites
 * (and documents placed in the region without a site); the group item adds up everything; a
 * multi-site item its sites; a personal item has its own entries only. Wherever an item has its
 * own entry for a month and metric, that entry wins over the roll-up. Every window is then
 * evaluated on the rolled-up part sums (a ratio of sums).
 */
import {
  computeWindows,
  ITEM_SCOPE,
  rollUpFacts,
  toMetricValueList,
  WINDOW_KEYS,
  type MonthIndex,
  type MetricValueEntry,
  type MonthlyFacts,
} from '@docket/shared';
import { itemKeyOf, scopeOf, siteIdsOf, siteKey } from './report-items.ts';
import type { ReportFacts } from './report-facts.ts';
import type { ReportModel } from './report-model.ts';
import type { StoredDocument } from './reporting.repository.ts';

/** What a refresh writes on an item: the computed lists, when, and that it is no longer refreshing. */
export interface ItemFigures {
  itm: MetricValueEntry[];
  ytd: MetricValueEntry[];
  roll12: MetricValueEntry[];
  roll24: MetricValueEntry[];
  target: MetricValueEntry[];
  last_updated: string;
  isRefreshing: false;
}

export interface ComputeOptions {
  /** Copy the metrics' targets over the items' own (`updateTargets`). */
  updateTargets?: boolean;
  /** Only these metrics' figures change (`report_metric_ids`); the others keep their stored values. */
  metricNames?: ReadonlySet<string>;
  now?: Date;
}

/**
 * The location keys of documents an item adds up, and the site items whose entries it adds up
 * (a site's own entry wins over its documents for a manual metric; documents only give aggregates,
 * so the two sums never meet in one part).
 */
function keysOf(values: Record<string, unknown>, facts: ReportFacts): { locations: string[]; sites: string[] } {
  const scope = scopeOf(values);
  if (scope === ITEM_SCOPE.group) return { locations: [...facts.locations.keys()], sites: facts.sites.map((site) => siteKey(site.id)) };
  if (scope === ITEM_SCOPE.region) {
    const region = values.region_id;
    const sites = facts.sites.filter((site) => site.regionId === region).map((site) => siteKey(site.id));
    return { locations: [...sites, `region-only:${String(region)}`], sites };
  }
  if (scope === ITEM_SCOPE.site)
    return typeof values.site_id === 'number' ? { locations: [siteKey(values.site_id)], sites: [] } : { locations: [], sites: [] };
  if (scope === ITEM_SCOPE.sites) {
    const sites = siteIdsOf(values).map(siteKey);
    return { locations: sites, sites };
  }
  return { locations: [], sites: [] };
}

/** An item's monthly facts: its documents, plus its sites' entries, with its own entries winning. */
function itemFactsOf(values: Record<string, unknown>, facts: ReportFacts): MonthlyFacts {
  const own = facts.entries.get(itemKeyOf(values));
  const { locations, sites } = keysOf(values, facts);
  const documents = rollUpFacts(facts.locations, locations);
  if (sites.length === 0) return rollUpFacts(new Map([['documents', documents]]), ['documents'], own);
  const entries = rollUpFacts(facts.entries, sites);
  return rollUpFacts(
    new Map([
      ['documents', documents],
      ['entries', entries],
    ]),
    ['documents', 'entries'],
    own,
  );
}

/** The text of an unavailable metric's entries: its value is unknown, and this says why. */
export function notComputedText(reason: string): string {
  return `Not computed: ${reason}`;
}

function withReasons(list: MetricValueEntry[], unavailable: ReadonlyMap<string, string>): MetricValueEntry[] {
  if (unavailable.size === 0) return list;
  return list.map((entry) => {
    const reason = unavailable.get(entry.metric);
    return reason === undefined ? entry : { ...entry, text: notComputedText(reason) };
  });
}

function merged(stored: unknown, fresh: MetricValueEntry[], only: ReadonlySet<string> | undefined): MetricValueEntry[] {
  if (!only) return fresh;
  const kept = Array.isArray(stored) ? (stored as MetricValueEntry[]).filter((entry) => !only.has(entry.metric)) : [];
  return [...kept, ...fresh.filter((entry) => only.has(entry.metric))];
}

function targetsOf(model: ReportModel, stored: unknown, updateTargets: boolean): MetricValueEntry[] {
  const own = new Map<string, number | null>();
  if (!updateTargets && Array.isArray(stored)) {
    for (const entry of stored as MetricValueEntry[]) if (typeof entry?.value === 'number') own.set(entry.metric, entry.value);
  }
  return model.metrics.map((metric) => {
    const name = String(metric.values.name ?? '');
    const targets = metric.values.targets as { value?: unknown } | undefined;
    const value = own.get(name) ?? (typeof targets?.value === 'number' ? targets.value : null);
    return { metric: name, value };
  });
}

/** The figures of each item for report month `month`, by item id. */
export function computeItems(
  model: ReportModel,
  facts: ReportFacts,
  items: readonly StoredDocument[],
  month: MonthIndex,
  options: ComputeOptions = {},
): Map<number, ItemFigures> {
  const lastUpdated = (options.now ?? new Date()).toISOString();
  const only = options.metricNames;
  const figures = new Map<number, ItemFigures>();
  for (const item of items) {
    const itemFacts = itemFactsOf(item.values, facts);
    const windows = computeWindows(model.compiled, itemFacts, month, model.settings);
    const lists = Object.fromEntries(
      WINDOW_KEYS.map((window) => {
        const fresh = withReasons(toMetricValueList(windows[window], model.metricOrder), model.unavailable);
        return [window, merged(item.values[window], fresh, only)];
      }),
    ) as Pick<ItemFigures, 'itm' | 'ytd' | 'roll12' | 'roll24'>;
    figures.set(item.id, {
      ...lists,
      target: merged(item.values.target, targetsOf(model, item.values.target, options.updateTargets === true), only),
      last_updated: lastUpdated,
      isRefreshing: false,
    });
  }
  return figures;
}
