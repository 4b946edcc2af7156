/**
 * Group commit for document writes. Writes that arrive while another batch is committing wait
 * in a queue; the next batch runs them one after another inside ONE transaction, each in its own
 * savepoint, then commits once. Every write still gets its own display id, audit row and answer,
 * and its promise settles only after the commit that holds it (or rejects alone when its own work
 * failed: its savepoint is rolled back and the others commit). One fsync then covers a whole
 * batch, which is what lets the embedded database acknowledge over 1,000 durable creates a second.
 *
 * Work handed to `run` must only touch the database through the transaction it receives (no
 * waiting on anything else): it runs while the batch holds the write lock.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import { refreshPlannerStatistics, WRITES_BETWEEN_STATISTICS_CHECKS } from '../db/planner-statistics.ts';

export type WriteWork<T> = (trx: Transaction<Tables>) => Promise<T>;

interface Job {
  work: WriteWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Outcome {
  job: Job;
  ok: boolean;
  value: unknown;
}

export interface WriteQueue {
  run<T>(work: WriteWork<T>): Promise<T>;
}

/** Writes per transaction at most: bounds how long a batch holds the write lock from readers. */
export const MAX_BATCH = 200;

class GroupCommitQueue implements WriteQueue {
  #pending: Job[] = [];
  #running = false;
  /** Committed writes since the last statistics check: only decides when to look (planner-statistics.ts). */
  #sinceStatisticsCheck = 0;

  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  run<T>(work: WriteWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      // Let the writes that arrive in this turn of the event loop join the first batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (this.#pending.length > 0) {
        const batch = this.#pending.splice(0, MAX_BATCH);
        await this.#commit(batch);
      }
    } finally {
      this.#running = false;
    }
  }

  async #commit(batch: Job[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.database.db.transaction().execute(async (trx) => {
        const results: Outcome[] = [];
        for (const job of batch) results.push(batch.length === 1 ? await runAlone(trx, job) : await runInSavepoint(trx, job));
        return results;
      });
    } catch (error) {
      // The commit itself failed: nothing of this batch is stored.
      for (const job of batch) job.reject(error);
      return;
    }
    for (const { job, ok, value } of outcomes) (ok ? job.resolve : job.reject)(value);
    this.#sinceStatisticsCheck += batch.length;
    if (this.#sinceStatisticsCheck >= WRITES_BETWEEN_STATISTICS_CHECKS) {
      this.#sinceStatisticsCheck = 0;
      // After the answers, and no write waits for it. A failed check changes no data; the next one retries.
      void refreshPlannerStatistics(this.database).catch(() => undefined);
    }
  }
}

async function runAlone(trx: Transaction<Tables>, job: Job): Promise<Outcome> {
  // A lone write's failure rolls the whole (one-write) transaction back.
  return { job, ok: true, value: await job.work(trx) };
}

async function runInSavepoint(trx: Transaction<Tables>, job: Job): Promise<Outcome> {
  await sql`SAVEPOINT group_write`.execute(trx);
  try {
    const value = await job.work(trx);
    await sql`RELEASE SAVEPOINT group_write`.execute(trx);
    return { job, ok: true, value };
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT group_write`.execute(trx);
    await sql`RELEASE SAVEPOINT group_write`.execute(trx);
    return { job, ok: false, value: error };
  }
}

const queues = new WeakMap<Database, WriteQueue>();

/** The write queue of a database in this process. */
export function writeQueueFor(database: Database): WriteQueue {
  let queue = queues.get(database);
  if (!queue) {
    queue = new GroupCommitQueue(database);
    queues.set(database, queue);
  }
  return queue;
}
