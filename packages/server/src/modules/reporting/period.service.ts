/**
 * Reporting periods (docs/product/reporting.md#periods): the period of a report month is its master
 * item (scope 1, `master`) with `from_date`, `to_date` and `closed`. Creating or refreshing it
 * creates the items of every scope the report covers — the group (the master itself), its regions,
 * its sites and, for a report with `user_scope`, one personal item per user — that do not exist yet.
 *
 * Which scopes: the report's `cover_scopes` when set, else the group plus each level whose
 * qualifier (`region_scope`, `site_scope`, `user_scope`) is not None. Which ids: a qualifier of 2
 * (Specific) keeps its listed ids, 3 (Exclude) all but them, otherwise all.
 */
import { andAll, eq, ITEM_SCOPE, monthIndexOfText, type DocumentSchema, type MonthIndex } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { appendAudit, diffFields } from '../../platform/records/audit.ts';
import { formatDisplayId, nextSequence } from '../../platform/records/display-id.ts';
import { blankDocumentRow, insertDocument, type NewDocumentRow } from '../../platform/records/documents.repository.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { writeJson } from '../../platform/db/json.ts';
import { itemKeyOf } from './report-items.ts';
import { monthDate, monthEndDate } from './report-facts.ts';
import { itemsInSpan, listStored, placesOf, reportDataIn, systemReadScope, type StoredDocument } from './reporting.repository.ts';

export const PERIOD_CLOSED = 'Period Closed';
export const PERIOD_NOT_CREATED = 'Reporting period has not been created';

const QUALIFIER = { none: 0, any: 1, specific: 2, exclude: 3 } as const;

export function isMaster(values: Record<string, unknown>): boolean {
  return values.master === true;
}

export function isClosed(master: StoredDocument | undefined): boolean {
  return master?.values.closed === true;
}

/** The period of a month: its master item, when created. */
export function masterOf(items: readonly StoredDocument[]): StoredDocument | undefined {
  return items.find((item) => isMaster(item.values));
}

export async function itemsOfMonth(ctx: AppContext, orgId: number, rdType: DocumentSchema, reportId: number, month: MonthIndex) {
  return reportDataIn(ctx, systemReadScope(orgId, rdType), reportId, { from: monthDate(month), to: monthDate(month + 1) });
}

/** The master item of a month, alone (the month's other items and their figures are not read). */
export async function masterOfMonth(ctx: AppContext, orgId: number, rdType: DocumentSchema, reportId: number, month: MonthIndex) {
  const span = itemsInSpan(reportId, { from: monthDate(month), to: monthDate(month + 1) });
  return masterOf(await listStored(ctx, systemReadScope(orgId, rdType), andAll([span, eq('master', true)]), []));
}

/** The period (master item) holding a report date, read org-wide (a period is not anyone's row). */
export async function periodOf(ctx: AppContext, orgId: number, rdType: DocumentSchema, reportId: number, reportDate: string) {
  const month = monthIndexOfText(reportDate);
  if (month === undefined) return undefined;
  return masterOfMonth(ctx, orgId, rdType, reportId, month);
}

function idsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function qualified<T>(all: readonly T[], qualifier: unknown, listed: unknown): T[] {
  const ids = idsOf(listed);
  if (qualifier === QUALIFIER.specific) return all.filter((id) => ids.includes(id));
  if (qualifier === QUALIFIER.exclude) return all.filter((id) => !ids.includes(id));
  return [...all];
}

function coveredScopes(report: Record<string, unknown>): Set<number> {
  const explicit = idsOf(report.cover_scopes).filter((scope): scope is number => typeof scope === 'number');
  if (explicit.length > 0) return new Set([ITEM_SCOPE.group, ...explicit]);
  const scopes = new Set<number>([ITEM_SCOPE.group]);
  if (Number(report.region_scope ?? 0) > 0) scopes.add(ITEM_SCOPE.region);
  if (Number(report.site_scope ?? 0) > 0) scopes.add(ITEM_SCOPE.site);
  if (Number(report.user_scope ?? 0) > 0) scopes.add(ITEM_SCOPE.manual);
  return scopes;
}

/** The values of every item the report covers in `month` (the master first). */
export async function coveredItems(ctx: AppContext, orgId: number, report: StoredDocument, month: MonthIndex) {
  const values = report.values;
  const scopes = coveredScopes(values);
  const tally = new Set(idsOf(values.tally_scopes));
  const base = (scope: number) => ({
    report_id: report.id,
    report_date: monthDate(month),
    from_date: monthDate(month),
    to_date: monthEndDate(month),
    scope,
    tally: tally.has(scope),
    master: false,
  });
  const items: Record<string, unknown>[] = [{ ...base(ITEM_SCOPE.group), master: true, closed: false }];
  const places = await placesOf(ctx, orgId);
  if (scopes.has(ITEM_SCOPE.region)) {
    for (const region of qualified(places.regions, values.region_scope, values.region_ids))
      items.push({ ...base(ITEM_SCOPE.region), region_id: region });
  }
  if (scopes.has(ITEM_SCOPE.site)) {
    const siteIds = qualified(
      places.sites.map((site) => site.id),
      values.site_scope,
      values.site_ids,
    );
    const regionOf = new Map(places.sites.map((site) => [site.id, site.regionId]));
    for (const site of siteIds) items.push({ ...base(ITEM_SCOPE.site), site_id: site, region_id: regionOf.get(site) ?? null });
  }
  if (scopes.has(ITEM_SCOPE.manual)) {
    const members = await ctx.database.db.selectFrom('memberships').select('identity_uuid').where('org_id', '=', orgId).execute();
    const users = qualified(members.map((m) => m.identity_uuid).sort(), values.user_scope, values.user_ids);
    for (const user of users) items.push({ ...base(ITEM_SCOPE.manual), actionee_ids: [user] });
  }
  return items;
}

/**
 * Creates the period's missing items in one transaction (each with its display id and audit row),
 * and answers every item of the month. Runs for the administrator who creates or refreshes it.
 */
export async function ensurePeriodItems(
  ctx: AppContext,
  orgId: number,
  actor: string,
  rdType: DocumentSchema,
  report: StoredDocument,
  month: MonthIndex,
): Promise<StoredDocument[]> {
  const existing = await itemsOfMonth(ctx, orgId, rdType, report.id, month);
  const present = new Set(existing.map((item) => itemKeyOf(item.values)));
  const missing = (await coveredItems(ctx, orgId, report, month)).filter((values) => !present.has(itemKeyOf(values)));
  if (missing.length === 0) return existing;
  const scope = AccessScope.system(orgId, 'create', 'reporting period items');
  await writeQueueFor(ctx.database).run(async (trx) => {
    const now = new Date();
    const stamp = now.toISOString();
    for (const values of missing) {
      const { region_id: regionId, site_id: siteId, ...data } = values;
      const row: NewDocumentRow = {
        ...blankDocumentRow(orgId, rdType.type, actor, stamp),
        display_id: formatDisplayId(rdType.idMask, rdType.type, await nextSequence(trx, orgId, rdType.type), now),
        summary: String(values.report_date),
        site_id: typeof siteId === 'number' ? siteId : null,
        region_id: typeof regionId === 'number' ? regionId : null,
        data: writeJson(data),
      };
      const id = await insertDocument(trx, scope, row);
      await appendAudit(trx, { orgId, docId: id, docType: rdType.type, action: 'create', actor, changes: diffFields({}, values) });
    }
  });
  return itemsOfMonth(ctx, orgId, rdType, report.id, month);
}
