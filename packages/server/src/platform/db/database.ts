/**
 * Opens the embedded database (node:sqlite, a file under DATA_DIR) or PostgreSQL (DATABASE_URL),
 * hands back one Kysely instance plus the dialect name, and runs migrations. Everything above this
 * file is dialect-neutral except the filter compiler and JSON helpers, which ask `dialect`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import { idleConnectionLostLine } from './connection-loss.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { searchIndexFlush } from './sqlite-search-flush.ts';
import { defaultReadThreads, SqliteReaderDialect, SqliteReaders } from './sqlite-readers.ts';
import { DEFAULT_MMAP_MB, sqliteMmapPragma } from './sqlite-mmap.ts';
import { CHECKPOINT_INTERVAL_MS, startCheckpointThread, type CheckpointThread } from './sqlite-checkpoints.ts';
import { openSchemaSession, runSchemaScriptOffLoop, type HoldWrites, type SchemaSession } from './sqlite-off-loop.ts';
import { runReadFirst } from './sqlite-read-first.ts';
import { DEFAULT_PLAN_CACHE_MODE, type PlanCacheMode } from './plan-cache-mode.ts';
import type { Tables } from './tables.ts';
import { migrateToLatest } from './migrate.ts';
import { bulkConnections, laneLimitedPool } from './pg-bulk-lane.ts';
import { SharedReadsDialect } from './shared-reads.ts';
import { preparedStatementPool } from './pg-prepared-pool.ts';
import { ChangeTrackingPlugin } from '../cache/change-tracking-plugin.ts';
import { startPgChangeNotifier } from '../cache/pg-change-notify.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './query-budget.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Tables>;
  /**
   * Where list pages and counts run: on the embedded database its reader threads
   * (sqlite-readers.ts), elsewhere `db` itself. No transactions: reads that must see a
   * transaction's own writes use `db`.
   */
  reader: Kysely<Tables>;
  /**
   * Where reads that may walk every document of a type run (a list's groups, charts, KPI facts and
   * report items, storage sums, index sizes): on the embedded database reader threads other than
   * the first, so a chart's 0.1–2 s group never holds a list behind it (sqlite-readers.ts,
   * `ReadLane`); on PostgreSQL the serving pool, of which it holds at most half the connections
   * (pg-bulk-lane.ts). A read identical to one under way shares it (shared-reads.ts).
   */
  bulkReader: Kysely<Tables>;
  /** Two reads of one request may run side by side (PostgreSQL's pool, or reader threads). */
  concurrentReads: boolean;
  dialect: DialectName;
  /** The PostgreSQL schema the tables live in, when not the default one. */
  pgSchema?: string;
  /**
   * Runs schema work (expression-index builds) under the maintenance budget rather than the
   * serving one: on PostgreSQL in a transaction with its own `statement_timeout`.
   */
  maintenance<T>(work: (db: Kysely<Tables> | Transaction<Tables>) => Promise<T>): Promise<T>;
  /**
   * The embedded database on a file: runs a schema script (an index build, an analysis) on a
   * connection of its own on a worker thread while holding the main connection, so the event loop
   * is free meanwhile (sqlite-off-loop.ts). Absent on PostgreSQL, which builds CONCURRENTLY, and
   * on an in-memory database, private to its one connection. Use `runSchemaStatements`.
   */
  schemaScriptOffLoop?: (script: string, warmUp?: string) => Promise<void>;
  /**
   * The same thread kept for work of several steps, each step that writes holding the main
   * connection only for itself (an index built in chunks: sqlite-index-in-chunks.ts). Absent where
   * `schemaScriptOffLoop` is.
   */
  schemaSession?: (warmUp?: string) => Promise<SchemaSession>;
  /**
   * Where a short read outside any transaction goes (a signed-in caller's principal, a document
   * read by id): `db`, except while schema work holds the embedded database's main connection
   * (`schemaScriptOffLoop`), when it is `reader` — so requests that only read go on during an
   * index build. Not `reader` always: 64 connections creating, each create resolving its principal
   * anew (then every write ended the principal cache), answered 403–755 creates/s through the
   * reader thread against 674–1,179 on the main connection (bench/README.md, forty-first session).
   */
  shortReads(): Kysely<Tables>;
  /** The embedded database on a file: the thread that checkpoints its log (sqlite-checkpoints.ts). */
  walCheckpoints?: CheckpointThread | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database file. */
  dataDir?: string;
  /** ':memory:' or a file path; overrides dataDir (tests). */
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  pgSchema?: string;
  poolSize?: number;
  /** PostgreSQL's plan_cache_mode (DB_PLAN_CACHE_MODE; plan-cache-mode.ts). Default auto. */
  planCacheMode?: PlanCacheMode;
  /** Each statement's time budget in ms (DB_STATEMENT_TIMEOUT_MS); 0 means none. Default 5000. */
  statementTimeoutMs?: number;
  /** The budget of migrations and index builds (DB_MAINTENANCE_TIMEOUT_MS); 0 (the default) means none. */
  maintenanceTimeoutMs?: number;
  /** Reader threads of the embedded database (DB_READ_THREADS; sqlite-readers.ts); 0 reads on the main connection. */
  readThreads?: number;
  /** How much of the embedded database's file each connection maps into memory, in MB (DB_MMAP_MB; `sqliteMmapPragma`). */
  mmapMb?: number;
  /** Frames in the embedded database's log from which it is restarted (sqlite-checkpoints.ts); default 64 MB of pages (tests set fewer). */
  walRestartFrames?: number;
  /**
   * Told when PostgreSQL ends an idle pooled connection (connection-loss.ts); the pool has
   * already dropped it. Default: one line on stderr.
   */
  onIdleConnectionLost?: (error: Error) => void;
}

// int8 (counts, bigserial ids) arrives as text from pg; our ids and counts fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric stays exact text by default; we store no money with more than double precision.
pg.types.setTypeParser(1700, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (!options.databaseUrl) {
    // Migrations never call the budget function, so the embedded database needs no second handle.
    const database = openSqlite(options);
    await migrateToLatest(database);
    return database;
  }
  // Migrations run on a pool of their own with the maintenance budget: a long index build or
  // table rewrite must not meet the serving statement_timeout.
  const migrator = openPostgres({ ...options, poolSize: 1 }, { timeoutMs: options.maintenanceTimeoutMs ?? 0, listen: false });
  try {
    await migrateToLatest(migrator);
  } finally {
    await migrator.close();
  }
  return openPostgres(options, { timeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS, listen: true });
}

/** What the log file is cut back to when the log starts again from its beginning. */
const WAL_FILE_LIMIT_BYTES = 64 * 1024 * 1024;

function openSqlite(options: DatabaseOptions): Database {
  let path = options.sqlitePath;
  if (!path) {
    const dir = options.dataDir ?? './data';
    mkdirSync(dir, { recursive: true });
    path = join(dir, 'docket.sqlite');
  }
  const raw = new DatabaseSync(path);
  // WAL for concurrent readers during writes; FULL so an acknowledged write survives power loss.
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = FULL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA cache_size = -65536');
  // The group commit runs each write in a savepoint, whose statement journal (the original of
  // every page the write touches) would otherwise go to a temporary file: in memory, a create's
  // document insert costs about half (bench/README.md).
  raw.exec('PRAGMA temp_store = MEMORY');
  // A file's log is checkpointed by a thread of its own, never by a commit on the event loop.
  const pageBytes = (raw.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
  const checkpoints =
    path === ':memory:'
      ? undefined
      : startCheckpointThread({
          path,
          intervalMs: CHECKPOINT_INTERVAL_MS,
          longLogFrames: options.walRestartFrames ?? Math.ceil(WAL_FILE_LIMIT_BYTES / pageBytes),
        });
  if (checkpoints) raw.exec('PRAGMA wal_autocheckpoint = 0');
  // The log file keeps its largest size (an index build's log of tens of MB) unless cut back when it starts again.
  raw.exec('PRAGMA journal_size_limit = ' + String(WAL_FILE_LIMIT_BYTES));
  const mmap = sqliteMmapPragma(options.mmapMb ?? DEFAULT_MMAP_MB);
  raw.exec(mmap);
  const budgetMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  // A long log is restarted by the next taker of the main connection, before its statement.
  // The full-text index is written once per transaction, at its commit (migration 030).
  const dialect = new NodeSqliteDialect(
    raw,
    budgetMs,
    checkpoints && { due: checkpoints.restartDue, run: checkpoints.restart },
    searchIndexFlush(raw),
  );
  const db = new Kysely<Tables>({ dialect, plugins: [new ChangeTrackingPlugin()] });
  // An in-memory database is private to its connection: no other thread could read it.
  const threads = path === ':memory:' ? 0 : (options.readThreads ?? defaultReadThreads());
  const readers = threads > 0 ? new SqliteReaders(path, threads, budgetMs, mmap) : undefined;
  const reader = readers ? new Kysely<Tables>({ dialect: new SqliteReaderDialect(readers) }) : undefined;
  /** Schema scripts holding or waiting for the main connection (`shortReads`). */
  let schemaWork = 0;
  // Holding the main connection: its writes wait for the script as they would behind it.
  const holdWrites: HoldWrites = async (work) => {
    schemaWork += 1;
    try {
      await db.connection().execute(work);
    } finally {
      schemaWork -= 1;
    }
  };
  return {
    db,
    reader: reader ?? db,
    bulkReader: readers ? new Kysely<Tables>({ dialect: new SharedReadsDialect(new SqliteReaderDialect(readers, 'bulk')) }) : db,
    concurrentReads: readers !== undefined,
    dialect: 'sqlite',
    maintenance: (work) => work(db),
    ...(path === ':memory:'
      ? {}
      : {
          async schemaScriptOffLoop(script: string, warmUp?: string) {
            await runSchemaScriptOffLoop({ path, script, mmapPragma: mmap, ...(warmUp ? { warmUp } : {}) }, holdWrites);
          },
          schemaSession: (warmUp?: string) => openSchemaSession({ path, mmapPragma: mmap, ...(warmUp ? { warmUp } : {}) }, holdWrites),
        }),
    shortReads: () => (schemaWork > 0 && reader ? reader : db),
    walCheckpoints: checkpoints,
    async close() {
      await checkpoints?.stop();
      await readers?.close();
      await db.destroy();
      raw.close();
    },
  };
}

/** Connections of the serving pool when `poolSize` is not given. */
const DEFAULT_POOL_SIZE = 10;

function openPostgres(options: DatabaseOptions, budget: { timeoutMs: number; listen: boolean }): Database {
  const schema = options.pgSchema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const maintenanceMs = wholeMs(options.maintenanceTimeoutMs ?? 0);
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    // Set at connection start-up so no query can run before it (tests isolate in a schema). Both
    // go in the start-up packet, so every connection of the pool has them from its first query.
    // The plan cache mode: plan-cache-mode.ts says what each choice costs.
    options: [
      `-c plan_cache_mode=${options.planCacheMode ?? DEFAULT_PLAN_CACHE_MODE}`,
      ...(schema ? [`-c search_path=${schema}`] : []),
    ].join(' '),
    statement_timeout: wholeMs(budget.timeoutMs),
    // Names our connections in pg_stat_activity (with the schema when one is set, so an operator,
    // or a test, can tell one deployment's connections from another's on a shared server).
    application_name: schema ? `docket ${schema}` : 'docket',
  });
  // PostgreSQL ending an idle connection (a restart, a fail-over, pg_terminate_backend,
  // idle_session_timeout) is an 'error' on the pool; unheard, it would end the process.
  pool.on('error', options.onIdleConnectionLost ?? ((error) => console.warn(idleConnectionLostLine(error))));
  // The pool hears a client's errors only while it is idle. One checked out can still see its
  // socket end after its query has failed and before it is released, which would be an unheard
  // 'error' too: its query already answered the loss (a 503) and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const serving = preparedStatementPool(pool);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: serving }), plugins: [new ChangeTrackingPlugin()] });
  // Groups and charts hold at most half the connections, so a list always finds one (pg-bulk-lane.ts).
  const bulkReader = new Kysely<Tables>({
    dialect: new SharedReadsDialect(
      new PostgresDialect({ pool: laneLimitedPool(serving, bulkConnections(options.poolSize ?? DEFAULT_POOL_SIZE)) }),
    ),
  });
  // Other processes sharing this database learn of our writes (and we of theirs) at once.
  const notifier = budget.listen ? startPgChangeNotifier(options.databaseUrl, schema) : undefined;
  return {
    db,
    reader: db,
    bulkReader,
    concurrentReads: true,
    dialect: 'postgres',
    shortReads: () => db,
    ...(schema ? { pgSchema: schema } : {}),
    maintenance: (work) =>
      db.transaction().execute(async (trx) => {
        // SET LOCAL ends with the transaction, so the pooled connection keeps the serving budget.
        await sql`SET LOCAL statement_timeout = ${sql.lit(maintenanceMs)}`.execute(trx);
        return work(trx);
      }),
    async close() {
      await notifier?.close();
      await bulkReader.destroy();
      await db.destroy();
    },
  };
}

/**
 * Schema statements (an index build or drop, an analysis) as maintenance, in order. `offLoop`, for
 * work that may take seconds — a large type's index build, an exact analysis of a large table —
 * runs them off the event loop where the database can (`schemaScriptOffLoop`); small work stays on
 * the main connection under `maintenance`, since starting a thread (0.1–0.2 s) costs more than
 * it takes. They carry no parameters (names and literals are written into their text), so they
 * can travel as one script. `warmUp`, off the event loop only: a read of what the script will read,
 * run before the main connection is held (an index build on a cold table). `readFirst`, off the
 * event loop on SQLite: b-trees whose every page is read into the thread's cache before writes are
 * held (an index dropped or analysed: sqlite-read-first.ts).
 */
export async function runSchemaStatements(
  database: Database,
  statements: readonly RawBuilder<unknown>[],
  options: { offLoop?: boolean; warmUp?: RawBuilder<unknown>; readFirst?: readonly string[] } = {},
): Promise<void> {
  const offLoop = options.offLoop === true ? database.schemaScriptOffLoop : undefined;
  if (!offLoop) {
    const runAll = async (executor: Kysely<Tables>) => {
      for (const statement of statements) await statement.execute(executor);
    };
    // On one held connection (PostgreSQL's maintenance is a transaction already), as the script off
    // the event loop runs on one: a script that begins a transaction ends it before any other
    // statement is let in.
    await database.maintenance((db) => (db.isTransaction ? runAll(db) : db.connection().execute(runAll)));
    return;
  }
  const textOf = (statement: RawBuilder<unknown>) => schemaText(database, statement);
  const script = statements.map(textOf).join(';\n');
  if (options.readFirst && database.schemaSession) return runReadFirst(database.schemaSession, options.readFirst, script);
  await offLoop(script, options.warmUp && textOf(options.warmUp));
}

/** A statement's SQL for a schema thread: it takes text alone, so a statement carrying parameters is refused. */
export function schemaText(database: Database, statement: RawBuilder<unknown>): string {
  const compiled = statement.compile(database.db);
  if (compiled.parameters.length > 0) throw new Error(`A schema statement must carry no parameters: ${compiled.sql}`);
  return compiled.sql;
}

function wholeMs(value: number): number {
  if (!Number.isInteger(value) || value < 0) throw new Error(`A statement timeout must be a whole number of milliseconds, got ${value}`);
  return value;
}
