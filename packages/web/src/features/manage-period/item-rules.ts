/**
 * The rules of the Manage Period list (docs/product/reporting.md#report-data and
 * docs/product/reporting.md#periods): which item is the period, whether it is closed, who may
 * edit or delete an item, the sort order and the list's search and toggles. Pure, so the screen
 * and its tests share them.
 */
import type { ReportDataItem } from './types.ts';

/** Item scopes: 0 several sites, 1 group (the master), 2 region, 3 site, 9 personal or manual. */
export const SCOPE = { sites: 0, group: 1, region: 2, site: 3, manual: 9 } as const;

/** The reporting period is the group-scope master item of the month. */
export function findPeriod(items: readonly ReportDataItem[]): ReportDataItem | undefined {
  return items.find((item) => item.master === true && item.scope === SCOPE.group) ?? items.find((item) => item.scope === SCOPE.group);
}

export function isPeriodClosed(period: ReportDataItem | undefined): boolean {
  if (!period) return false;
  return period.meta?.workflow?.closed === true || period.status === 'Closed' || period.closed === true;
}

/** Edit: the period is open and either an administrator on a scope below 9, or the item's own editor flag on scope 9. */
export function canEditItem(item: ReportDataItem, isClosed: boolean, isAdministrator: boolean): boolean {
  if (isClosed) return false;
  if (item.scope === SCOPE.manual) return item.meta?.access?.editor === true;
  return isAdministrator;
}

/** Delete: the same shape with the item's delete flag. */
export function canDeleteItem(item: ReportDataItem, isClosed: boolean, isAdministrator: boolean): boolean {
  if (isClosed) return false;
  if (item.scope === SCOPE.manual) return item.meta?.access?.delete === true;
  return isAdministrator;
}

/** Roles that may open Manage Period and create items there (docs/product/reporting.md#manage-period). */
export const MANAGE_PERIOD_ROLES = ['administrator', 'manager', 'editor'] as const;

export function canManagePeriod(roles: readonly string[]): boolean {
  return roles.some((role) => (MANAGE_PERIOD_ROLES as readonly string[]).includes(role));
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export interface ItemNames {
  region: string;
  site: string;
  client: string;
  project: string;
  user: string;
}

/**
 * The readable names of an item's scope ids. The server labels reference fields under their own
 * key (`data_normalised.site_id`); the spec's short keys (`site`) are read too.
 */
export function itemNames(item: ReportDataItem): ItemNames {
  const labels = (item.data_normalised ?? {}) as Record<string, unknown>;
  const name = (short: string, field: string) => {
    const value = labels[short] ?? labels[field];
    return Array.isArray(value) ? value.map(text).filter(Boolean).join(', ') : text(value);
  };
  return {
    region: name('region', 'region_id'),
    site: item.scope === SCOPE.sites ? name('sites', 'site_ids') || name('site', 'site_id') : name('site', 'site_id'),
    client: name('client', 'client_id'),
    project: name('project', 'project_id'),
    user: name('actionees', 'actionee_ids'),
  };
}

/** The words that name an item: its scope's labels, most specific last. */
export function itemLabelParts(item: ReportDataItem): string[] {
  if (item.scope === SCOPE.group) return [];
  const names = itemNames(item);
  const parts = [names.region, names.site, names.client, names.project, names.user].filter(Boolean);
  if (parts.length > 0) return parts;
  return [];
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/** Sort order: date, then region and scope, then site, client, project, user. */
export function compareItems(a: ReportDataItem, b: ReportDataItem): number {
  const la = itemNames(a);
  const lb = itemNames(b);
  return (
    byText(text(a.sort_date ?? a.report_date), text(b.sort_date ?? b.report_date)) ||
    byText(la.region, lb.region) ||
    a.scope - b.scope ||
    byText(la.site, lb.site) ||
    byText(la.client, lb.client) ||
    byText(la.project, lb.project) ||
    byText(la.user, lb.user) ||
    a.id - b.id
  );
}

export function sortItems(items: readonly ReportDataItem[]): ReportDataItem[] {
  return [...items].sort(compareItems);
}

export interface ListToggles {
  search: string;
  /** 'Tally Reports': include tally items (off by default). */
  showTally: boolean;
  /** 'Editable' (on by default): only the items the user may edit. */
  onlyEditable: boolean;
}

export function visibleItems(
  items: readonly ReportDataItem[],
  toggles: ListToggles,
  isEditable: (item: ReportDataItem) => boolean,
  labelOf: (item: ReportDataItem) => string,
): ReportDataItem[] {
  const needle = toggles.search.trim().toLocaleLowerCase();
  return sortItems(items).filter(
    (item) =>
      (toggles.showTally || item.tally !== true) &&
      (!toggles.onlyEditable || isEditable(item)) &&
      (needle === '' || labelOf(item).toLocaleLowerCase().includes(needle)),
  );
}

/** The confirmation a delete asks for: the master's deletes the whole period. */
export function deleteConfirmationKey(item: ReportDataItem): 'managePeriod.deleteMaster' | 'managePeriod.deleteItem' {
  return item.scope === SCOPE.group ? 'managePeriod.deleteMaster' : 'managePeriod.deleteItem';
}
