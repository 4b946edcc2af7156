/**
 * Planner statistics kept fresh by the server itself, so no list depends on someone running
 * ANALYZE by hand (issue 18: a list with a CONTAINS filter fell to a few requests a second on data
 * loaded through the API and never analysed).
 *
 * Every decision is taken from what the database itself records, never from state held in one
 * process, so two server processes on one database agree:
 * - SQLite: `PRAGMA optimize` analyses the tables that have no statistics yet or have grown or
 *   shrunk about tenfold since their last analysis, and does nothing otherwise (milliseconds);
 *   `analysis_limit` bounds each index's analysis to a sample, so it stays cheap on a million rows.
 * - PostgreSQL: autovacuum's auto-analyse keeps statistics in step as tables change (checked at
 *   start: `autovacuumWarning`). The server also analyses the tables that were never analysed
 *   (`pg_class.reltuples < 0`) and hold rows, which autovacuum reaches only minutes later, and
 *   those that grew on disk, or whose changed rows (`n_mod_since_analyze`), pass a fifth of what
 *   the last analysis saw — which autovacuum would have done long before, unless it is off.
 *
 * When: at start and after new expression indexes (`afterIndexBuilds`, type-indexes.ts), every
 * `WRITES_BETWEEN_STATISTICS_CHECKS` committed writes of a process's write queue (group-commit.ts:
 * the count only decides when to look, the check above decides whether to analyse), and after bulk
 * loads (`analyseEverything`, the benchmark seeder).
 */
import { sql } from 'kysely';
import type { Database } from './database.ts';

/** Committed writes of one write queue between two cheap statistics checks. */
export const WRITES_BETWEEN_STATISTICS_CHECKS = 1000;

/** Rows SQLite's ANALYZE samples per index (its recommended order of magnitude for `optimize`). */
const SQLITE_ANALYSIS_LIMIT = 1000;

/** Rows changed since the last analysis beyond which PostgreSQL tables are analysed again (plus a fifth of the table). */
const PG_CHANGED_ROWS = 1000;
/** Pages (8 KB) a PostgreSQL table may grow beyond a fifth of its analysed size before it is analysed again. */
const PG_GROWN_PAGES = 16;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The cheap check: analyses only what lacks statistics or has outgrown them. */
export async function refreshPlannerStatistics(database: Database): Promise<void> {
  if (database.dialect === 'sqlite') {
    await database.maintenance(async (db) => {
      await sql`PRAGMA analysis_limit = ${sql.lit(SQLITE_ANALYSIS_LIMIT)}`.execute(db);
      // 0x10000: look at every table, not only those this connection has queried; 0x02: analyse.
      await sql`PRAGMA optimize = 0x10002`.execute(db);
    });
    return;
  }
  // Never analysed (reltuples < 0); grown on disk by more than a fifth since the size the last
  // analysis (or index build) recorded — current, where the change counters below reach the
  // statistics views only when a connection goes idle; or changed by more than a fifth.
  const stale = await sql<{ name: string; never: boolean }>`SELECT c.relname AS name, c.reltuples < 0 AS never
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND (c.reltuples < 0
        OR pg_relation_size(c.oid) / current_setting('block_size')::int > 1.2 * c.relpages + ${sql.lit(PG_GROWN_PAGES)}
        OR coalesce(s.n_mod_since_analyze, 0) > 0.2 * c.reltuples + ${sql.lit(PG_CHANGED_ROWS)})`.execute(database.db);
  for (const { name, never } of stale.rows) {
    if (!IDENTIFIER.test(name)) continue;
    if (never && (await sql`SELECT 1 AS one FROM ${sql.table(name)} LIMIT 1`.execute(database.db)).rows.length === 0) continue;
    await database.maintenance((db) => sql`ANALYZE ${sql.table(name)}`.execute(db));
  }
}

/** New indexes have no statistics of their own (an expression index's values are sampled only then). */
export async function afterIndexBuilds(database: Database, indexNames: readonly string[]): Promise<void> {
  for (const name of indexNames) if (!IDENTIFIER.test(name)) throw new Error(`Invalid index name: ${name}`);
  await database.maintenance(async (db) => {
    if (database.dialect === 'sqlite') {
      await sql`PRAGMA analysis_limit = ${sql.lit(SQLITE_ANALYSIS_LIMIT)}`.execute(db);
      for (const name of indexNames) await sql`ANALYZE ${sql.id(name)}`.execute(db);
    } else {
      await sql`ANALYZE documents`.execute(db);
    }
  });
}

/** After a bulk load: every table, every index, no sampling limit on SQLite. */
export async function analyseEverything(database: Database): Promise<void> {
  await database.maintenance(async (db) => {
    if (database.dialect === 'sqlite') await sql`PRAGMA analysis_limit = 0`.execute(db);
    await sql`ANALYZE`.execute(db);
  });
}

/** A warning when PostgreSQL will not refresh statistics by itself (autovacuum or its counters off). */
export async function autovacuumWarning(database: Database): Promise<string | null> {
  if (database.dialect !== 'postgres') return null;
  const settings = await sql<{ name: string; setting: string }>`SELECT name, setting FROM pg_settings
    WHERE name IN ('autovacuum', 'track_counts')`.execute(database.db);
  const off = settings.rows.filter((row) => row.setting !== 'on').map((row) => row.name);
  if (off.length === 0) return null;
  return `PostgreSQL has ${off.join(' and ')} off: planner statistics are refreshed only by Docket's own checks (at start, after index builds, every ${WRITES_BETWEEN_STATISTICS_CHECKS} writes of this process), and dead rows are never vacuumed. Turn ${off.join(' and ')} on.`;
}
