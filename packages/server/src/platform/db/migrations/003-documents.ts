/**
 * The documents engine (issue 4): stored type-schema versions, the cache-version counters that
 * invalidate per-process caches across processes, an index of children, and full-text search over summary, descrip,
 * display_id and ref — SQLite FTS5 (external content kept in sync by triggers) or a PostgreSQL
 * generated `tsvector` column with a GIN index. Both stay in step with `documents` inside the
 * writing transaction. Expression indexes for fields a type marks `indexed` are not here: they
 * follow the schemas (platform/records/type-indexes.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../database.ts';
import { autoIdModifier, idType, jsonType } from '../column-types.ts';

export function documentsMigration({ dialect }: Database): Migration {
  const json = jsonType(dialect) as 'text';
  const id = idType(dialect);
  const autoId = autoIdModifier(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // Every saved state of a `$$schema` document: who, when, what (the previous ones stay).
      await db.schema
        .createTable('schema_versions')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('schema_doc_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('schema', json, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('schema_versions_doc')
        .unique()
        .on('schema_versions')
        .columns(['org_id', 'schema_doc_id', 'version'])
        .execute();

      // A counter per cached thing (e.g. `schemas:{orgId}`), bumped in the writing transaction.
      await db.schema
        .createTable('cache_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();

      // Children of a document (the children list, cascading deletes, a workflow's open-children
      // count). Partial: almost every row has no parent, and a full index's statistics then make
      // the planner believe `parent_id = ?` matches most of the table.
      await sql`CREATE INDEX documents_children ON documents (org_id, parent_id, closed) WHERE parent_id IS NOT NULL`.execute(db);

      if (dialect === 'sqlite') await sqliteSearch(db);
      else await postgresSearch(db);
    },
  };
}

async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE documents_fts USING fts5(
    summary, descrip, display_id, ref,
    content='documents', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3'
  )`.execute(db);
  await createSqliteSearchTriggers(db);
  await sql`INSERT INTO documents_fts(documents_fts) VALUES ('rebuild')`.execute(db);
}

/** The triggers that kept `documents_fts` in step statement by statement, until migration 030 (whose `down` puts them back). */
export async function createSqliteSearchTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
    INSERT INTO documents_fts(rowid, summary, descrip, display_id, ref)
      VALUES (new.id, new.summary, new.descrip, new.display_id, coalesce(new.ref, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
    INSERT INTO documents_fts(documents_fts, rowid, summary, descrip, display_id, ref)
      VALUES ('delete', old.id, old.summary, old.descrip, old.display_id, coalesce(old.ref, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER documents_fts_update AFTER UPDATE OF summary, descrip, display_id, ref ON documents BEGIN
    INSERT INTO documents_fts(documents_fts, rowid, summary, descrip, display_id, ref)
      VALUES ('delete', old.id, old.summary, old.descrip, old.display_id, coalesce(old.ref, ''));
    INSERT INTO documents_fts(rowid, summary, descrip, display_id, ref)
      VALUES (new.id, new.summary, new.descrip, new.display_id, coalesce(new.ref, ''));
  END`.execute(db);
}

async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  // 'simple': no stemming, so English, French and Spanish text are treated alike. Ids and
  // references weigh most, then the summary, then the description. Punctuation becomes spaces
  // first, as SQLite's unicode61 tokenizer does: PostgreSQL's parser would otherwise read
  // 'INC-00042' as 'inc' and the signed number '-00042', or 'a/b' as one file-path token.
  await sql`ALTER TABLE documents ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, translate(coalesce(display_id, ''), '-/.@_:+', '       ')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, translate(coalesce(ref, ''), '-/.@_:+', '       ')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, translate(coalesce(summary, ''), '-/.@_:+', '       ')), 'B') ||
    setweight(to_tsvector('simple'::regconfig, translate(coalesce(descrip, ''), '-/.@_:+', '       ')), 'D')
  ) STORED`.execute(db);
  await sql`CREATE INDEX documents_search ON documents USING gin (search_vector)`.execute(db);
}
