/**
 * Awaited jobs first (docs/architecture.md#durable-jobs): an index build an administrator asked
 * for runs next even when thousands of notifications were queued before it, on both databases,
 * and with none of those kinds ready the oldest ready job runs as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { NOTIFY_DOCUMENT_JOB } from '../../modules/notifications/notification-triggers.ts';
import { SHAPE_INDEX_JOB, TYPE_INDEXES_JOB } from '../../modules/list-indexes/index-jobs.ts';
import { drainJobs, runJobsOnce } from './job-worker.ts';
import { CompiledQuery } from 'kysely';
import { claimJob, claimJobs, enqueueJob, readyJobQuery } from './jobs.repository.ts';

const BULK = 300;

describe.each(testDialects)('awaited jobs on %s', (dialect) => {
  let t: TestApp;
  let orgId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    const db = t.ctx.database.db;
    orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
    // Whatever the start queued is set aside: the queue holds only this test's jobs.
    await db.updateTable('jobs').set({ status: 'done' }).where('status', '=', 'pending').execute();
  }, 120_000);
  afterAll(async () => t.close());

  async function queueBulk(prefix: string): Promise<void> {
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await t.ctx.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < BULK; i++)
        await enqueueJob(trx, { orgId, kind: NOTIFY_DOCUMENT_JOB, uniqueKey: `${prefix}-${i}`, payload: {}, runAfter: anHourAgo });
    });
  }

  /** An index build of a shape that names no field: the handler finds nothing to build and completes. */
  async function queueBuild(uniqueKey: string): Promise<void> {
    await enqueueJob(t.ctx.database.db, { orgId, kind: SHAPE_INDEX_JOB, uniqueKey, payload: { docType: 'incident', shape: '' } });
  }

  async function statusOf(uniqueKey: string) {
    return (await t.ctx.database.db.selectFrom('jobs').select(['status']).where('unique_key', '=', uniqueKey).executeTakeFirstOrThrow())
      .status;
  }

  it('runs an index build queued behind 300 notifications next', async () => {
    await queueBulk('bulk-a');
    await queueBuild('awaited-build');
    expect(await runJobsOnce(t.ctx, 'worker-a', 1)).toBe(1);
    expect(await statusOf('awaited-build')).toBe('done');
    expect(await statusOf('bulk-a-0')).toBe('pending');
  });

  it('claims the oldest ready job when no awaited kind is ready', async () => {
    const claimed = await claimJob(t.ctx.database, 'worker-b', 60_000, new Date(), [SHAPE_INDEX_JOB]);
    expect(claimed?.uniqueKey).toBe('bulk-a-0');
  });

  it('without awaited kinds named, claims in run_after order only', async () => {
    await queueBulk('bulk-c');
    await queueBuild('late-build');
    const claimed = await claimJob(t.ctx.database, 'worker-c', 60_000, new Date());
    expect(claimed?.kind).toBe(NOTIFY_DOCUMENT_JOB);
  });

  it('takes the oldest ready job among the awaited kinds, whichever kind is named first', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await enqueueJob(t.ctx.database.db, { orgId, kind: SHAPE_INDEX_JOB, uniqueKey: 'newer-shape', payload: {}, runAfter: at(5) });
    await enqueueJob(t.ctx.database.db, { orgId, kind: TYPE_INDEXES_JOB, uniqueKey: 'older-type', payload: {}, runAfter: at(30) });
    const kinds = [SHAPE_INDEX_JOB, TYPE_INDEXES_JOB];
    expect((await claimJob(t.ctx.database, 'worker-d', 60_000, new Date(), kinds))?.uniqueKey).toBe('older-type');
    expect((await claimJob(t.ctx.database, 'worker-d', 60_000, new Date(), kinds))?.uniqueKey).toBe('newer-shape');
    // The build the previous test queued (ready now) is the only awaited job left.
    expect((await claimJob(t.ctx.database, 'worker-d', 60_000, new Date(), kinds))?.uniqueKey).toBe('late-build');
  });

  it.runIf(dialect === 'sqlite')('looks for an awaited kind in its own index, not among the queued notifications', async () => {
    const compiled = readyJobQuery(SHAPE_INDEX_JOB, new Date().toISOString()).compile(t.ctx.database.db);
    const plan = (await t.ctx.database.db.executeQuery(CompiledQuery.raw('EXPLAIN QUERY PLAN ' + compiled.sql, [...compiled.parameters])))
      .rows as { detail: string }[];
    expect(plan.map((row) => row.detail)).toEqual([
      expect.stringMatching(/^SEARCH jobs USING INDEX jobs_ready_kind \(status=\? AND kind=\? AND run_after<\?\)$/),
    ]);
  });

  it('claims a batch of the oldest ready jobs at once; a job that fails in it is retried later, the others are done', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const queue = (uniqueKey: string, kind: string, hours: number) =>
      enqueueJob(t.ctx.database.db, { orgId, kind, uniqueKey, payload: {}, runAfter: hoursAgo(hours) });
    await queue('batch-1', NOTIFY_DOCUMENT_JOB, 9);
    await queue('batch-2-no-handler', 'no.such.kind', 8);
    await queue('batch-3', NOTIFY_DOCUMENT_JOB, 7);
    const claimed = await claimJobs(t.ctx.database, 'worker-batch', 60_000, new Date(), [], 2);
    expect(claimed.map((job) => job.uniqueKey)).toEqual(['batch-1', 'batch-2-no-handler']);
    // Claimed jobs are locked: the next claim takes the next one.
    expect((await claimJob(t.ctx.database, 'worker-other', 60_000))?.uniqueKey).toBe('batch-3');
    await t.ctx.database.db.updateTable('jobs').set({ locked_until: null }).where('unique_key', 'like', 'batch-%').execute();

    expect(await runJobsOnce(t.ctx, 'worker-batch', 3)).toBe(3);
    expect(await statusOf('batch-1')).toBe('done');
    expect(await statusOf('batch-3')).toBe('done');
    const failed = await t.ctx.database.db
      .selectFrom('jobs')
      .select(['status', 'last_error', 'run_after'])
      .where('unique_key', '=', 'batch-2-no-handler')
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('pending');
    expect(failed.last_error).toBe('No handler for job kind no.such.kind');
    expect(new Date(failed.run_after).getTime()).toBeGreaterThan(Date.now());
  });

  it('drains a backlog of several batches in one go, answering requests between its jobs', async () => {
    await queueBulk('backlog');
    let drained = false;
    const drain = drainJobs(t.ctx, 'worker-e').then((ran) => {
      drained = true;
      return ran;
    });
    // On the embedded database every statement runs on the event loop: the answer comes while the
    // drain is under way only because the drain yields between its jobs.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(drained).toBe(false);
    expect(await drain).toBeGreaterThanOrEqual(BULK);
    const left = await t.ctx.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .where('run_after', '<=', new Date().toISOString())
      .where('locked_until', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
