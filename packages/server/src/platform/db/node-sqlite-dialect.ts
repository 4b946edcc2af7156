/**
 * Kysely has no dialect for Node's built-in `node:sqlite`; this adapter reuses Kysely's SQLite
 * adapter, compiler and introspector and supplies only a driver. One connection serves the whole
 * process (node:sqlite is synchronous), guarded by a mutex so a transaction owns it until it ends.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { SqliteStatementBudget } from './query-budget.ts';
import { StatementCache } from './statement-cache.ts';
import type { WriteEnd } from './sqlite-search-flush.ts';

/** Kysely's own SQLite adapter, compiler and introspector around a driver of ours. */
export abstract class SqliteDialectWithDriver implements Dialect {
  abstract createDriver(): Driver;
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
}

/**
 * Work that must run while nobody uses the connection (the log's restart, sqlite-checkpoints.ts):
 * asked for by whoever takes the connection next, before it is handed over.
 */
export interface HeldConnectionWork {
  /** Read on every take of the connection, so it must answer at once. */
  due(): boolean;
  /** The connection stays held, and its next user waiting, until this settles. */
  run(): Promise<void>;
}

export class NodeSqliteDialect extends SqliteDialectWithDriver {
  readonly #database: DatabaseSync;
  readonly #budget: SqliteStatementBudget;
  readonly #held: HeldConnectionWork | undefined;
  readonly #writeEnd: WriteEnd | undefined;
  /**
   * `statementTimeoutMs`: each statement's budget (query-budget.ts); 0 means none. `writeEnd`:
   * what a transaction's commit, or a write outside any, finishes (sqlite-search-flush.ts).
   */
  constructor(database: DatabaseSync, statementTimeoutMs: number, held?: HeldConnectionWork, writeEnd?: WriteEnd) {
    super();
    this.#database = database;
    this.#budget = new SqliteStatementBudget(database, statementTimeoutMs);
    this.#held = held;
    this.#writeEnd = writeEnd;
  }
  createDriver(): Driver {
    return new NodeSqliteDriver(this.#database, this.#budget, this.#held, this.#writeEnd);
  }
}

class NodeSqliteDriver implements Driver {
  readonly #connection: NodeSqliteConnection;
  readonly #mutex = new ConnectionMutex();
  readonly #held: HeldConnectionWork | undefined;
  readonly #writeEnd: WriteEnd | undefined;
  constructor(database: DatabaseSync, budget: SqliteStatementBudget, held: HeldConnectionWork | undefined, writeEnd: WriteEnd | undefined) {
    this.#connection = new NodeSqliteConnection(database, budget, writeEnd);
    this.#held = held;
    this.#writeEnd = writeEnd;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    if (this.#held?.due()) {
      try {
        await this.#held.run();
      } catch {
        // Its own errors are its owner's to report; the caller's statement goes ahead regardless.
      }
    }
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#writeEnd?.beforeCommit();
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }
  async destroy(): Promise<void> {
    // The owner of the DatabaseSync closes it (see database.ts).
  }
}

/** Statements are prepared once per SQL text (statement-cache.ts). */
class NodeSqliteConnection implements DatabaseConnection {
  readonly #budget: SqliteStatementBudget;
  readonly #statements: StatementCache;
  readonly #database: DatabaseSync;
  readonly #writeEnd: WriteEnd | undefined;
  constructor(database: DatabaseSync, budget: SqliteStatementBudget, writeEnd: WriteEnd | undefined) {
    this.#budget = budget;
    this.#statements = new StatementCache(database);
    this.#database = database;
    this.#writeEnd = writeEnd;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#statements.prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters.map(toSqliteValue);
    if (yieldsRows(statement)) {
      const rows = this.#budget.run(() => statement.all(...parameters)) as R[];
      this.#afterStatement(compiledQuery.sql);
      return { rows };
    }
    const result = this.#budget.run(() => statement.run(...parameters));
    this.#afterStatement(compiledQuery.sql);
    return {
      rows: [],
      numAffectedRows: BigInt(result.changes),
      insertId: BigInt(result.lastInsertRowid),
    };
  }

  /** A write outside any transaction is finished at once (a read never needs it). */
  #afterStatement(text: string): void {
    if (this.#writeEnd && !this.#database.isTransaction && !leavesNoWrite(text)) this.#writeEnd.afterAutocommitWrite();
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the node:sqlite driver');
  }
}

const rowYielding = new WeakMap<StatementSync, boolean>();

/**
 * A statement after which no write is left to finish: a `select` or a pragma (a `with` may write,
 * so it is not one), or the end of a transaction (its commit finished its writes, a rollback
 * undid them).
 */
function leavesNoWrite(text: string): boolean {
  return /^\s*(select|pragma|commit|rollback)\b/i.test(text);
}

/**
 * Whether a statement yields rows (a SELECT, or a write with RETURNING), asked of SQLite once per
 * prepared statement: `columns()` builds a descriptor object per column on every call, about
 * 6 µs for a list's page, more than binding and running a create's smaller statements (issue 18,
 * bench/README.md, twenty-seventh session). A statement re-prepared after a schema change keeps
 * its kind, so the answer stays true.
 */
function yieldsRows(statement: StatementSync): boolean {
  let yields = rowYielding.get(statement);
  if (yields === undefined) {
    yields = statement.columns().length > 0;
    rowYielding.set(statement, yields);
  }
  return yields;
}

export function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

class ConnectionMutex {
  #promise: Promise<void> | undefined;
  #resolve: (() => void) | undefined;
  async lock(): Promise<void> {
    while (this.#promise) await this.#promise;
    this.#promise = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }
  unlock(): void {
    const resolve = this.#resolve;
    this.#promise = undefined;
    this.#resolve = undefined;
    resolve?.();
  }
}
