/**
 * The exact analysis of a large table on the embedded database (platform/db/planner-statistics.ts,
 * docs/architecture.md#planner-statistics). Each index's scan holds SQLite's one write lock and
 * runs in the event loop, so it waits for the quiet hours:
 * outside them the job hands over to one queued for the window's start. In the window it
 * analyses the table an index at a time with a turn of the event loop between two.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext } from '../../app-context.ts';
import type { ClaimedJob } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler } from '../../platform/jobs/job-worker.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import { analyseTableExactly, FULL_STATISTICS_JOB } from '../../platform/db/planner-statistics.ts';
import { nextQuietStart } from './quiet-hours.ts';

export const fullStatisticsHandler: JobHandler = {
  async run(ctx: AppContext, job: ClaimedJob): Promise<string> {
    const table = String(job.payload.table ?? '');
    // PostgreSQL samples at random and analyses without blocking writes: nothing to wait for.
    if (ctx.database.dialect !== 'sqlite') return `${table}: PostgreSQL keeps its own statistics`;
    const now = new Date();
    const start = nextQuietStart(now, ctx.config.indexBuilds.quietHours);
    if (start !== now) {
      await enqueueJob(ctx.database.db, {
        orgId: null,
        kind: FULL_STATISTICS_JOB,
        uniqueKey: `${FULL_STATISTICS_JOB}:${table}:${start.toISOString()}`,
        payload: { table },
        runAfter: start,
      });
      return `${table}: put off to ${start.toISOString()}`;
    }
    const analysed = await analyseTableExactly(ctx.database, table, () => nextTurn());
    return `${table}: ${analysed.length} indexes analysed`;
  },
};
