/**
 * Reading report data items (docs/product/reporting.md#report-data): a metric's figure in a
 * window, an item's label, the sort order of items, the period's master item and whether the
 * period is closed. Shared by the dashboard and Manage Period.
 */
import { localisedText } from './translated-text.ts';
import { ITEM_SCOPE } from './types.ts';
import type { MetricCategory, MetricEntry, ReportDataItem, ReportMetric } from './types.ts';

/** True when an entry's `metric` names this metric (by name, or by id written as a number or text). */
export function isEntryOf(entry: Pick<MetricEntry, 'metric'>, metric: Pick<ReportMetric, 'id' | 'name'>): boolean {
  return entry.metric === metric.name || String(entry.metric) === String(metric.id);
}

/** The metric's reference in a card: its name, or its id. */
export function findMetric(metrics: readonly ReportMetric[], reference: string | number | undefined): ReportMetric | undefined {
  if (reference === undefined || reference === '') return undefined;
  return metrics.find((metric) => metric.name === reference || String(metric.id) === String(reference));
}

export function entryOf(
  item: ReportDataItem | undefined,
  category: MetricCategory,
  metric: Pick<ReportMetric, 'id' | 'name'>,
): MetricEntry | undefined {
  return item?.[category]?.find((entry) => isEntryOf(entry, metric));
}

/** The figure of `metric` in `category` of `item`: a number, or null when unknown. */
export function valueOf(
  item: ReportDataItem | undefined,
  category: MetricCategory,
  metric: Pick<ReportMetric, 'id' | 'name'>,
): number | null {
  const value = entryOf(item, category, metric)?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Whether the server could not compute the figure: no value, and a `text` saying why (a metric
 * whose formula names a field its type no longer has, docs/product/reporting.md#metrics).
 */
export function isNotComputed(
  item: ReportDataItem | undefined,
  category: MetricCategory,
  metric: Pick<ReportMetric, 'id' | 'name'>,
): boolean {
  const entry = entryOf(item, category, metric);
  return Boolean(entry?.text) && valueOf(item, category, metric) === null;
}

/** The item's own target wins over the metric's (docs/product/reporting.md#kpi-maths). */
export function targetOf(item: ReportDataItem | undefined, metric: ReportMetric): number | null {
  const own = valueOf(item, 'target', metric);
  if (own !== null) return own;
  const value = metric.targets?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The metric's label in `language` when the metric has one for it (`i18n.data.fr.label`, or `fr`
 * for `fr-CA`), else its own label, else its name (docs/product/reporting.md#metrics).
 */
export function metricLabel(metric: Pick<ReportMetric, 'name' | 'label' | 'i18n'>, language?: string): string {
  return localisedText(metric, 'label', language)?.trim() || metric.name;
}

/** The metric's description in `language` when it has one there, else its own (docs/product/reporting.md#metrics). */
export function metricDescription(metric: Pick<ReportMetric, 'descrip' | 'i18n'>, language?: string): string | undefined {
  return localisedText(metric, 'descrip', language)?.trim();
}

/** Metrics in their configured order, then by label. */
export function sortMetrics(metrics: readonly ReportMetric[]): ReportMetric[] {
  return [...metrics].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || metricLabel(a).localeCompare(metricLabel(b)));
}

export interface ItemNames {
  region?: string;
  site?: string;
  client?: string;
  project?: string;
  person?: string;
}

/**
 * The readable names of what an item covers. The document engine labels references under their
 * field names (`region_id`, `site_id`, …); the spec's shorter keys (`region`, `site`, …) are read too.
 */
export function itemNames(item: ReportDataItem): ItemNames {
  const labels = (item.data_normalised ?? {}) as Record<string, unknown>;
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = labels[key];
      if (typeof value === 'string' && value.trim()) return value;
      if (Array.isArray(value) && value.length > 0) return value.map(String).join(', ');
    }
    return undefined;
  };
  return {
    region: pick('region', 'region_id'),
    site: pick('site', 'site_id'),
    client: pick('client', 'client_id'),
    project: pick('project', 'project_id'),
    person: pick('actionees', 'actionee_ids', 'manager'),
  };
}

/** A readable name: the site (its region left out), region, client, project or person it covers, else its scope's word. */
export function itemLabel(item: ReportDataItem, scopeWords: Readonly<Record<number, string>>): string {
  const names = itemNames(item);
  const region = item.scope === ITEM_SCOPE.site ? undefined : names.region;
  const parts = [region, names.site, names.client, names.project, names.person].filter((part): part is string => Boolean(part?.trim()));
  if (item.scope === ITEM_SCOPE.group || parts.length === 0) return scopeWords[item.scope] ?? String(item.scope);
  return parts.join(' · ');
}

const text = (value: string | null | undefined) => value ?? '';
// One collator for every comparison: `localeCompare` looks one up on each call, which made sorting
// a month's items a visible part of the dashboard's first paint. Same order (default locale).
const compareText = new Intl.Collator().compare;

/** Sort order of items: date, then region and scope, then site, client, project, user (docs/product/reporting.md#report-data). */
export function compareItems(a: ReportDataItem, b: ReportDataItem): number {
  const na = itemNames(a);
  const nb = itemNames(b);
  return (
    compareText(text(a.report_date), text(b.report_date)) ||
    compareText(text(na.region), text(nb.region)) ||
    a.scope - b.scope ||
    compareText(text(na.site), text(nb.site)) ||
    compareText(text(na.client), text(nb.client)) ||
    compareText(text(na.project), text(nb.project)) ||
    compareText(text(na.person), text(nb.person))
  );
}

export function sortItems(items: readonly ReportDataItem[]): ReportDataItem[] {
  return [...items].sort(compareItems);
}

/** The reporting period: the month's group-scope master item. */
export function periodItemOf(items: readonly ReportDataItem[]): ReportDataItem | undefined {
  return (
    items.find((item) => item.scope === ITEM_SCOPE.group && item.master !== false) ?? items.find((item) => item.scope === ITEM_SCOPE.group)
  );
}

export function isPeriodClosed(period: ReportDataItem | undefined): boolean {
  return Boolean(period && (period.closed || period.meta?.workflow?.closed || period.status === 'Closed'));
}

/**
 * Whether the month's period is closed, from the items the member may read: the period item when
 * they see it, else any item (the server copies the period's state onto every item, so a member
 * kept to one site still knows; docs/product/reporting.md#periods).
 */
export function isPeriodClosedIn(items: readonly ReportDataItem[]): boolean {
  const period = periodItemOf(items);
  return period ? isPeriodClosed(period) : items.some((item) => item.closed === true);
}

/** Scope 1 and 2 items stand out in the item switcher (docs/product/reporting.md#dashboard). */
export function isHighlightedScope(scope: number): boolean {
  return scope === ITEM_SCOPE.group || scope === ITEM_SCOPE.region;
}
