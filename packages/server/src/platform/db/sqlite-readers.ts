/**
 * Reader threads of the embedded database (docs/architecture.md#reader-threads). node:sqlite is
 * synchronous, so on the single connection every list page and count ran on the event loop and
 * waited behind any write transaction holding the connection. Each reader thread opens its own
 * read-only connection to the same file (WAL: readers see every committed write and never block
 * the writer), and the list path sends its page and count there, so their SQL runs beside the
 * event loop instead of on it. A statement sent after a write's commit sees that write: each read
 * is its own autocommit transaction, begun when the thread runs it.
 *
 * Only statements that need no transaction of the caller's go here (`Database.reader`); all
 * writes, and reads inside a transaction, stay on the main connection. The threads hold no state
 * of their own beyond prepared statements, so several server processes remain possible.
 */
import { Worker } from 'node:worker_threads';
import type { SQLInputValue } from 'node:sqlite';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import { QueryTimeoutError } from './query-budget.ts';
import type { ReadAnswer, ReadFailure, ReaderSettings, ReadRequest } from './sqlite-read-worker.ts';
import { SqliteDialectWithDriver, toSqliteValue } from './node-sqlite-dialect.ts';
import { errorFromFields } from './worker-errors.ts';
import { threadToRead, type ThreadLoad } from './sqlite-reader-choice.ts';
import { plainNodeExecArgv } from '../workers/plain-node-threads.ts';

/**
 * Reader threads when DB_READ_THREADS is unset: two, whatever the cores, so that a read that walks
 * a whole type (the `bulk` lane) never holds the lists. With one thread, a chart's group over
 * 1,000,000 incidents (155 ms) held every list behind it: lists at 128 req/s, p95 181 ms, while
 * one client grouped; with two, 1,216 req/s, p95 13 ms, and a cold list alone costs what it did
 * (issue 18, bench/README.md, thirtieth session). More than two were not measured (no machine
 * here has more than two cores).
 */
export function defaultReadThreads(): number {
  return 2;
}

/**
 * Which reads a statement is among: `list` — pages, counts, labels, search, the todo: what a user
 * waits on, a few ms at most — or `bulk`: reads that may walk every document of a type (groups,
 * charts, KPI facts, storage sums, index sizes), 0.1 s to several seconds.
 */
export type ReadLane = 'list' | 'bulk';

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
  lane: ReadLane;
  /** When it was sent (performance.now()): the oldest unanswered read tells how long the thread has been held. */
  sentAt: number;
}

/**
 * What one list read costs a thread, about, in ms (a page, a capped count, labels: 0.05–0.5 ms on
 * 1,000,000 incidents), until the thread has answered reads of its own: then each thread's recent
 * reads say (`ReaderThread.readMs`). A thread's expected wait is its unanswered reads at that cost
 * each, plus how long its oldest one has been held (`ReaderThread.wait`).
 */
const TYPICAL_READ_MS = 0.25;
/**
 * Weight of the latest read in a thread's running cost. At the fixed typical cost, ten deep pages
 * queued on one thread (1.3–1.5 ms each: a restricted user's page 1,000 merging its sites' reads)
 * looked like 4 ms of wait when they were 14, so they stayed there while the other thread idled
 * (bench/README.md, thirty-third session).
 */
const READ_COST_WEIGHT = 0.2;
/** One thread and the reads it has not answered yet. */
class ReaderThread {
  readonly #settings: ReaderSettings;
  readonly #pending = new Map<number, Pending>();
  #bulk = 0;
  #worker: Worker;
  /** The running cost of one of this thread's reads (ms). */
  #readMs = TYPICAL_READ_MS;
  /** When the thread last answered (performance.now()): the next read began then, or when it was sent if later. */
  #lastAnswerAt = 0;

  constructor(settings: ReaderSettings) {
    this.#settings = settings;
    this.#worker = this.#start();
  }

  /**
   * What a read sent now would wait behind, in ms (an estimate): its unanswered reads at its recent
   * reads' cost each, and how long its oldest has been held — a thread on a slow read soon looks
   * busy, whatever the number of reads queued.
   */
  load(now: number): ThreadLoad {
    if (this.#pending.size === 0) return { queuedMs: 0, heldMs: 0, bulk: this.#bulk };
    const oldest = this.#pending.values().next().value as Pending;
    return { queuedMs: this.#pending.size * this.#readMs, heldMs: now - oldest.sentAt, bulk: this.#bulk };
  }

  read(request: ReadRequest, lane: ReadLane): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      // Referenced only while a read waits: an idle reader never keeps a process (a CLI, a test) alive.
      if (this.#pending.size === 0) this.#worker.ref();
      if (lane === 'bulk') this.#bulk += 1;
      this.#pending.set(request.id, { resolve, reject, lane, sentAt: performance.now() });
      this.#worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    worker.removeAllListeners();
    this.#failAll(new Error('The database is closed.'));
    await worker.terminate();
  }

  #start(): Worker {
    const worker = new Worker(new URL('./sqlite-read-worker.ts', import.meta.url), {
      workerData: this.#settings,
      execArgv: plainNodeExecArgv(),
    });
    worker.unref();
    worker.on('message', (answer: ReadAnswer) => this.#answer(answer));
    // A thread that dies (out of memory, a crash) fails its waiting reads and is replaced.
    worker.on('error', (error) => this.#restart(error));
    worker.on('exit', (code) => this.#restart(new Error(`A database reader thread stopped (exit code ${code}).`)));
    return worker;
  }

  #restart(error: Error): void {
    this.#worker.removeAllListeners();
    this.#failAll(error);
    this.#worker = this.#start();
  }

  #answer(answer: ReadAnswer): void {
    const waiting = this.#pending.get(answer.id);
    if (!waiting) return;
    this.#pending.delete(answer.id);
    // A thread answers its reads in order, so this one ran from its sending or the previous answer.
    const now = performance.now();
    const tookMs = now - Math.max(waiting.sentAt, this.#lastAnswerAt);
    this.#lastAnswerAt = now;
    // Bulk reads (a chart's walk of a type) say nothing of what a list read will cost.
    if (waiting.lane === 'list') this.#readMs += READ_COST_WEIGHT * (tookMs - this.#readMs);
    if (waiting.lane === 'bulk') this.#bulk -= 1;
    if (this.#pending.size === 0) this.#worker.unref();
    if ('rows' in answer) waiting.resolve(rowObjects(answer.columns, answer.rows));
    else waiting.reject(errorOf(answer.error));
  }

  #failAll(error: Error): void {
    const waiting = [...this.#pending.values()];
    this.#pending.clear();
    this.#bulk = 0;
    for (const read of waiting) read.reject(error);
  }
}

/** Makes one row's object from its values, as an object literal of known columns. */
export type RowBuilder = (values: readonly unknown[]) => Record<string, unknown>;

const rowBuilders = new Map<string, RowBuilder>();

/**
 * Rows of exactly these columns, in this order, are made by `build` (an object literal) rather
 * than by storing each column under its name: on the hottest statement, a list page of 28 columns,
 * a store by a computed name cost about 2.5 µs a row on the event loop (issue 18,
 * bench/README.md). `build` must answer the same object `rowObjects` would.
 */
export function registerRowShape(columns: readonly string[], build: RowBuilder): void {
  rowBuilders.set(shapeKey(columns), build);
}

function shapeKey(columns: readonly string[]): string {
  return columns.join('\u0000');
}

/**
 * Rows as the main connection answers them: one object per row, its columns in order (a later
 * column of the same name wins, as node:sqlite does). Defined as own properties, so a column named
 * `__proto__` is a column like any other.
 */
export function rowObjects(columns: readonly string[], rows: readonly unknown[][]): Record<string, unknown>[] {
  if (rows.length === 0) return [];
  const build = rowBuilders.size > 0 ? rowBuilders.get(shapeKey(columns)) : undefined;
  if (build) return rows.map(build);
  if (columns.includes('__proto__')) return rows.map((values) => definedRow(columns, values));
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index++) row[columns[index] as string] = values[index];
    return row;
  });
}

function definedRow(columns: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  columns.forEach((column, index) =>
    Object.defineProperty(row, column, { value: values[index], enumerable: true, writable: true, configurable: true }),
  );
  return row;
}

/** The error a read failed with, as the main connection would have thrown it. */
function errorOf(failure: ReadFailure): Error {
  if (failure.kind === 'timeout') return new QueryTimeoutError(failure.budgetMs, failure.ownDeadline);
  return errorFromFields(failure);
}

export class SqliteReaders {
  readonly #threads: ReaderThread[];
  #nextId = 1;

  constructor(path: string, threads: number, budgetMs: number, mmapPragma?: string) {
    if (threads < 1) throw new Error('SqliteReaders needs at least one thread');
    this.#threads = Array.from({ length: threads }, () => new ReaderThread({ path, budgetMs, ...(mmapPragma ? { mmapPragma } : {}) }));
  }

  /**
   * Runs one read-only statement on a thread its lane may use (`threadToRead`, from each thread's
   * `load`). With one thread, every read shares it.
   */
  read(sqlText: string, parameters: readonly unknown[], lane: ReadLane = 'list'): Promise<unknown[]> {
    const thread = this.#threads.length === 1 ? (this.#threads[0] as ReaderThread) : this.#threadFor(lane);
    return thread.read({ id: this.#nextId++, sql: sqlText, parameters: parameters.map(toSqliteValue) as SQLInputValue[] }, lane);
  }

  #threadFor(lane: ReadLane): ReaderThread {
    const now = performance.now();
    return this.#threads[
      threadToRead(
        this.#threads.map((thread) => thread.load(now)),
        lane,
      )
    ] as ReaderThread;
  }

  async close(): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.close()));
  }
}

/** A Kysely dialect whose statements run on the reader threads; it has no transactions. */
export class SqliteReaderDialect extends SqliteDialectWithDriver {
  readonly #readers: SqliteReaders;
  readonly #lane: ReadLane;
  constructor(readers: SqliteReaders, lane: ReadLane = 'list') {
    super();
    this.#readers = readers;
    this.#lane = lane;
  }
  createDriver(): Driver {
    return new ReaderDriver(this.#readers, this.#lane);
  }
}

class ReaderDriver implements Driver {
  readonly #connection: DatabaseConnection;
  constructor(readers: SqliteReaders, lane: ReadLane) {
    this.#connection = {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        return { rows: (await readers.read(compiled.sql, compiled.parameters, lane)) as R[] };
      },
      // eslint-disable-next-line require-yield
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        throw new Error('Streaming is not supported by the database readers');
      },
    };
  }
  async init(): Promise<void> {}
  // Reads run concurrently: no mutex, one shared connection object.
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('The database readers run no transactions: use Database.db');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}
