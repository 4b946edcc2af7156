/**
 * Learned list shapes (issue 18 item 2, docs/product/forms-and-lists.md#list-indexes): per
 * organisation, type and shape (list-shapes.ts: equality fields and order field), how many list
 * requests asked it, their total database time and a latency histogram in fixed buckets (one
 * column per bucket, so every server process adds its counts with one upsert and all agree on
 * the p95). Written in batches by each process (list-shape-stats.ts), never per request.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';

/** Upper bounds (ms) of the latency buckets; the last column counts everything slower. */
export const SHAPE_BUCKET_BOUNDS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000] as const;
export const SHAPE_BUCKET_COLUMNS = [...SHAPE_BUCKET_BOUNDS_MS.map((ms) => `h${ms}`), 'hmax'] as const;

export function listShapesMigration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let table = db.schema
        .createTable('list_shape_stats')
        .addColumn('org_id', 'integer', (c) => c.notNull().references('organisations.id'))
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('shape', 'text', (c) => c.notNull())
        .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_ms', dialect === 'postgres' ? 'double precision' : 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('last_seen', 'text', (c) => c.notNull());
      for (const column of SHAPE_BUCKET_COLUMNS) table = table.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
      await table.addPrimaryKeyConstraint('list_shape_stats_pk', ['org_id', 'doc_type', 'shape']).execute();
    },
  };
}
