/**
 * Real databases for integration tests: a fresh embedded database per test file, and, when
 * TEST_DATABASE_URL is set, a fresh PostgreSQL schema per test file (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DialectName } from '../platform/db/database.ts';
import type { PlanCacheMode } from '../platform/db/plan-cache-mode.ts';

export const testDialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Each statement's time budget (platform/db/query-budget.ts); default as in production. */
  statementTimeoutMs?: number;
  /** PostgreSQL's plan_cache_mode (platform/db/plan-cache-mode.ts); default as in production. */
  planCacheMode?: PlanCacheMode;
  /**
   * The embedded database in a file of a fresh temporary folder with this many reader threads
   * (platform/db/sqlite-readers.ts) rather than in memory, where no other thread can read it.
   */
  readThreads?: number;
  /** How much of the file each connection maps (platform/db/sqlite-mmap.ts); default as in production. */
  mmapMb?: number;
}

/** TEST_READ_THREADS=n runs every embedded test database on disk with n reader threads. */
const readThreadsFromEnv = process.env.TEST_READ_THREADS ? Number(process.env.TEST_READ_THREADS) : undefined;

export async function createTestDatabase(dialect: DialectName, given: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const options =
    given.readThreads === undefined && readThreadsFromEnv !== undefined ? { ...given, readThreads: readThreadsFromEnv } : given;
  if (dialect === 'sqlite') {
    if (options.readThreads === undefined) {
      const database = await openDatabase({ sqlitePath: ':memory:', ...options });
      return { database, drop: () => database.close() };
    }
    const folder = await mkdtemp(join(tmpdir(), 'docket-test-db-'));
    const database = await openDatabase({ sqlitePath: join(folder, 'docket.sqlite'), ...options });
    return {
      database,
      async drop() {
        await database.close();
        await rm(folder, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('CREATE SCHEMA ' + admin.escapeIdentifier(schema));
  await admin.end();
  const database = await openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 4, ...options });
  return {
    database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query('DROP SCHEMA ' + cleanup.escapeIdentifier(schema) + ' CASCADE');
      await cleanup.end();
    },
  };
}
