/**
 * The durable jobs table. Enqueueing is idempotent (a unique key per job: enqueueing the same key
 * twice — from two processes, or after a restart — leaves one row). Claiming marks one ready job
 * as taken for a while (`locked_until`); on PostgreSQL the candidate row is picked with
 * `FOR UPDATE SKIP LOCKED`, so concurrent workers never take the same job; on SQLite the single
 * connection runs the one-statement claim atomically (a single writer). A job whose worker died
 * becomes ready again when its lock expires: delivery is at least once, so handlers are idempotent.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { JobsTable, Tables } from '../db/tables.ts';
import { readJson, writeJson } from '../db/json.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export interface NewJob {
  orgId: number | null;
  kind: string;
  uniqueKey: string;
  payload: Record<string, unknown>;
  runAfter?: Date;
}

export interface ClaimedJob {
  id: number;
  orgId: number | null;
  kind: string;
  uniqueKey: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Adds a job unless one with the same unique key exists; answers whether it was added. */
export async function enqueueJob(executor: Executor, job: NewJob): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await executor
    .insertInto('jobs')
    .values({
      org_id: job.orgId,
      kind: job.kind,
      unique_key: job.uniqueKey,
      payload: writeJson(job.payload),
      status: 'pending',
      attempts: 0,
      run_after: (job.runAfter ?? new Date()).toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_date: now,
      done_date: null,
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The oldest ready job of `kind` (or of any kind): one index range scan, `jobs_ready_kind` for a
 * kind and `jobs_ready` for any. A kind is always asked alone: with `kind IN (a, b, …)` the
 * planner took `jobs_ready` and read every ready job of every other kind to find none of these —
 * 15 ms a claim behind 80,000 queued notifications, on the event loop, during a burst of creates
 * (issue 18, bench/README.md).
 */
export function readyJobQuery(kind: string | null, at: string, lock = sql``, limit = 1) {
  return sql<{ id: number; run_after: string }>`SELECT id, run_after FROM jobs
      WHERE status = 'pending' ${kind === null ? sql`` : sql`AND kind = ${kind}`}
        AND run_after <= ${at} AND (locked_until IS NULL OR locked_until < ${at})
      ORDER BY run_after, id LIMIT ${sql.lit(limit)} ${lock}`;
}

/**
 * Takes the oldest ready job for `lockMs`, or answers undefined when none is ready. Jobs of
 * `firstKinds` (those someone waits for) go first, the oldest of them first.
 */
export async function claimJob(
  database: Database,
  workerId: string,
  lockMs: number,
  now = new Date(),
  firstKinds: readonly string[] = [],
): Promise<ClaimedJob | undefined> {
  return (await claimJobs(database, workerId, lockMs, now, firstKinds, 1))[0];
}

/**
 * Takes ready jobs for `lockMs`: one job of `firstKinds` (those someone waits for, the oldest of
 * them) when one is ready, else up to `limit` of the oldest ready jobs of any kind in one
 * statement. A burst of creates queues a notification each: claimed one by one, every job cost a
 * write of its own and the awaited-kind probes again (bench/README.md, ninth session).
 */
export async function claimJobs(
  database: Database,
  workerId: string,
  lockMs: number,
  now: Date,
  firstKinds: readonly string[],
  limit: number,
): Promise<ClaimedJob[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + lockMs).toISOString();
  const lock = database.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const claimOf = async (kind: string | null, count: number) =>
    (
      await sql<JobsTable & { id: number }>`
    UPDATE jobs SET locked_by = ${workerId}, locked_until = ${until}, attempts = attempts + 1
    WHERE id IN (SELECT id FROM (${readyJobQuery(kind, at, lock, count)}) AS ready)
    RETURNING id, org_id, kind, unique_key, payload, attempts, run_after`.execute(database.db)
    ).rows;
  let rows: (JobsTable & { id: number })[] = [];
  for (const kind of await readyKindsOldestFirst(database, firstKinds, at)) {
    rows = await claimOf(kind, 1);
    if (rows.length > 0) break;
  }
  if (rows.length === 0) rows = await claimOf(null, limit);
  // RETURNING keeps no order: the oldest first, as they were picked.
  return rows.sort(byRunAfterThenId).map((row) => ({
    id: Number(row.id),
    orgId: row.org_id === null ? null : Number(row.org_id),
    kind: row.kind,
    uniqueKey: row.unique_key,
    payload: readJson<Record<string, unknown>>(row.payload, {}),
    attempts: Number(row.attempts),
  }));
}

function byRunAfterThenId(a: { run_after: string; id: number }, b: { run_after: string; id: number }): number {
  const left = String(a.run_after);
  const right = String(b.run_after);
  return left < right ? -1 : left > right ? 1 : Number(a.id) - Number(b.id);
}

/** Those of `kinds` with a ready job, the one whose job is oldest first. */
async function readyKindsOldestFirst(database: Database, kinds: readonly string[], at: string): Promise<string[]> {
  const oldest = await Promise.all(
    kinds.map(async (kind) => ({ kind, job: (await readyJobQuery(kind, at).execute(database.db)).rows[0] })),
  );
  return oldest
    .flatMap(({ kind, job }) => (job ? [{ kind, run_after: job.run_after, id: job.id }] : []))
    .sort(byRunAfterThenId)
    .map(({ kind }) => kind);
}

export async function completeJob(executor: Executor, id: number, result: string | null = null): Promise<void> {
  await completeJobs(executor, [id], result);
}

/** Marks jobs done in one statement (a claimed batch's jobs that answered no outcome). */
export async function completeJobs(executor: Executor, ids: readonly number[], result: string | null = null): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .updateTable('jobs')
    .set({ status: 'done', done_date: new Date().toISOString(), locked_until: null, result: result?.slice(0, 1000) ?? null })
    .where('id', 'in', ids)
    .execute();
}

/** A failed attempt: retried later with backoff, or given up after `maxAttempts`. */
export async function failJob(executor: Executor, job: ClaimedJob, error: string, maxAttempts: number): Promise<void> {
  const giveUp = job.attempts >= maxAttempts;
  const retryAt = new Date(Date.now() + Math.min(3_600_000, 2 ** job.attempts * 5_000)).toISOString();
  await executor
    .updateTable('jobs')
    .set({
      status: giveUp ? 'failed' : 'pending',
      last_error: error.slice(0, 1000),
      run_after: retryAt,
      locked_until: null,
      locked_by: null,
    })
    .where('id', '=', job.id)
    .execute();
}

/**
 * Replaces a running job's payload, e.g. with its progress, so that every process (and a screen
 * showing the job) reads where it is; a job re-run after a crash starts from its payload as left.
 */
export async function setJobPayload(executor: Executor, id: number, payload: Record<string, unknown>): Promise<void> {
  await executor
    .updateTable('jobs')
    .set({ payload: writeJson(payload) })
    .where('id', '=', id)
    .execute();
}
