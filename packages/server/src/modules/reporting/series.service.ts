/**
 * `GET /reporting/{reportId}`: one metric's series for a scope (docs/product/reporting.md#api) —
 * the last 12 months up to the report month (or 5 annual dates) with ITM, YTD, ROLL12, TARGET and
 * `total` (the group's ITM of the same month, the organisation total beside a region or site).
 * Stored items are read as the caller may read them; `virtual=true` computes the same figures
 * from the facts without stored items, for a scope the caller may read.
 */
import {
  andAll,
  eq,
  ITEM_SCOPE,
  monthOf,
  parseYearMonth,
  monthIndexOf,
  yearMonthOf,
  type MetricValueEntry,
  type MonthIndex,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { rowAllows, NOT_AUTHORISED } from '../../platform/access/authorize.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { readScope } from '../documents/read-scope.ts';
import { computeItems } from './compute-items.ts';
import { loadReportFacts, monthDate } from './report-facts.ts';
import { itemKeyOf, itemMonthOf } from './report-items.ts';
import { loadReportModel } from './report-model.ts';
import { readableReportOrThrow } from './refresh.service.ts';
import { itemsInSpan, listStored, reportDataType, type StoredDocument } from './reporting.repository.ts';
import { SCOPE_NEEDS } from './report-data-hooks.ts';
import { DATE_RANGE_MESSAGE, REPORT_YEARS } from './report-years.ts';

export const METRIC_NOT_FOUND = 'No data found for configured metric!';
export const DATE_FORMAT_MESSAGE = 'The date must be YYYY-MM-DD.';

export interface SeriesQuery {
  metric: string;
  scope?: number | undefined;
  region_id?: number | undefined;
  site_id?: number | undefined;
  virtual?: boolean | undefined;
  /** The report month (any day of it); default: this month in the organisation's time zone. */
  date?: string | undefined;
  /** Five annual dates instead of twelve months. */
  years?: boolean | undefined;
}

export interface SeriesPoint {
  title: string;
  report_date: string;
  itm: number | null;
  ytd: number | null;
  roll12: number | null;
  target: number | null;
  total: number | null;
}

const titles = new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** `MMM YY` (docs/product/reporting.md#limits). */
export function monthTitle(month: MonthIndex): string {
  const { year, month: m } = yearMonthOf(month);
  return titles.format(new Date(Date.UTC(year, m - 1, 1)));
}

/** A report date (`YYYY-MM-DD`, a real day) as its month; a 400 in the API's words otherwise. */
export function monthOfDateOrThrow(date: string): MonthIndex {
  // parseYearMonth checks the day is one of its month's (2026-02-30 is no date).
  const month = /^\d{4}-\d{2}-\d{2}$/.test(date) ? parseYearMonth(date) : undefined;
  if (month === undefined) throw new HttpError('bad_request', DATE_FORMAT_MESSAGE);
  if (month.year < REPORT_YEARS.first || month.year > REPORT_YEARS.last) throw new HttpError('bad_request', DATE_RANGE_MESSAGE);
  return monthIndexOf(month);
}

function valueOf(list: unknown, metric: string): number | null {
  if (!Array.isArray(list)) return null;
  const value = (list as MetricValueEntry[]).find((entry) => entry?.metric === metric)?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function scopeValues(query: SeriesQuery): Record<string, unknown> {
  const scope = query.scope ?? ITEM_SCOPE.group;
  const values: Record<string, unknown> = { scope };
  if (scope === ITEM_SCOPE.region) values.region_id = query.region_id;
  if (scope === ITEM_SCOPE.site) values.site_id = query.site_id;
  const needs = SCOPE_NEEDS[scope];
  if (!needs || (scope !== ITEM_SCOPE.region && scope !== ITEM_SCOPE.site && scope !== ITEM_SCOPE.group))
    throw new HttpError('bad_request', 'The scope must be 1 (group), 2 (region) or 3 (site).');
  if (typeof values[needs.field] !== 'number') throw new HttpError('bad_request', needs.message);
  return values;
}

export async function metricSeries(ctx: AppContext, principal: Principal, reportId: number, query: SeriesQuery) {
  const orgId = principal.org.id;
  const { report } = await readableReportOrThrow(ctx, principal, reportId);
  const model = await loadReportModel(ctx, orgId, report);
  const metric = model.metrics.find((m) => m.values.name === query.metric);
  if (!metric) throw notFound(METRIC_NOT_FOUND);
  const wanted = query.scope === undefined || query.scope === ITEM_SCOPE.group ? { scope: ITEM_SCOPE.group } : scopeValues(query);
  const end = query.date ? monthOfDateOrThrow(query.date) : monthIndexOf(monthOf(new Date(), model.settings.timeZone));
  const months = query.years ? [4, 3, 2, 1, 0].map((back) => end - back * 12) : Array.from({ length: 12 }, (_, i) => end - 11 + i);
  const rdType = await reportDataType(ctx, orgId);
  const name = query.metric;
  const byMonth = new Map<MonthIndex, { item?: StoredDocument | undefined; group?: StoredDocument | undefined }>();
  const key = itemKeyOf(wanted);
  let items: StoredDocument[];
  if (query.virtual) {
    if (!rowAllows(principal, rdType, 'read', { ...wanted, created_by: '' })) throw new HttpError('forbidden', NOT_AUTHORISED);
    // The organisation total beside it only for whom may read the group's item, as the stored path reads it.
    const groupItem = { scope: ITEM_SCOPE.group, master: true, created_by: '' };
    const mayReadGroup = wanted.scope === ITEM_SCOPE.group || rowAllows(principal, rdType, 'read', groupItem);
    const facts = await loadReportFacts(ctx, model, { from: months[0]!, to: end });
    items = [];
    for (const month of months) {
      const synthetic = (id: number, values: Record<string, unknown>): StoredDocument => ({
        id,
        version: 0,
        values: { ...values, report_date: monthDate(month) },
      });
      const pair = [synthetic(1, wanted), synthetic(2, { scope: ITEM_SCOPE.group })];
      const figures = computeItems(model, facts, pair, month);
      const [item, group] = pair.map((doc) => ({ ...doc, values: { ...doc.values, ...figures.get(doc.id) } }));
      byMonth.set(month, { item, group: mayReadGroup ? group : undefined });
    }
  } else {
    const span = itemsInSpan(report.id, { from: monthDate(months[0]!), to: monthDate(end + 1) });
    items = await listStored(ctx, readScope(principal, rdType), andAll([span, eq('scope', Number(wanted.scope))]), [], principal.uuid);
    const groups =
      wanted.scope === ITEM_SCOPE.group
        ? items
        : await listStored(ctx, readScope(principal, rdType), andAll([span, eq('master', true)]), [], principal.uuid);
    for (const item of items.filter((i) => itemKeyOf(i.values) === key)) {
      const month = itemMonthOf(item.values);
      if (month !== undefined) byMonth.set(month, { ...byMonth.get(month), item });
    }
    for (const group of groups.filter((g) => g.values.master === true)) {
      const month = itemMonthOf(group.values);
      if (month !== undefined) byMonth.set(month, { ...byMonth.get(month), group });
    }
  }
  const dataAr: SeriesPoint[] = months.map((month) => {
    const { item, group } = byMonth.get(month) ?? {};
    return {
      title: monthTitle(month),
      report_date: monthDate(month),
      itm: valueOf(item?.values.itm, name),
      ytd: valueOf(item?.values.ytd, name),
      roll12: valueOf(item?.values.roll12, name),
      target: valueOf(item?.values.target, name),
      total: valueOf(group?.values.itm, name),
    };
  });
  const { label, format, targets, unit, i18n } = metric.values;
  // The label's translations ride along so a user's own metric cards read in their language (docs/product/reporting.md#metrics).
  return { metric: { name, label, format: format ?? 0, unit: unit ?? '#', targets: targets ?? null, i18n: i18n ?? null }, dataAr };
}
