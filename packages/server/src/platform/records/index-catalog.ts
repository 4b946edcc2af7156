/**
 * What the database holds of the documents table's indexes (issue 18, docs/product/forms-and-lists.md#list-indexes):
 * whether one exists, and each with its definition, the type of a partial one and, when asked, its
 * size — read from the catalog on both databases, so every process sees the same. type-index-builds.ts
 * builds and drops them; the Indexes tab lists them.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** True when the index exists (and, on PostgreSQL, is valid: a failed concurrent build leaves an invalid one). */
export async function indexExists(database: Database, name: string): Promise<boolean> {
  const result =
    database.dialect === 'sqlite'
      ? await sql<{ found: number }>`SELECT 1 AS found FROM sqlite_master WHERE type = 'index' AND name = ${name}`.execute(database.db)
      : await sql<{ found: number }>`SELECT 1 AS found FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
          WHERE c.relname = ${name} AND c.relnamespace = current_schema()::regnamespace AND i.indisvalid`.execute(database.db);
  return result.rows.length > 0;
}

export interface DocumentIndex {
  name: string;
  /** The type of a partial index (`WHERE doc_type = '…'`), null for indexes of every type. */
  docType: string | null;
  definition: string;
  /** Bytes on disk (SQLite: from `dbstat` when compiled in, else null). */
  bytes: number | null;
  /**
   * Entries the index holds, every organisation's (PostgreSQL: the planner's count, null before
   * the first ANALYZE; SQLite: `dbstat`'s cells, exact for an index b-tree), measured with `bytes`.
   */
  entries: number | null;
  /** False for what a failed concurrent build left behind on PostgreSQL: it serves no query. */
  valid: boolean;
}

const PARTIAL_TYPE = /doc_type\s*=\s*'([^']+)'/;

/**
 * The indexes of the documents table with their definitions and, where the database can say and
 * `sizesOf` asks for them, their size (others answer null). On SQLite a size is a walk of the
 * index's pages (`dbstat`): summing every b-tree of a 1,000,000-document file that way took
 * 8–17 s, on the connection writes use, so only the Indexes tab asks, for the indexes it shows,
 * and the walk runs on a reader connection (bench/README.md, eleventh session).
 */
export async function documentIndexes(
  database: Database,
  options: { sizesOf?: (index: Omit<DocumentIndex, 'bytes' | 'entries' | 'valid'>) => boolean } = {},
): Promise<DocumentIndex[]> {
  const wanted = options.sizesOf ?? (() => false);
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ name: string; definition: string; bytes: number | string; entries: number | string; valid: boolean }>`
      SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition, pg_relation_size(c.oid) AS bytes, c.reltuples AS entries,
        i.indisvalid AS valid
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relname = 'documents' AND t.relnamespace = current_schema()::regnamespace`.execute(database.db);
    return rows.map((row) => {
      const index = { name: row.name, definition: row.definition, docType: PARTIAL_TYPE.exec(row.definition)?.[1] ?? null };
      const measured = wanted(index);
      const entries = Number(row.entries);
      return {
        ...index,
        bytes: measured ? Number(row.bytes) : null,
        entries: measured && entries >= 0 ? Math.round(entries) : null,
        valid: row.valid,
      };
    });
  }
  const { rows } = await sql<{ name: string; definition: string | null }>`
    SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents'`.execute(database.db);
  const indexes = rows.map((row) => ({
    name: row.name,
    definition: row.definition ?? '',
    docType: PARTIAL_TYPE.exec(row.definition ?? '')?.[1] ?? null,
  }));
  const sizes = await sqliteIndexSizes(
    database,
    indexes.filter(wanted).map((index) => index.name),
  );
  return indexes.map((index) => {
    const size = sizes.get(index.name);
    return { ...index, bytes: size?.bytes ?? null, entries: size?.entries ?? null, valid: true };
  });
}

/**
 * The named b-trees' sizes and cells, each summed by `dbstat` itself (`aggregate`), on a reader
 * connection. An index b-tree keeps each entry in exactly one cell, interior pages included.
 */
async function sqliteIndexSizes(database: Database, names: readonly string[]): Promise<Map<string, { bytes: number; entries: number }>> {
  if (names.length === 0) return new Map();
  try {
    const { rows } = await sql<{ name: string; bytes: number; entries: number }>`SELECT name, pgsize AS bytes, ncell AS entries
      FROM dbstat WHERE aggregate = TRUE AND name IN (${sql.join(names)})`.execute(database.bulkReader);
    return new Map(rows.map((row) => [row.name, { bytes: Number(row.bytes), entries: Number(row.entries) }]));
  } catch {
    // SQLite built without the dbstat table: sizes unknown.
    return new Map();
  }
}
