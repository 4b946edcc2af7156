/**
 * What the reporting refresh benchmark (`reporting-refresh-benchmark.ts`) times: a period refresh
 * through the engine's durable job, a single item's refresh through its HTTP call, and the
 * engine's steps of each, timed one by one (where a refresh's time goes).
 */
import { yearMonthOf, eq, type MonthIndex } from '@docket/shared';
import { runJobsOnce } from '@docket/server/src/platform/jobs/job-worker.ts';
import { aggregateFacts } from '@docket/server/src/modules/reporting/facts.repository.ts';
import { loadReportModel } from '@docket/server/src/modules/reporting/report-model.ts';
import { computeItems } from '@docket/server/src/modules/reporting/compute-items.ts';
import { writeFigures } from '@docket/server/src/modules/reporting/figures.repository.ts';
import { itemsOfMonth, masterOfMonth } from '@docket/server/src/modules/reporting/period.service.ts';
import { REFRESH_PERIOD_JOB } from '@docket/server/src/modules/reporting/refresh-job.ts';
import {
  entryRowsIn,
  itemsInSpan,
  listStored,
  systemReadScope,
  typeOrThrow,
} from '@docket/server/src/modules/reporting/reporting.repository.ts';
import { cachedMonths } from '@docket/server/src/modules/reporting/month-facts.repository.ts';
import { loadReportFacts, monthDate } from '@docket/server/src/modules/reporting/report-facts.ts';
import type { Bench } from './reporting-refresh-fixture.ts';
import { timed } from './timing.ts';

export async function refreshPeriod(b: Bench, reportId: number, month: MonthIndex): Promise<void> {
  const { year, month: m } = yearMonthOf(month);
  const response = await b.t.as(b.admin, { method: 'POST', url: `/reporting/${reportId}?year=${year}&month=${m}` });
  if (response.statusCode >= 300) throw new Error(response.body);
  await runJobsOnce(b.t.ctx, 'bench', 1000);
  const failed = await b.t.ctx.database.db
    .selectFrom('jobs')
    .select(['status', 'last_error'])
    .where('kind', '=', REFRESH_PERIOD_JOB)
    .where('status', '!=', 'done')
    .executeTakeFirst();
  if (failed) throw new Error(`The period refresh did not finish: ${failed.status} ${failed.last_error ?? ''}`);
}

export async function itemId(
  b: Bench,
  reportId: number,
  month: MonthIndex,
  pick: (values: Record<string, unknown>) => boolean,
): Promise<number> {
  const rdType = await typeOrThrow(b.t.ctx, b.orgId, 'report_data');
  const items = await itemsOfMonth(b.t.ctx, b.orgId, rdType, reportId, month);
  const found = items.find((item) => pick(item.values));
  if (!found) throw new Error('item not found');
  return found.id;
}

export async function refreshItem(b: Bench, reportId: number, month: MonthIndex, id: number): Promise<void> {
  const { year, month: m } = yearMonthOf(month);
  const response = await b.t.as(b.admin, { method: 'POST', url: `/reporting/${reportId}?year=${year}&month=${m}&rdid=${id}` });
  if (response.statusCode !== 200) throw new Error(response.body);
}

/** Where a period refresh's time goes: the engine's steps, timed one by one. */
export async function profileRefresh(b: Bench, reportId: number, month: MonthIndex): Promise<Record<string, number>> {
  const ctx = b.t.ctx;
  const reportType = await typeOrThrow(ctx, b.orgId, 'report');
  const rdType = await typeOrThrow(ctx, b.orgId, 'report_data');
  const [report] = await listStored(ctx, systemReadScope(b.orgId, reportType), eq('id', reportId), []);
  const [model, tModel] = await timed(() => loadReportModel(ctx, b.orgId, report!));
  const [items, tItems] = await timed(() => itemsOfMonth(ctx, b.orgId, rdType, reportId, month));
  const [facts, tFacts] = await timed(() => loadReportFacts(ctx, model, { from: month, to: month }));
  // The two halves of loading the facts, apart: the grouped query of the 30 aggregates, and the
  // report data items of the windows' months (for their manual entries).
  const incidentType = await typeOrThrow(ctx, b.orgId, 'incident');
  const specs = model.compiled.parts.flatMap((p) =>
    p.kind === 'aggregate'
      ? [{ key: p.key, aggregate: p.aggregate, filter: p.filter, ...(p.field === undefined ? {} : { field: p.field }) }]
      : [],
  );
  const [, tQuery] = await timed(() =>
    aggregateFacts(ctx.database, incidentType, systemReadScope(b.orgId, incidentType), specs, facts.range, model.settings.timeZone),
  );
  const [, tEntries] = await timed(() =>
    listStored(
      ctx,
      systemReadScope(b.orgId, rdType),
      itemsInSpan(reportId, { from: monthDate(facts.range.from), to: monthDate(facts.range.to + 1) }),
      [{ field: 'report_date', direction: 'asc' }],
    ),
  );
  const [figures, tCompute] = await timed(async () => computeItems(model, facts, items, month, {}));
  const [, tWrite] = await timed(() => writeFigures(ctx, b.orgId, rdType, [...figures]));
  return { model: tModel, items: tItems, facts: tFacts, query: tQuery, entries: tEntries, compute: tCompute, write: tWrite };
}

/** Where a single group item's refresh goes: the engine's steps for that one item, timed one by one. */
export async function profileGroupItem(b: Bench, reportId: number, month: MonthIndex, id: number): Promise<Record<string, number>> {
  const ctx = b.t.ctx;
  const reportType = await typeOrThrow(ctx, b.orgId, 'report');
  const rdType = await typeOrThrow(ctx, b.orgId, 'report_data');
  const [report] = await listStored(ctx, systemReadScope(b.orgId, reportType), eq('id', reportId), []);
  const [item] = await listStored(ctx, systemReadScope(b.orgId, rdType), eq('id', id), []);
  const [, tPeriod] = await timed(() => masterOfMonth(ctx, b.orgId, rdType, reportId, month));
  const [model, tModel] = await timed(() => loadReportModel(ctx, b.orgId, report!));
  const [facts, tFacts] = await timed(() => loadReportFacts(ctx, model, { from: month, to: month }));
  const [figures, tCompute] = await timed(async () => computeItems(model, facts, [item!], month, {}));
  const [, tWrite] = await timed(() => writeFigures(ctx, b.orgId, rdType, [...figures]));
  // The facts' parts apart: the cached months of the 30 aggregates, and the windows' manual entries.
  const keys = await ctx.database.db.selectFrom('report_month_facts').select('fact_key').distinct().where('org_id', '=', b.orgId).execute();
  const [, tCached] = await timed(() =>
    cachedMonths(
      ctx.database,
      b.orgId,
      'incident',
      keys.map((k) => k.fact_key),
      facts.range.from,
      facts.range.to,
    ),
  );
  const span = itemsInSpan(reportId, { from: monthDate(facts.range.from), to: monthDate(facts.range.to + 1) });
  const [, tEntries] = await timed(() => entryRowsIn(ctx.database, systemReadScope(b.orgId, rdType), span));
  return { period: tPeriod, model: tModel, facts: tFacts, cached: tCached, entries: tEntries, compute: tCompute, write: tWrite };
}
