/**
 * Planner statistics kept fresh by the server itself, so no list depends on someone running
 * ANALYZE by hand (issue 18: a list with a CONTAINS filter fell to a few requests a second on data
 * loaded through the API and never analysed).
 *
 * Every decision is taken from what the database itself records, never from state held in one
 * process, so two server processes on one database agree:
 * - SQLite: `PRAGMA optimize` names the tables that have no statistics yet or have grown or
 *   shrunk about tenfold since their last analysis (its debug mode, so the server decides how).
 *   A table of at most `INLINE_ANALYSIS_MAX_ROWS` rows is analysed at once, exactly. A larger one
 *   is analysed exactly by a durable job in the quiet hours (`FULL_STATISTICS_JOB`,
 *   modules/list-indexes/statistics-job.ts), one index at a time: each index's scan holds the
 *   write lock and, on the embedded database, the event loop (about 0.4 s per 1,000,000 entries).
 *   Until then it keeps the statistics it has, whose proportions still hold (an index of it that
 *   has none is analysed exactly at once); one that has none gets a sampled analysis
 *   (`analysis_limit`) meanwhile. Sampled statistics are no substitute:
 *   SQLite averages over the first rows of each index, so a million-document organisation after
 *   a small one was recorded as 503 rows per organisation, and join orders followed
 *   (docs/architecture.md#planner-statistics).
 * - PostgreSQL: autovacuum's auto-analyse keeps statistics in step as tables change (checked at
 *   start: `autovacuumWarning`); its samples are random, so they scale. The server also analyses
 *   the tables that were never analysed (no column statistics, or `pg_class.reltuples < 0`) and
 *   hold rows, which autovacuum reaches only minutes later, and those that grew on disk, or whose
 *   changed rows (`n_mod_since_analyze`), pass a fifth of what the last analysis saw — which
 *   autovacuum would have done long before, unless it is off. And it vacuums the tables that took
 *   1,000 rows since their last vacuum, so index-only scans stay index-only (visibility-upkeep.ts).
 *
 * When: at start and after new expression indexes (`afterIndexBuilds`, type-index-builds.ts), every
 * `WRITES_BETWEEN_STATISTICS_CHECKS` committed writes of a process's write queue (group-commit.ts:
 * the count only decides when to look, the check above decides whether to analyse), and after bulk
 * loads (`analyseEverything`, the benchmark seeder).
 */
import { sql } from 'kysely';
import { runSchemaStatements, type Database } from './database.ts';
import { enqueueJob } from '../jobs/jobs.repository.ts';
import { keepPagesVisible } from './visibility-upkeep.ts';

/** Committed writes of one write queue between two cheap statistics checks. */
export const WRITES_BETWEEN_STATISTICS_CHECKS = 1000;

/** Rows SQLite's ANALYZE samples per index (its recommended order of magnitude for `optimize`). */
const SQLITE_ANALYSIS_LIMIT = 1000;

/**
 * Tables of at most this many rows are analysed exactly at once on SQLite: every index of such a
 * table together scans a few hundred thousand entries (≈ 0.2 s for `documents` with its indexes).
 */
export const INLINE_ANALYSIS_MAX_ROWS = 20_000;

/** The durable job that analyses one large SQLite table exactly, in the quiet hours. Payload: `{ table }`. */
export const FULL_STATISTICS_JOB = 'planner-statistics.full';

/** `ANALYZE "main"."documents"`, as `PRAGMA optimize`'s debug mode names a table to analyse. */
const OPTIMIZE_LINE = /^ANALYZE "main"\."([^"]+)"$/;

/** Rows changed since the last analysis beyond which PostgreSQL tables are analysed again (plus a fifth of the table). */
const PG_CHANGED_ROWS = 1000;
/** Pages (8 KB) a PostgreSQL table may grow beyond a fifth of its analysed size before it is analysed again. */
const PG_GROWN_PAGES = 16;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface StatisticsCheckOptions {
  inlineMaxRows?: number;
  /**
   * The server's start, before it serves anything: the embedded database's capped counts run on
   * the main connection, which has nothing else to do yet, instead of waiting for a reader thread
   * to come up: the start waited about 0.2 s for it, for the small tables SQLite names at every
   * start (an empty table's analysis leaves no statistics); counted here, the thread comes up while
   * the routes are built, and a start is 0.08 s shorter (docs/architecture.md#start-up).
   */
  beforeServing?: boolean;
}

/** The cheap check: analyses only what lacks statistics or has outgrown them. */
export async function refreshPlannerStatistics(database: Database, options: StatisticsCheckOptions = {}): Promise<void> {
  if (database.dialect === 'sqlite') {
    await refreshSqliteStatistics(database, options.inlineMaxRows ?? INLINE_ANALYSIS_MAX_ROWS, options.beforeServing === true);
    return;
  }
  // Never analysed: no column statistics (`reltuples` alone misleads: an index build sets it, so
  // a table filled by a migration before its index looked analysed); grown on disk by more than a
  // fifth since the size the last analysis (or index build) recorded — current, where the change
  // counters below reach the statistics views only when a connection goes idle; or changed by
  // more than a fifth.
  const stale = await sql<{ name: string; never: boolean }>`SELECT c.relname AS name, c.reltuples < 0 OR NOT has_stats AS never
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
      CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM pg_stats p WHERE p.schemaname = n.nspname AND p.tablename = c.relname) AS has_stats) AS st
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND (c.reltuples < 0 OR NOT has_stats
        OR pg_relation_size(c.oid) / current_setting('block_size')::int > 1.2 * c.relpages + ${sql.lit(PG_GROWN_PAGES)}
        OR coalesce(s.n_mod_since_analyze, 0) > 0.2 * c.reltuples + ${sql.lit(PG_CHANGED_ROWS)})`.execute(database.db);
  for (const { name, never } of stale.rows) {
    if (!IDENTIFIER.test(name)) continue;
    if (never && (await sql`SELECT 1 AS one FROM ${sql.table(name)} LIMIT 1`.execute(database.db)).rows.length === 0) continue;
    await database.maintenance((db) => sql`ANALYZE ${sql.table(name)}`.execute(db));
  }
  // The pages of rows written since the last vacuum, marked all-visible (visibility-upkeep.ts). At
  // start, beside the serving: a first vacuum after a bulk load reads the whole table (seconds).
  const upkeep = keepPagesVisible(database);
  if (options.beforeServing) void upkeep.catch(() => undefined);
  else await upkeep;
}

async function refreshSqliteStatistics(database: Database, inlineMaxRows: number, beforeServing: boolean): Promise<void> {
  // 0x10000: every table, not only those this connection has queried; 0x02: analyses; 0x01: only
  // name them (one line each), so the server chooses exact, deferred or sampled below.
  const lines = await sql<{ optimize: string }>`PRAGMA optimize = 0x10003`.execute(database.db);
  for (const line of lines.rows) {
    const table = OPTIMIZE_LINE.exec(line.optimize)?.[1];
    if (!table || !IDENTIFIER.test(table)) continue;
    // Counted on a reader (on the main connection before serving), and only up to the limit: the
    // answer is "small" or "not small".
    const counted = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.table(table)} LIMIT ${sql.lit(inlineMaxRows + 1)}) AS capped`.execute(
      beforeServing ? database.db : database.reader,
    );
    if (Number(counted.rows[0]?.n ?? 0) <= inlineMaxRows) {
      await analyseSqlite(database, table, 0);
      continue;
    }
    if (!(await hasSqliteStatistics(database, table))) await analyseSqlite(database, table, SQLITE_ANALYSIS_LIMIT);
    // An index without statistics of its own (one a migration built) looks cheaper to the planner
    // than any other: each such index is analysed exactly now, one scan of it alone.
    else for (const name of await unanalysedIndexes(database, table)) await analyseSqlite(database, name, 0, true);
    await requestFullStatistics(database, table);
  }
}

/** `offLoop`: an exact analysis of a large table or index (0.4 s per 1,000,000 entries), off the event loop. */
async function analyseSqlite(database: Database, tableOrIndex: string, limit: number, offLoop = false): Promise<void> {
  await runSchemaStatements(database, [sql`PRAGMA analysis_limit = ${sql.lit(limit)}`, sql`ANALYZE ${sql.id(tableOrIndex)}`], { offLoop });
}

async function hasSqliteStatistics(database: Database, table: string): Promise<boolean> {
  const statTable = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'`.execute(database.db);
  if (Number(statTable.rows[0]!.n) === 0) return false;
  const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl = ${table}`.execute(database.db);
  return Number(rows.rows[0]!.n) > 0;
}

async function unanalysedIndexes(database: Database, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT m.name FROM sqlite_master m WHERE m.type = 'index' AND m.tbl_name = ${table}
    AND NOT EXISTS (SELECT 1 FROM sqlite_stat1 s WHERE s.idx = m.name)`.execute(database.db);
  return rows.rows.map((row) => row.name).filter((name) => IDENTIFIER.test(name));
}

/**
 * Queues the exact analysis of `table`: one job a table a day however often the check asks (the
 * key), which puts itself off to the quiet hours when it runs outside them.
 */
export async function requestFullStatistics(database: Database, table: string, now = new Date()): Promise<void> {
  await enqueueJob(database.db, {
    orgId: null,
    kind: FULL_STATISTICS_JOB,
    uniqueKey: `${FULL_STATISTICS_JOB}:${table}:${now.toISOString().slice(0, 10)}`,
    payload: { table },
  });
}

/**
 * The exact analysis of one SQLite table, an index at a time, `between` awaited after each (a turn
 * of the event loop, so requests are served between two scans). Answers the indexes analysed.
 */
export async function analyseTableExactly(database: Database, table: string, between: () => Promise<void>): Promise<string[]> {
  if (!IDENTIFIER.test(table)) throw new Error(`Invalid table name: ${table}`);
  // A table dropped since the job was queued has nothing left to analyse.
  const exists = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(
    database.db,
  );
  if (Number(exists.rows[0]!.n) === 0) return [];
  const indexes = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ${table} ORDER BY name`.execute(database.db);
  const names = indexes.rows.map((row) => row.name).filter((name) => IDENTIFIER.test(name));
  // A table without indexes has one statistics row of its own, from the table's analysis.
  if (names.length === 0) await analyseSqlite(database, table, 0, true);
  for (const name of names) {
    await analyseSqlite(database, name, 0, true);
    await between();
  }
  return names;
}

/**
 * New indexes have no statistics of their own (an expression index's values are sampled only then).
 * Exact on SQLite: a type's indexes are partial (its rows only), and the scan costs a fraction of
 * the build before it (118–129 ms against seconds for 1,000,000 documents; bench/README.md).
 */
export async function afterIndexBuilds(
  database: Database,
  indexNames: readonly string[],
  options: { offLoop?: boolean } = {},
): Promise<void> {
  for (const name of indexNames) if (!IDENTIFIER.test(name)) throw new Error(`Invalid index name: ${name}`);
  await runSchemaStatements(
    database,
    database.dialect === 'sqlite'
      ? [sql`PRAGMA analysis_limit = 0`, ...indexNames.map((name) => sql`ANALYZE ${sql.id(name)}`)]
      : [sql`ANALYZE documents`],
    // Off the event loop, each index's pages read first, beside the writes (sqlite-read-first.ts).
    { ...options, readFirst: indexNames },
  );
}

/** After a bulk load: every table, every index, no sampling limit on SQLite. */
export async function analyseEverything(database: Database): Promise<void> {
  await runSchemaStatements(database, [...(database.dialect === 'sqlite' ? [sql`PRAGMA analysis_limit = 0`] : []), sql`ANALYZE`], {
    offLoop: true,
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
