/**
 * Keeps a report's monthly facts cache warm (docs/architecture.md "Reporting"): when a metric of a
 * report is saved, a durable job computes and stores the facts of the months the current month's
 * windows reach (M-23..M), so the first period refresh someone asks for reads the cache instead of
 * scanning every document (on 1,000,000 incidents: seconds instead of tens of seconds;
 * bench/README.md). Saves within a few seconds of each other (a new report's forty metrics) are
 * gathered into one warming.
 *
 * On PostgreSQL a type newly registered as a fact source is not stored on its first computation
 * (month-facts.ts: a write begun before the registration may still commit unstamped), so a warming
 * that registers a source runs again a moment later, and that run stores.
 */
import { eq, localDateOf, monthIndexOfText, type MonthIndex } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';
import { enqueueJob, type ClaimedJob } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { ensureFactSource } from './month-facts.repository.ts';
import { factSourceOfType } from './month-facts.ts';
import { loadReportFacts } from './report-facts.ts';
import { loadReportModel, type ReportModel } from './report-model.ts';
import { listStored, systemReadScope, typeOrThrow } from './reporting.repository.ts';

export const WARM_FACTS_JOB = 'reporting.warm-facts';

/** Saves of one report within this span share one warming, which starts when the span ends. */
export const WARM_GATHER_MS = 5_000;

interface WarmPayload {
  reportId: number;
  /** The run after a fact source was registered (the one that stores). */
  again?: boolean;
}

/** Enqueues the warming of `reportId`'s facts, in the caller's transaction (durable with the save). */
export async function enqueueFactsWarming(
  executor: Kysely<Tables> | Transaction<Tables>,
  orgId: number,
  reportId: number,
  now = new Date(),
): Promise<void> {
  const span = Math.floor(now.getTime() / WARM_GATHER_MS);
  await enqueueJob(executor, {
    orgId,
    kind: WARM_FACTS_JOB,
    uniqueKey: `${WARM_FACTS_JOB}:${orgId}:${reportId}:${span}`,
    payload: { reportId } satisfies WarmPayload,
    runAfter: new Date((span + 1) * WARM_GATHER_MS),
  });
}

/** The organisation's current month (its time zone's). */
function currentMonth(model: ReportModel, now: Date): MonthIndex {
  return monthIndexOfText(localDateOf(now, model.settings.timeZone))!;
}

/** Registers every type the report aggregates as a fact source; answers whether any was new. */
async function registerSources(ctx: AppContext, model: ReportModel): Promise<boolean> {
  let registered = false;
  const types = new Set(model.compiled.parts.flatMap((part) => (part.kind === 'aggregate' ? [part.type] : [])));
  for (const name of types) {
    const type = await typeOrThrow(ctx, model.orgId, name);
    const source = factSourceOfType(ctx.database, type, systemReadScope(model.orgId, type));
    if (source && !(await ensureFactSource(ctx.database, model.orgId, name, source))) registered = true;
  }
  return registered;
}

export const warmFactsHandler: JobHandler = {
  async run(ctx: AppContext, job: ClaimedJob) {
    const orgId = job.orgId;
    if (orgId === null) return;
    const payload = job.payload as unknown as WarmPayload;
    const reportType = await typeOrThrow(ctx, orgId, 'report');
    const [report] = await listStored(ctx, systemReadScope(orgId, reportType), eq('id', payload.reportId), []);
    if (!report) return; // deleted meanwhile
    const model = await loadReportModel(ctx, orgId, report);
    if ((await registerSources(ctx, model)) && ctx.database.dialect === 'postgres' && !payload.again) {
      await writeQueueFor(ctx.database).run((trx) =>
        enqueueJob(trx, {
          orgId,
          kind: WARM_FACTS_JOB,
          uniqueKey: `${WARM_FACTS_JOB}:${orgId}:${report.id}:again:${job.id}`,
          payload: { reportId: report.id, again: true } satisfies WarmPayload,
          runAfter: new Date(Date.now() + WARM_GATHER_MS),
        }),
      );
      return;
    }
    const month = currentMonth(model, new Date());
    await loadReportFacts(ctx, model, { from: month, to: month });
  },
};
