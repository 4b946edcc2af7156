/**
 * `POST /reporting/{reportId}` (docs/product/reporting.md#api). With `rdid`: one item refreshed
 * now, answering its figures by id. Without: the period of `year`/`month` is refreshed by a durable
 * job (refresh-job.ts) — one per report at a time; while it runs, the report answers `refreshing`
 * and `percentComplete`, and a second request answers that progress instead of starting another.
 */
import { isReportableMonth, ITEM_SCOPE, monthIndexOf, type DocumentSchema, type MonthIndex } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { authorize, CANNOT_EDIT } from '../../platform/access/authorize.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { documentForOrThrow } from '../documents/readable-document.ts';
import { DOCUMENT_NOT_FOUND } from '../documents/read-scope.ts';
import { computeItems, type ItemFigures } from './compute-items.ts';
import { computeOptionsOf, progressOf, type RefreshOptions } from './refresh-options.ts';
import { writeFigures, writeProgress, type RefreshProgress } from './figures.repository.ts';
import { isClosed, masterOfMonth, PERIOD_CLOSED } from './period.service.ts';
import { loadReportFacts, type FactsReach } from './report-facts.ts';
import { itemMonthOf, scopeOf, siteIdsOf } from './report-items.ts';
import { loadReportModel } from './report-model.ts';
import { reportDataType, storedDocumentOf, typeOrThrow, type StoredDocument } from './reporting.repository.ts';
import { REFRESH_PERIOD_JOB, type RefreshJobPayload } from './refresh-job.ts';

export const EARLIEST_MONTH_MESSAGE = 'The earliest month is 2000-01.';

export interface RefreshRequest extends RefreshOptions {
  year: number;
  month: number;
  rdid?: number | undefined;
}

export type ItemFiguresAnswer = Pick<ItemFigures, 'itm' | 'ytd' | 'roll12' | 'roll24' | 'target' | 'last_updated'>;

export function reportMonthOrThrow(year: number, month: number): MonthIndex {
  const index = monthIndexOf({ year, month });
  if (!isReportableMonth(index)) throw new HttpError('bad_request', EARLIEST_MONTH_MESSAGE);
  return index;
}

/** The report as the caller may read it (404 when it is not theirs to read, or not a report). */
export async function readableReportOrThrow(ctx: AppContext, principal: Principal, reportId: number) {
  const type = await typeOrThrow(ctx, principal.org.id, 'report');
  const { row } = await documentForOrThrow(ctx, principal, type, reportId, 'read');
  return { type, report: storedDocumentOf(row) };
}

/** The documents and entries one item's figures depend on. */
export function reachOf(values: Record<string, unknown>): FactsReach {
  const scope = scopeOf(values);
  if (scope === ITEM_SCOPE.site && typeof values.site_id === 'number') return { kind: 'sites', siteIds: [values.site_id] };
  if (scope === ITEM_SCOPE.sites) return { kind: 'sites', siteIds: siteIdsOf(values) };
  if (scope === ITEM_SCOPE.region && typeof values.region_id === 'number') return { kind: 'region', regionId: values.region_id };
  if (scope === ITEM_SCOPE.manual) return { kind: 'entries' };
  if (scope === ITEM_SCOPE.group) return { kind: 'total' };
  return { kind: 'all' };
}

/** Computes and stores one item's figures (a refresh of one row, or after the item was saved). */
export async function refreshItemFigures(
  ctx: AppContext,
  orgId: number,
  rdType: DocumentSchema,
  report: StoredDocument,
  item: StoredDocument,
  request: RefreshOptions = {},
): Promise<ItemFigures | undefined> {
  const month = itemMonthOf(item.values);
  if (month === undefined) return undefined;
  const model = await loadReportModel(ctx, orgId, report);
  const facts = await loadReportFacts(ctx, model, { from: month, to: month }, reachOf(item.values));
  const figures = computeItems(model, facts, [item], month, computeOptionsOf(model, request)).get(item.id);
  if (figures) await writeFigures(ctx, orgId, rdType, [[item.id, figures]]);
  return figures;
}

async function refreshOneItem(ctx: AppContext, principal: Principal, report: StoredDocument, request: RefreshRequest & { rdid: number }) {
  const orgId = principal.org.id;
  const rdType = await reportDataType(ctx, orgId);
  // Refreshing a row is offered to those who manage report data (docs/product/reporting.md#manage-period).
  if (!authorize(principal, rdType, 'create').allowed) throw new HttpError('forbidden', CANNOT_EDIT);
  const item = storedDocumentOf((await documentForOrThrow(ctx, principal, rdType, request.rdid, 'read')).row);
  if (item.values.report_id !== report.id) throw notFound(DOCUMENT_NOT_FOUND);
  const month = itemMonthOf(item.values);
  if (month !== undefined && isClosed(await masterOfMonth(ctx, orgId, rdType, report.id, month)))
    throw new HttpError('conflict', PERIOD_CLOSED);
  const figures = await refreshItemFigures(ctx, orgId, rdType, report, item, request);
  if (!figures) return {};
  const { itm, ytd, roll12, roll24, target, last_updated } = figures;
  return { [String(item.id)]: { itm, ytd, roll12, roll24, target, last_updated } satisfies ItemFiguresAnswer };
}

async function startPeriodRefresh(
  ctx: AppContext,
  principal: Principal,
  reportType: DocumentSchema,
  report: StoredDocument,
  month: MonthIndex,
  request: RefreshRequest,
): Promise<RefreshProgress> {
  const orgId = principal.org.id;
  // Administrators create and refresh reporting periods (docs/product/reporting.md#periods).
  if (!authorize(principal, reportType, 'update').allowed) throw new HttpError('forbidden', CANNOT_EDIT);
  const rdType = await reportDataType(ctx, orgId);
  if (isClosed(await masterOfMonth(ctx, orgId, rdType, report.id, month))) throw new HttpError('conflict', PERIOD_CLOSED);
  if (report.values.refreshing === true) return progressOf(report);
  const payload: RefreshJobPayload = {
    reportId: report.id,
    month,
    actor: principal.uuid,
    updateTargets: request.updateTargets === true,
    reportMetricIds: [...(request.reportMetricIds ?? [])],
    startedAt: new Date().toISOString(),
  };
  const started = await writeQueueFor(ctx.database).run(async (trx) => {
    // Guarded by the report's version: of two simultaneous requests one flips the flag and
    // enqueues; the job's key names that version, so a retry never enqueues twice.
    const flipped = await writeProgress(ctx, trx, orgId, reportType, report.id, { refreshing: true, percentComplete: 0 }, report.version);
    if (!flipped) return false;
    await enqueueJob(trx, {
      orgId,
      kind: REFRESH_PERIOD_JOB,
      uniqueKey: `${REFRESH_PERIOD_JOB}:${orgId}:${report.id}:${report.version}`,
      payload: { ...payload },
    });
    return true;
  });
  if (started) return { refreshing: true, percentComplete: 0 };
  const { report: current } = await readableReportOrThrow(ctx, principal, report.id);
  return progressOf(current);
}

export async function refreshReport(ctx: AppContext, principal: Principal, reportId: number, request: RefreshRequest) {
  const { type, report } = await readableReportOrThrow(ctx, principal, reportId);
  const month = reportMonthOrThrow(request.year, request.month);
  if (request.rdid !== undefined) return refreshOneItem(ctx, principal, report, { ...request, rdid: request.rdid });
  return startPeriodRefresh(ctx, principal, type, report, month, request);
}
