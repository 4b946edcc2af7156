/**
 * PostgreSQL: the pages of rows just written are marked all-visible by the server itself, so the
 * lists' index-only scans stay index-only (docs/architecture.md#planner-statistics). An index-only
 * scan reads the table for each entry whose page the visibility map does not mark all-visible, and
 * only VACUUM marks them. Autovacuum vacuums a table for its inserts only once they pass a fifth of
 * it (`autovacuum_vacuum_insert_scale_factor`): 40,000 new documents on a table of 200,000, and
 * the newest are the ones every list shows first and every deep page skips. After 6,339 creates on
 * 200,000 incidents page 1,000 of the incident list fetched 6,371 rows from the table and answered
 * at p95 58 ms instead of 23 ms after a VACUUM (bench/README.md, sixty-first session).
 *
 * So every table with `UPKEEP_CHANGED_ROWS` rows inserted or left dead since its last vacuum is
 * vacuumed, at the planner statistics' checks (planner-statistics.ts: at start without holding it
 * up, and every 1,000 committed writes of a process), and each table with `TICKER_CHANGED_ROWS` by
 * a ticker of the jobs worker. Such a vacuum reads only the pages the
 * visibility map does not mark, but its index cleanup reads the whole full-text index (GIN:
 * `documents_search`, 0.25 s of the 0.26 s on 200,000 incidents, against 1–8 ms without it), so
 * most skip the index cleanup. Skipping it leaves the dead rows' line pointers and index entries in
 * place and resets the table's dead-row count autovacuum decides by, so one vacuum in
 * `CLEANING_EVERY` (by the table's vacuum count, which every process reads alike), and every vacuum
 * of a table with many dead rows, cleans the indexes as autovacuum would. `SKIP_LOCKED`: a table
 * another process (or an index build) is working on is left to it.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from './database.ts';

/** Rows inserted or dead since a table's last vacuum from which the server vacuums it. */
export const UPKEEP_CHANGED_ROWS = 1000;
/**
 * The same, for the jobs worker's ticker (once a minute): the rows a burst of writes left after the
 * last check of its write queue (fewer than 1,000, and no write left to start another check) are
 * marked within a minute. Before that ticker, 1,582 of the 15,000 rows page 1,000 skips were still
 * read from the table after a burst of creates (bench/README.md, sixty-first session).
 */
export const TICKER_CHANGED_ROWS = 100;
/** One upkeep vacuum in this many cleans the indexes too. */
export const CLEANING_EVERY = 10;
/** Dead rows, as a share of the table, from which a vacuum always cleans the indexes (PostgreSQL's own bypass is at 2 % of pages). */
const CLEANING_DEAD_SHARE = 0.02;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface UpkeepVacuum {
  table: string;
  cleaning: boolean;
}

/** The tables due a vacuum, and whether each cleans its indexes. */
export async function dueVacuums(database: Database, changedRows = UPKEEP_CHANGED_ROWS): Promise<UpkeepVacuum[]> {
  if (database.dialect !== 'postgres') return [];
  const { rows } = await sql<{ name: string; vacuums: number | string; dead: number | string; tuples: number | string }>`
    SELECT c.relname AS name, s.vacuum_count + s.autovacuum_count AS vacuums, s.n_dead_tup AS dead, greatest(c.reltuples, 0) AS tuples
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND s.n_ins_since_vacuum + s.n_dead_tup >= ${sql.lit(changedRows)}
    ORDER BY c.relname`.execute(database.db);
  return rows
    .filter((row) => IDENTIFIER.test(row.name))
    .map((row) => ({
      table: row.name,
      cleaning: isCleaning({ vacuums: Number(row.vacuums), dead: Number(row.dead), tuples: Number(row.tuples) }, changedRows),
    }));
}

/** Whether the next vacuum of a table cleans its indexes: one in `CLEANING_EVERY` of its vacuums, or many dead rows. */
export function isCleaning(table: { vacuums: number; dead: number; tuples: number }, changedRows = UPKEEP_CHANGED_ROWS): boolean {
  return (table.vacuums + 1) % CLEANING_EVERY === 0 || table.dead >= CLEANING_DEAD_SHARE * table.tuples + changedRows;
}

/** The jobs worker's ticker: the upkeep of what the write checks left, beside the jobs (a first vacuum after a bulk load takes seconds). */
export async function upkeepTicker(ctx: { database: Database }): Promise<void> {
  void keepPagesVisible(ctx.database, TICKER_CHANGED_ROWS).catch(() => undefined);
}

/** Vacuums the tables due one (`dueVacuums`). Answers them. */
export async function keepPagesVisible(database: Database, changedRows = UPKEEP_CHANGED_ROWS): Promise<UpkeepVacuum[]> {
  const due = await dueVacuums(database, changedRows);
  if (due.length === 0) return due;
  await vacuumWithoutBudget(
    database,
    due.map(
      ({ table, cleaning }) => sql`VACUUM (${cleaning ? sql`SKIP_LOCKED` : sql`SKIP_LOCKED, INDEX_CLEANUP OFF`}) ${sql.table(table)}`,
    ),
  );
  return due;
}

/**
 * PostgreSQL: VACUUM statements, in order, on one pooled connection without a time budget (as an
 * index build): VACUUM runs outside any transaction, so the maintenance budget's `SET LOCAL`
 * cannot lift the serving one for it.
 */
export async function vacuumWithoutBudget(database: Database, statements: readonly RawBuilder<unknown>[]): Promise<void> {
  await database.db.connection().execute(async (connection) => {
    await sql`SET statement_timeout = 0`.execute(connection);
    try {
      for (const statement of statements) await statement.execute(connection);
    } finally {
      await sql`RESET statement_timeout`.execute(connection);
    }
  });
}
