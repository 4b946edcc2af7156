/**
 * The period-wide refresh as a durable job (docs/product/reporting.md#manage-period): creates the
 * period's missing items, loads the report's facts once (one grouped query per document type),
 * computes every item in memory and writes the figures in batches, moving the report's
 * `percentComplete` from 0 to 1 with each batch; at the end `refreshing` is false.
 *
 * Restart-safe: a job whose process died is claimed again when its lock expires (jobs.repository.ts);
 * it skips the items already written since the refresh started (`last_updated` ≥ `startedAt`), so
 * progress resumes where it stopped. After its last attempt fails the report stops answering
 * `refreshing`, so the screens do not wait forever.
 */
import { eq, type MonthIndex } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { ClaimedJob } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { computeItems } from './compute-items.ts';
import { writeFigures, writeProgress } from './figures.repository.ts';
import { ensurePeriodItems, isClosed, masterOf } from './period.service.ts';
import { loadReportFacts } from './report-facts.ts';
import { loadReportModel, metricNameOf, type ReportModel } from './report-model.ts';
import { computeOptionsOf } from './refresh-options.ts';
import { listStored, reportDataType, systemReadScope, typeOrThrow } from './reporting.repository.ts';

export const REFRESH_PERIOD_JOB = 'reporting.refresh-period';

/** Items written per transaction (and per progress step). */
export const REFRESH_BATCH = 50;

const MAX_ATTEMPTS = 3;

/** The share of the progress ring the facts queries take; writing the items takes the rest. */
const FACTS_SHARE = 0.5;

function roundShare(share: number): number {
  return Math.min(1, Math.round(share * 1000) / 1000);
}

export interface RefreshJobPayload {
  reportId: number;
  month: MonthIndex;
  /** Who asked: the creator of the period's new items. */
  actor: string;
  updateTargets: boolean;
  reportMetricIds: number[];
  /** When the refresh was asked for: items updated since are done (a resumed job skips them). */
  startedAt: string;
}

/** A metric that could not be computed is told to the organisation's administrators (their logs), once per period refresh. */
async function logUnavailableMetrics(ctx: AppContext, model: ReportModel): Promise<void> {
  for (const metric of model.metrics) {
    const reason = model.unavailable.get(metricNameOf(metric));
    if (reason === undefined) continue;
    await writeLog(ctx.database, {
      orgId: model.orgId,
      type: 2,
      subject: 'Metric not computed',
      summary: `Report '${String(model.report.values.title ?? model.report.id)}', metric '${metricNameOf(metric)}': ${reason}`,
    });
  }
}

async function runRefresh(ctx: AppContext, orgId: number, payload: RefreshJobPayload): Promise<void> {
  const reportType = await typeOrThrow(ctx, orgId, 'report');
  const [report] = await listStored(ctx, systemReadScope(orgId, reportType), eq('id', payload.reportId), []);
  if (!report) return; // deleted meanwhile: nothing to refresh
  const rdType = await reportDataType(ctx, orgId);
  const progress = (percentComplete: number, refreshing = true) =>
    writeQueueFor(ctx.database).run((trx) => writeProgress(ctx, trx, orgId, reportType, report.id, { refreshing, percentComplete }));
  const items = await ensurePeriodItems(ctx, orgId, payload.actor, rdType, report, payload.month);
  if (isClosed(masterOf(items))) {
    await progress(1, false);
    return;
  }
  const model = await loadReportModel(ctx, orgId, report);
  await logUnavailableMetrics(ctx, model);
  const todo = items.filter((item) => !(typeof item.values.last_updated === 'string' && item.values.last_updated >= payload.startedAt));
  // Progress: reading the facts is the first half, writing the items the second.
  const resumed = (items.length - todo.length) / Math.max(1, items.length);
  const facts = await loadReportFacts(ctx, model, { from: payload.month, to: payload.month }, undefined, (share) =>
    todo.length === 0 ? undefined : progress(roundShare(FACTS_SHARE * share * (1 - resumed))),
  );
  const figures = [...computeItems(model, facts, todo, payload.month, computeOptionsOf(model, payload))];
  let done = items.length - todo.length;
  for (let start = 0; start < figures.length; start += REFRESH_BATCH) {
    const batch = figures.slice(start, start + REFRESH_BATCH);
    done += batch.length;
    const share = roundShare(FACTS_SHARE + (1 - FACTS_SHARE) * (done / Math.max(1, items.length)));
    await writeFigures(ctx, orgId, rdType, batch, async (trx) => {
      await writeProgress(ctx, trx, orgId, reportType, report.id, { refreshing: share < 1, percentComplete: share });
    });
  }
  await progress(1, false);
}

export const refreshPeriodHandler: JobHandler = {
  maxAttempts: MAX_ATTEMPTS,
  // The user who asked for the refresh watches its progress.
  isAwaited: true,
  async run(ctx: AppContext, job: ClaimedJob) {
    const orgId = job.orgId;
    if (orgId === null) return;
    const payload = job.payload as unknown as RefreshJobPayload;
    try {
      await runRefresh(ctx, orgId, payload);
    } catch (error) {
      if (job.attempts >= MAX_ATTEMPTS) {
        const reportType = await typeOrThrow(ctx, orgId, 'report');
        await writeQueueFor(ctx.database).run((trx) =>
          writeProgress(ctx, trx, orgId, reportType, payload.reportId, { refreshing: false, percentComplete: 1 }),
        );
      }
      throw error;
    }
  },
};
