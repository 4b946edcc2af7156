/**
 * What writing a report data item adds to the generic writes (docs/product/reporting.md#report-data,
 * #periods), for every path (the v3 and legacy APIs, seeds):
 * - the body: the computed fields (`itm`…`last_updated`, `isRefreshing`) and `master` never come
 *   from it — a create starts without them, an update keeps the stored ones; `closed` is the
 *   master's alone; a manual value that is not a number is refused ('not a number');
 * - checks: the report exists, the month is 2000-01 or later, a scope has its region, site, sites
 *   or exactly one user, the period exists ('Reporting period has not been created') and is open
 *   (409 'Period Closed'; an administrator may reopen the master), and the target and deviation
 *   checks of each manual value (400 naming the metric when a reason is required and missing);
 * - a delete of a closed period's item is refused (409); deleting the master deletes the period;
 * - after the commit the item's figures are recomputed.
 */
import type { Transaction } from 'kysely';
import {
  deviationBaseline,
  describeRefusal,
  eq,
  EARLIEST_REPORT_MONTH,
  ITEM_SCOPE,
  manualPartKey,
  manualValueRefusal,
  monthIndexOf,
  monthIndexOfText,
  REPORT_DATA_CALCULATED_FIELDS,
  type CheckedMetric,
  type MonthlyFacts,
  type ValidationProblem,
} from '@docket/shared';
import { HttpError } from '../../http/http-error.ts';
import { rowAllows } from '../../platform/access/authorize.ts';
import { resolveLocationOrThrow } from '../documents/location.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { appendAudit } from '../../platform/records/audit.ts';
import { deleteDocumentTree, patchDocumentsData } from '../../platform/records/documents.repository.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { systemUpdateScope } from './figures.repository.ts';
import type { ExistingDocument, HookContext, TypeWriteHooks, WriteEvent } from '../documents/type-hooks.ts';
import { catalogFor } from '../documents/list-params.ts';
import { isClosed, isMaster, itemsOfMonth, masterOf, PERIOD_CLOSED, PERIOD_NOT_CREATED } from './period.service.ts';
import { manualEntriesOf, monthDate } from './report-facts.ts';
import { itemKeyOf, scopeOf, siteIdsOf, userOf } from './report-items.ts';
import {
  itemIdsIn,
  itemsInSpan,
  listStored,
  metricsOf,
  systemReadScope,
  typeOrThrow,
  type StoredDocument,
} from './reporting.repository.ts';
import { EARLIEST_MONTH_MESSAGE, refreshItemFigures } from './refresh.service.ts';
import { DATE_RANGE_MESSAGE, REPORT_YEARS } from './report-years.ts';

export const NOT_A_NUMBER = (metric: string) => `${metric}: not a number`;
export const SCOPE_NEEDS: Record<number, { field: string; message: string }> = {
  [ITEM_SCOPE.region]: { field: 'region_id', message: 'A region item needs its region' },
  [ITEM_SCOPE.site]: { field: 'site_id', message: 'A site item needs its site' },
  [ITEM_SCOPE.sites]: { field: 'site_ids', message: 'A multi-site item needs its sites' },
  [ITEM_SCOPE.manual]: { field: 'actionee_ids', message: 'A personal item needs exactly one user' },
};
const REPORT_NOT_FOUND = 'The report cannot be found.';
export const ITEM_EXISTS = 'This report already has an item for this scope and month';
const LAST_REPORT_MONTH = monthIndexOf({ year: REPORT_YEARS.last, month: 12 });
export const SITES_NOT_READABLE = 'A multi-site item can add up only sites whose figures you may read.';

const serverOwned = [...REPORT_DATA_CALCULATED_FIELDS, 'master'];

async function writableBody(_hook: HookContext, body: Record<string, unknown>, existing: ExistingDocument | null) {
  const kept: Record<string, unknown> = { ...body };
  for (const field of serverOwned) delete kept[field];
  if (existing) {
    for (const field of serverOwned) if (existing.values[field] !== undefined) kept[field] = existing.values[field];
    if (existing.values.master !== true) delete kept.closed;
    // A master saved without `closed` keeps its state (the form's default would reopen it).
    else if (!Object.hasOwn(body, 'closed')) kept.closed = existing.values.closed === true;
  } else {
    delete kept.closed;
  }
  // Saving marks the item refreshing until its figures are recomputed after the commit.
  kept.isRefreshing = true;
  if (Array.isArray(kept.user)) {
    for (const entry of kept.user as { metric?: unknown; value?: unknown }[]) {
      const value = entry?.value;
      if (value !== null && value !== undefined && (typeof value !== 'number' || !Number.isFinite(value)))
        throw new HttpError('bad_request', NOT_A_NUMBER(String(entry.metric ?? '')), {
          details: [{ path: 'user', message: 'not a number' }],
        });
    }
  }
  return kept;
}

function scopeProblems(values: Record<string, unknown>): ValidationProblem[] {
  const scope = scopeOf(values);
  const needs = SCOPE_NEEDS[scope];
  if (!needs) return [];
  const present =
    scope === ITEM_SCOPE.sites
      ? siteIdsOf(values).length > 0
      : scope === ITEM_SCOPE.manual
        ? Array.isArray(values.actionee_ids) && values.actionee_ids.length === 1 && userOf(values) !== null
        : typeof values[needs.field] === 'number';
  return present ? [] : [{ path: needs.field, message: needs.message, keyword: 'required' }];
}

/**
 * A multi-site item adds up the figures of its `site_ids`, computed whatever the writer may read:
 * each of those sites must be one whose site item the writer may read, or the item would show
 * them another site's figures (its own `site_id` is checked as every document's location is).
 */
async function unreadableSites(hook: HookContext, values: Record<string, unknown>): Promise<ValidationProblem[]> {
  if (scopeOf(values) !== ITEM_SCOPE.sites) return [];
  for (const siteId of siteIdsOf(values)) {
    const location = await resolveLocationOrThrow(hook.ctx.database.db, hook.principal.org.id, { site_id: siteId, region_id: null });
    const siteItem = { ...values, scope: ITEM_SCOPE.site, ...location, site_ids: [], created_by: '' };
    if (!rowAllows(hook.principal, hook.type, 'read', siteItem)) {
      return [{ path: 'site_ids', message: SITES_NOT_READABLE, keyword: 'x-access' }];
    }
  }
  return [];
}

/** The target and deviation checks of every manual value changed by this write. */
async function valueRefusals(hook: HookContext, values: Record<string, unknown>, month: number, existing: ExistingDocument | null) {
  const entries = Array.isArray(values.user) ? (values.user as { metric: string; value?: unknown; reason?: unknown }[]) : [];
  if (entries.length === 0) return;
  const before = new Map(
    (Array.isArray(existing?.values.user) ? (existing.values.user as { metric: string; value?: unknown }[]) : []).map((e) => [
      e.metric,
      e.value,
    ]),
  );
  const orgId = hook.principal.org.id;
  const metrics = new Map((await metricsOf(hook.ctx, orgId, Number(values.report_id))).map((m) => [String(m.values.name), m.values]));
  const rdType = hook.type;
  let history: MonthlyFacts | undefined | null = null;
  for (const entry of entries) {
    if (typeof entry.value !== 'number' || before.get(entry.metric) === entry.value) continue;
    const metric = metrics.get(entry.metric);
    if (!metric) continue;
    if (history === null) {
      const past = await listStored(hook.ctx, systemReadScope(orgId, rdType), eq('report_id', Number(values.report_id)), []);
      history = manualEntriesOf(past.filter((item) => itemKeyOf(item.values) === itemKeyOf(values))).get(itemKeyOf(values));
    }
    const checked = metric as unknown as CheckedMetric;
    const previous = deviationBaseline(checked.deviation, history, manualPartKey(entry.metric), month);
    const ownTarget = Array.isArray(values.target)
      ? (values.target as { metric: string; value?: unknown }[]).find((t) => t.metric === entry.metric)?.value
      : undefined;
    const refusal = manualValueRefusal({
      metric: { ...checked, name: entry.metric },
      value: entry.value,
      previous,
      target: typeof ownTarget === 'number' ? ownTarget : null,
      reason: typeof entry.reason === 'string' ? entry.reason : null,
    });
    if (refusal) throw new HttpError('bad_request', describeRefusal(refusal), { details: [{ path: 'user', message: refusal.message }] });
  }
}

async function validate(
  hook: HookContext,
  values: Record<string, unknown>,
  existing: ExistingDocument | null,
): Promise<ValidationProblem[]> {
  const orgId = hook.principal.org.id;
  const reportType = await typeOrThrow(hook.ctx, orgId, 'report');
  const reportId = Number(values.report_id);
  const [report] = await listStored(hook.ctx, systemReadScope(orgId, reportType), eq('id', reportId), []);
  if (!report) return [{ path: 'report_id', message: REPORT_NOT_FOUND, keyword: 'x-lookup' }];
  const month = monthIndexOfText(String(values.report_date ?? ''));
  if (month === undefined || month < monthIndexOf(EARLIEST_REPORT_MONTH))
    return [{ path: 'report_date', message: EARLIEST_MONTH_MESSAGE, keyword: 'minimum' }];
  if (month > LAST_REPORT_MONTH) return [{ path: 'report_date', message: DATE_RANGE_MESSAGE, keyword: 'maximum' }];
  const problems = [...scopeProblems(values), ...(await unreadableSites(hook, values))];
  if (problems.length > 0) return problems;
  const items = await itemsOfMonth(hook.ctx, orgId, hook.type, reportId, month);
  const master = masterOf(items);
  if (!master) throw new HttpError('bad_request', PERIOD_NOT_CREATED);
  const reopening = existing !== null && existing.id === master.id && values.closed === false;
  if (isClosed(master) && !reopening) throw new HttpError('conflict', PERIOD_CLOSED);
  if (existing && existing.values.report_id !== values.report_id) throw new HttpError('bad_request', REPORT_NOT_FOUND);
  // One item per scope and month: two would each claim the same site's entries in the roll-ups.
  const key = itemKeyOf(values);
  if (items.some((item) => item.id !== existing?.id && itemKeyOf(item.values) === key))
    return [{ path: 'scope', message: ITEM_EXISTS, keyword: 'unique' }];
  await valueRefusals(hook, values, month, existing);
  return [];
}

async function periodOfItem(hook: HookContext, values: Record<string, unknown>): Promise<StoredDocument[]> {
  const month = monthIndexOfText(String(values.report_date ?? ''));
  // A month past the last one has no period (its span would end in a five-digit year).
  if (month === undefined || month > LAST_REPORT_MONTH) return [];
  return itemsOfMonth(hook.ctx, hook.principal.org.id, hook.type, Number(values.report_id), month);
}

/**
 * Closing or reopening the period (on its master) is copied onto every item of the month, so a
 * member who may read only their site's item still sees whether the period is open
 * (docs/product/reporting.md#periods). Items are written only while the period is open, so the
 * copy is false again whenever one of them is saved.
 */
async function copyPeriodState(hook: HookContext, trx: Transaction<Tables>, event: WriteEvent): Promise<void> {
  const month = monthIndexOfText(String(event.values.report_date ?? ''));
  if (month === undefined) return;
  const part = systemUpdateScope(hook.principal.org.id, hook.type, 'reporting period closed or reopened');
  const span = { from: monthDate(month), to: monthDate(month + 1) };
  const ids = await itemIdsIn(hook.ctx.database, trx, part, itemsInSpan(Number(event.values.report_id), span));
  const closed = event.values.closed === true;
  await patchDocumentsData(
    hook.ctx.database,
    trx,
    part,
    ids.filter((id) => id !== event.id).map((id) => [id, { closed }] as const),
  );
}

export const reportDataWriteHooks: TypeWriteHooks = {
  writableBody,
  validate,

  async beforeDelete(hook, existing) {
    if (isClosed(masterOf(await periodOfItem(hook, existing.values)))) throw new HttpError('conflict', PERIOD_CLOSED);
  },

  async afterWrite(hook, trx, event) {
    if (event.action === 'update' && isMaster(event.values)) return copyPeriodState(hook, trx, event);
    // Deleting the master deletes the reporting period: every item of its month goes with it.
    if (event.action !== 'delete' || !isMaster(event.values)) return;
    const month = monthIndexOfText(String(event.values.report_date ?? ''));
    if (month === undefined) return;
    const orgId = hook.principal.org.id;
    const part = {
      docType: hook.type.type,
      scope: AccessScope.system(orgId, 'delete', 'reporting period deleted'),
      catalog: catalogFor(null, hook.type),
    };
    const span = { from: monthDate(month), to: monthDate(month + 1) };
    for (const id of await itemIdsIn(hook.ctx.database, trx, part, itemsInSpan(Number(event.values.report_id), span))) {
      if (id === event.id) continue;
      const removed = await deleteDocumentTree(hook.ctx.database, trx, part, id);
      for (const doc of removed)
        await appendAudit(trx, { orgId, docId: doc.id, docType: doc.doc_type, action: 'delete', actor: hook.principal.uuid, changes: {} });
    }
  },

  async afterCommit(hook, event) {
    if (event.action === 'delete') return;
    const orgId = hook.principal.org.id;
    const reportType = await typeOrThrow(hook.ctx, orgId, 'report');
    const [report] = await listStored(hook.ctx, systemReadScope(orgId, reportType), eq('id', Number(event.values.report_id)), []);
    const [item] = await listStored(hook.ctx, systemReadScope(orgId, hook.type), eq('id', event.id), []);
    if (report && item) await refreshItemFigures(hook.ctx, orgId, hook.type, report, item);
  },
};
