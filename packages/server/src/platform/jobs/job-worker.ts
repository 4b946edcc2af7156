/**
 * Runs durable jobs: a registry of handlers by kind (filled and sealed by the assembly,
 * `assembly.ts`, before any job runs), a `runJobsOnce` pass that
 * claims and runs ready jobs, and a polling loop each server process starts (stopped when the
 * app closes). Several processes may poll the same PostgreSQL: claims never overlap, and handlers
 * are idempotent (unique keys), so a job re-run after a crash records nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext } from '../../app-context.ts';
import { writeLog } from '../logs/logs.ts';
import { claimJobs, completeJob, completeJobs, failJob, type ClaimedJob } from './jobs.repository.ts';
import { accessChangeMark, bumpAfterCommit } from '../cache/data-generation.ts';

export interface JobHandler {
  /** May answer a one-line outcome, kept on the job row (a server task's result). */
  run(ctx: AppContext, job: ClaimedJob): Promise<void | string>;
  maxAttempts?: number;
  /**
   * A job someone waits for on a screen (an index build, a server task, a period refresh): claimed
   * before any other ready job, so it never queues behind bulk work such as thousands of
   * notifications (docs/architecture.md#durable-jobs).
   */
  isAwaited?: boolean;
}

/** Something a worker does on each poll besides running jobs (e.g. enqueue scheduled work). */
export type JobTicker = (ctx: AppContext, now: Date) => Promise<void>;

const handlers = new Map<string, JobHandler>();
/** The kinds whose handler `isAwaited`, claimed first. */
const awaitedKinds: string[] = [];
const tickers: JobTicker[] = [];
let isSealed = false;

function assertOpen(): void {
  if (isSealed) throw new Error('Job handlers are registered by the assembly (assembly.ts), before the registry is sealed');
}

function assertSealed(): void {
  // A job claimed before its handler was registered would fail and be retried for nothing.
  if (!isSealed) throw new Error('Jobs need the assembled handlers: build the context with createAppContext() first');
}

export function registerJobHandler(kind: string, handler: JobHandler): void {
  assertOpen();
  handlers.set(kind, handler);
  if (handler.isAwaited && !awaitedKinds.includes(kind)) awaitedKinds.push(kind);
}

export function registerJobTicker(ticker: JobTicker): void {
  assertOpen();
  if (!tickers.includes(ticker)) tickers.push(ticker);
}

/** Ends registration: from now on jobs may run, and nothing more may register. */
export function sealJobHandlers(): void {
  isSealed = true;
}

export function areJobHandlersSealed(): boolean {
  return isSealed;
}

export const JOB_LOCK_MS = 5 * 60_000;

/**
 * Ready jobs claimed at once (one write to claim them, one to complete them). An awaited job
 * queued meanwhile waits for the rest of the batch at most: a few dozen milliseconds.
 */
const JOBS_PER_CLAIM = 25;

/** Claims and runs ready jobs until none is left or `limit` ran; answers how many ran. */
export async function runJobsOnce(ctx: AppContext, workerId: string, limit = 100): Promise<number> {
  assertSealed();
  let ran = 0;
  while (ran < limit) {
    const jobs = await claimJobs(ctx.database, workerId, JOB_LOCK_MS, new Date(), awaitedKinds, Math.min(JOBS_PER_CLAIM, limit - ran));
    if (jobs.length === 0) break;
    const done: number[] = [];
    for (const job of jobs) {
      // One job per turn of the event loop: on the embedded database every statement runs on this
      // thread, and a pass over 100 queued notifications without a turn in between held requests
      // back for its whole length.
      if (ran > 0) await nextTurn();
      ran += 1;
      const result = await runJob(ctx, job);
      if (result === null) done.push(job.id);
      else if (result !== undefined) await completeJob(ctx.database.db, job.id, result);
    }
    await completeJobs(ctx.database.db, done);
  }
  return ran;
}

/**
 * Runs one claimed job: answers its outcome (null when it has none) once it succeeded, or
 * undefined when it failed and was put back for a retry (or given up).
 */
async function runJob(ctx: AppContext, job: ClaimedJob): Promise<string | null | undefined> {
  const handler = handlers.get(job.kind);
  const mark = accessChangeMark();
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    const result = await handler.run(ctx, job);
    // The handler's writes are committed now: answer caches must not serve what they changed.
    bumpAfterCommit(mark);
    return typeof result === 'string' ? result : null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await failJob(ctx.database.db, job, message, handler?.maxAttempts ?? 8);
    await writeLog(ctx.database, { orgId: job.orgId, type: 2, subject: `Job ${job.kind}`, summary: message }).catch(() => undefined);
    return undefined;
  }
}

export async function runTickers(ctx: AppContext, now = new Date()): Promise<void> {
  assertSealed();
  for (const tick of tickers) await tick(ctx, now);
}

export interface JobWorker {
  id: string;
  stop(): Promise<void>;
}

/** Jobs run between two checks whether the worker was stopped. */
const JOBS_PER_BATCH = 100;

/**
 * Runs ready jobs until none is left (or `isStopped`), a batch at a time; answers how many ran.
 * A burst of creates queues a notification each: one batch per poll interval (50 a second) left
 * them minutes behind, so a poll goes on while it finds whole batches.
 */
export async function drainJobs(ctx: AppContext, workerId: string, isStopped: () => boolean = () => false): Promise<number> {
  let total = 0;
  let ran = JOBS_PER_BATCH;
  while (!isStopped() && ran === JOBS_PER_BATCH) {
    ran = await runJobsOnce(ctx, workerId, JOBS_PER_BATCH);
    total += ran;
  }
  return total;
}

/** Polls every `intervalMs` (each poll drains what is ready); tickers run at most once a minute. */
export function startJobWorker(ctx: AppContext, options: { intervalMs?: number } = {}): JobWorker {
  assertSealed();
  const id = `worker-${randomUUID()}`;
  const intervalMs = options.intervalMs ?? 2_000;
  let stopped = false;
  let lastTick = 0;
  let running: Promise<void> = Promise.resolve();
  const poll = async () => {
    try {
      if (Date.now() - lastTick >= 60_000) {
        lastTick = Date.now();
        await runTickers(ctx);
      }
      await drainJobs(ctx, id, () => stopped);
    } catch {
      // The database may be closing or briefly unreachable: the next poll tries again.
    }
  };
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(poll);
  }, intervalMs);
  timer.unref();
  return {
    id,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
