/**
 * What a report data item is to the engine: its scope, the ids of that scope, its month and the
 * key that names the same scope across months (a site's March item and its April item share
 * `site:7`), so manual entries of earlier months reach a window (docs/product/reporting.md#report-data).
 */
import { ITEM_SCOPE, monthIndexOfText, type MonthIndex } from '@docket/shared';

export interface ItemValues {
  scope?: unknown;
  region_id?: unknown;
  site_id?: unknown;
  site_ids?: unknown;
  actionee_ids?: unknown;
  report_date?: unknown;
  [field: string]: unknown;
}

function idOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

export function scopeOf(values: ItemValues): number {
  return typeof values.scope === 'number' ? values.scope : ITEM_SCOPE.site;
}

export function siteIdsOf(values: ItemValues): number[] {
  return Array.isArray(values.site_ids) ? values.site_ids.filter((id): id is number => idOf(id) !== null).sort((a, b) => a - b) : [];
}

export function userOf(values: ItemValues): string | null {
  const first: unknown = Array.isArray(values.actionee_ids) ? values.actionee_ids[0] : undefined;
  return typeof first === 'string' ? first : null;
}

/** The facts-cube key of a site: its documents and its site item's manual entries. */
export const siteKey = (siteId: number): string => `site:${siteId}`;

/** The scope an item covers, the same for every month. */
export function itemKeyOf(values: ItemValues): string {
  const scope = scopeOf(values);
  if (scope === ITEM_SCOPE.group) return 'group';
  if (scope === ITEM_SCOPE.region) return `region:${String(idOf(values.region_id))}`;
  if (scope === ITEM_SCOPE.site) return siteKey(idOf(values.site_id) ?? 0);
  if (scope === ITEM_SCOPE.sites) return `sites:${siteIdsOf(values).join(',')}`;
  return `user:${String(userOf(values))}:${String(idOf(values.site_id) ?? '')}`;
}

export function itemMonthOf(values: ItemValues): MonthIndex | undefined {
  return typeof values.report_date === 'string' ? monthIndexOfText(values.report_date) : undefined;
}

/**
 * The order of Manage Period's list (docs/product/reporting.md#report-data): by date, then region
 * and scope, then site, client, project and user.
 */
export function compareItems(a: ItemValues, b: ItemValues): number {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const num = (v: unknown) => (typeof v === 'number' ? v : -1);
  return (
    text(a.report_date).localeCompare(text(b.report_date)) ||
    num(a.region_id) - num(b.region_id) ||
    scopeOf(a) - scopeOf(b) ||
    num(a.site_id) - num(b.site_id) ||
    num(a.client_id) - num(b.client_id) ||
    num(a.project_id) - num(b.project_id) ||
    String(userOf(a) ?? '').localeCompare(String(userOf(b) ?? ''))
  );
}
