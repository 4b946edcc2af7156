/**
 * PostgreSQL: extended statistics on the expression of each indexed data field (`CREATE
 * STATISTICS … ON (<field expr>) FROM documents`, PostgreSQL 14 and later), created with the
 * field's `dx_` index and dropped with it (docs/architecture.md#planner-statistics).
 *
 * Why: PostgreSQL keeps statistics on an index's expressions, but uses them for estimates only
 * when the index is not partial, and every type index is (`WHERE doc_type = '…'`). Without them
 * the planner took `data->>'category'` for a column of 1,000,000 distinct values: the group
 * mode's `group_by=category,status` on 1,000,000 incidents sorted every row in index order (an
 * index scan reading the whole table at random, 4.4–5.1 s), where with them it chose a parallel
 * sequential scan and a hash aggregate of the 25 groups (1.0–1.2 s; bench/README.md,
 * thirty-seventh session). A promoted column (`zone_id`) has column statistics already.
 *
 * The statistics cover the whole table, not one type: a field name several types share (their
 * expression the same text) is counted over all of them, which still gives the order of magnitude
 * the planner lacked. Each is named after its index (`dx_…` → `ds_…`) so a drop finds it.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.ts';
import type { IndexDefinition } from './type-indexes.ts';

export interface FieldStatistics {
  name: string;
  ddl: RawBuilder<unknown>;
}

const INDEX_PREFIX = 'dx_';
const STATISTICS_PREFIX = 'ds_';

/** PostgreSQL 14 added statistics on an expression. */
const EXPRESSION_STATISTICS_SINCE = 140000;

/** The statistics of a single-field index on `expr` (named after the index). */
export function fieldStatistics(indexName: string, expr: RawBuilder<unknown>): FieldStatistics {
  const name = statisticsNameOf(indexName)!;
  return { name, ddl: sql`CREATE STATISTICS IF NOT EXISTS ${sql.id(name)} ON (${expr}) FROM documents` };
}

/** The statistics name of a `dx_` index; none for other indexes. */
export function statisticsNameOf(indexName: string): string | undefined {
  return indexName.startsWith(INDEX_PREFIX) ? STATISTICS_PREFIX + indexName.slice(INDEX_PREFIX.length) : undefined;
}

/** The statistics that come with these indexes (PostgreSQL's single-field indexes on data fields). */
export function statisticsOf(definitions: readonly IndexDefinition[]): FieldStatistics[] {
  return definitions.flatMap((definition) => (definition.statistics ? [definition.statistics] : []));
}

/**
 * Creates those of `wanted` that are not there yet (PostgreSQL 14 and later; nothing elsewhere) and
 * answers their names: the table's next ANALYZE fills them (`afterIndexBuilds`).
 */
export async function ensureFieldStatistics(database: Database, wanted: readonly FieldStatistics[]): Promise<string[]> {
  if (database.dialect !== 'postgres' || wanted.length === 0) return [];
  const version = await sql<{ version: string }>`SELECT current_setting('server_version_num') AS version`.execute(database.db);
  if (Number(version.rows[0]?.version ?? 0) < EXPRESSION_STATISTICS_SINCE) return [];
  // This schema's only: another schema of the same database (a test file's) has its own.
  const present = await sql<{ name: string }>`SELECT stxname AS name FROM pg_statistic_ext
    WHERE stxnamespace = current_schema()::regnamespace
      AND stxname IN (${sql.join(wanted.map((statistics) => statistics.name))})`.execute(database.db);
  const existing = new Set(present.rows.map((row) => row.name));
  const created: string[] = [];
  for (const statistics of wanted) {
    if (existing.has(statistics.name)) continue;
    await database.maintenance((db) => statistics.ddl.execute(db));
    created.push(statistics.name);
  }
  return created;
}

/** Drops the statistics that came with a `dx_` index (PostgreSQL; the name checked by the caller). */
export async function dropFieldStatistics(database: Database, indexName: string): Promise<void> {
  const name = statisticsNameOf(indexName);
  if (database.dialect !== 'postgres' || !name) return;
  await database.maintenance((db) => sql`DROP STATISTICS IF EXISTS ${sql.id(name)}`.execute(db));
}
