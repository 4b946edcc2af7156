/**
 * Opens the embedded database (node:sqlite, a file under DATA_DIR) or PostgreSQL (DATABASE_URL),
 * hands back one Kysely instance plus the dialect name, and runs migrations. Everything above this
 * file is dialect-neutral except the filter compiler and JSON helpers, which ask `dialect`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import type { Tables } from './tables.ts';
import { migrateToLatest } from './migrate.ts';
import { preparedStatementPool } from './pg-prepared-pool.ts';
import { ChangeTrackingPlugin } from '../cache/change-tracking-plugin.ts';
import { startPgChangeNotifier } from '../cache/pg-change-notify.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Tables>;
  dialect: DialectName;
  /** The PostgreSQL schema the tables live in, when not the default one. */
  pgSchema?: string;
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
}

// int8 (counts, bigserial ids) arrives as text from pg; our ids and counts fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric stays exact text by default; we store no money with more than double precision.
pg.types.setTypeParser(1700, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? openPostgres(options) : openSqlite(options);
  await migrateToLatest(database);
  return database;
}

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
  const db = new Kysely<Tables>({ dialect: new NodeSqliteDialect(raw), plugins: [new ChangeTrackingPlugin()] });
  return {
    db,
    dialect: 'sqlite',
    async close() {
      await db.destroy();
      raw.close();
    },
  };
}

function openPostgres(options: DatabaseOptions): Database {
  const schema = options.pgSchema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    // Set at connection start-up so no query can run before it (tests isolate in a schema).
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparedStatementPool(pool) }), plugins: [new ChangeTrackingPlugin()] });
  // Other processes sharing this database learn of our writes (and we of theirs) at once.
  const notifier = startPgChangeNotifier(options.databaseUrl);
  return {
    db,
    dialect: 'postgres',
    ...(schema ? { pgSchema: schema } : {}),
    async close() {
      await notifier.close();
      await db.destroy();
    },
  };
}
