/**
 * Bulk reads asked again while the same read is under way share it (docs/architecture.md#reader-threads).
 * A dashboard's chart counts 1,000,000 incidents by month in 0.1–0.2 s; when a crowd lands on the
 * home screen, every member with the same access asks the very same statement, and each waited in
 * the bulk lane behind the others' copies of it. Here a statement identical to one still running —
 * the same SQL text and parameters, so the same organisation, row filter and filter: an answer any
 * of them may see — is not run again: the later caller waits for the running one and gets its own
 * copy of the rows.
 *
 * Only while nothing was written since the running read began: the key holds the data generation
 * (platform/cache/data-generation.ts), which every write moves before its answer is sent, so a
 * caller never gets a read that started before a write it has seen. Nothing is kept after the
 * read ends: this is not a cache, and two server processes cannot disagree through it.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
} from 'kysely';
import { dataGeneration } from '../cache/data-generation.ts';

/** `inner` with identical reads under way shared (the bulk lane: no transactions). */
export class SharedReadsDialect implements Dialect {
  readonly #inner: Dialect;

  constructor(inner: Dialect) {
    this.#inner = inner;
  }

  createDriver(): Driver {
    return new SharedReadsDriver(this.#inner.createDriver());
  }
  createQueryCompiler(): QueryCompiler {
    return this.#inner.createQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return this.#inner.createAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.#inner.createIntrospector(db);
  }
}

class SharedReadsDriver implements Driver {
  readonly #inner: Driver;
  readonly #running = new Map<string, Promise<QueryResult<unknown>>>();
  readonly #connection: DatabaseConnection;

  constructor(inner: Driver) {
    this.#inner = inner;
    // One connection object for every caller: the inner connection is taken only for a read that
    // runs, so a caller sharing another's read holds no connection (nor a bulk-lane slot) while it waits.
    this.#connection = {
      executeQuery: <R>(compiled: CompiledQuery) => this.#execute(compiled) as Promise<QueryResult<R>>,
      // eslint-disable-next-line require-yield
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        throw new Error('Streaming is not supported by the bulk reader');
      },
    };
  }

  async #execute(compiled: CompiledQuery): Promise<QueryResult<unknown>> {
    const key = readKey(compiled);
    let running = key === undefined ? undefined : this.#running.get(key);
    if (!running) {
      running = this.#run(compiled);
      if (key !== undefined) {
        this.#running.set(key, running);
        const forget = () => this.#running.delete(key);
        running.then(forget, forget);
      }
    }
    const result = await running;
    // Each caller its own rows: one may change what it was given without the others seeing it.
    return { ...result, rows: result.rows.map((row) => (row !== null && typeof row === 'object' ? { ...row } : row)) };
  }

  async #run(compiled: CompiledQuery): Promise<QueryResult<unknown>> {
    const connection = await this.#inner.acquireConnection();
    try {
      return await connection.executeQuery(compiled);
    } finally {
      await this.#inner.releaseConnection(connection);
    }
  }

  async init(): Promise<void> {
    await this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async releaseConnection(): Promise<void> {}
  async beginTransaction(): Promise<void> {
    throw new Error('The bulk reader runs no transactions: use Database.db');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.#inner.destroy();
  }
}

/**
 * What makes two reads the same: the data generation, the SQL text and the parameters. Undefined
 * (never shared) for a parameter JSON cannot tell apart from another (bytes, big integers,
 * dates, NaN).
 */
export function readKey(compiled: CompiledQuery): string | undefined {
  const plain = compiled.parameters.every(
    (value) => value === null || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value),
  );
  if (!plain) return undefined;
  return `${dataGeneration()}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}
