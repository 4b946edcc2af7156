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
import { availableParallelism } from 'node:os';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import { QueryTimeoutError } from './query-budget.ts';
import type { ReadAnswer, ReadFailure, ReaderSettings, ReadRequest } from './sqlite-read-worker.ts';
import { SqliteDialectWithDriver, toSqliteValue } from './node-sqlite-dialect.ts';

/** Reader threads when DB_READ_THREADS is unset: the cores but one, at most two. */
export function defaultReadThreads(): number {
  return Math.max(0, Math.min(2, availableParallelism() - 1));
}

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/** One thread and the reads it has not answered yet. */
class ReaderThread {
  readonly #settings: ReaderSettings;
  readonly #pending = new Map<number, Pending>();
  #worker: Worker;

  constructor(settings: ReaderSettings) {
    this.#settings = settings;
    this.#worker = this.#start();
  }

  get load(): number {
    return this.#pending.size;
  }

  read(request: ReadRequest): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      // Referenced only while a read waits: an idle reader never keeps a process (a CLI, a test) alive.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(request.id, { resolve, reject });
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
    const worker = new Worker(new URL('./sqlite-read-worker.ts', import.meta.url), { workerData: this.#settings });
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
    if (this.#pending.size === 0) this.#worker.unref();
    if ('rows' in answer) waiting.resolve(rowObjects(answer.columns, answer.rows));
    else waiting.reject(errorOf(answer.error));
  }

  #failAll(error: Error): void {
    const waiting = [...this.#pending.values()];
    this.#pending.clear();
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
  if (failure.kind === 'timeout') return new QueryTimeoutError(failure.budgetMs);
  return Object.assign(new Error(failure.message), {
    ...(failure.code === undefined ? {} : { code: failure.code }),
    ...(failure.errcode === undefined ? {} : { errcode: failure.errcode }),
  });
}

export class SqliteReaders {
  readonly #threads: ReaderThread[];
  #nextId = 1;

  constructor(path: string, threads: number, budgetMs: number) {
    if (threads < 1) throw new Error('SqliteReaders needs at least one thread');
    this.#threads = Array.from({ length: threads }, () => new ReaderThread({ path, budgetMs }));
  }

  /** Runs one read-only statement on the least busy thread. */
  read(sqlText: string, parameters: readonly unknown[]): Promise<unknown[]> {
    let thread = this.#threads[0] as ReaderThread;
    for (const candidate of this.#threads) if (candidate.load < thread.load) thread = candidate;
    return thread.read({ id: this.#nextId++, sql: sqlText, parameters: parameters.map(toSqliteValue) as SQLInputValue[] });
  }

  async close(): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.close()));
  }
}

/** A Kysely dialect whose statements run on the reader threads; it has no transactions. */
export class SqliteReaderDialect extends SqliteDialectWithDriver {
  readonly #readers: SqliteReaders;
  constructor(readers: SqliteReaders) {
    super();
    this.#readers = readers;
  }
  createDriver(): Driver {
    return new ReaderDriver(this.#readers);
  }
}

class ReaderDriver implements Driver {
  readonly #connection: DatabaseConnection;
  constructor(readers: SqliteReaders) {
    this.#connection = {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        return { rows: (await readers.read(compiled.sql, compiled.parameters)) as R[] };
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
