/**
 * The embedded database's full-text index written once per transaction instead of once per
 * statement (docs/architecture.md, "Full-text search"). FTS5 keeps what a statement adds in memory
 * and writes it out as a new segment whenever a savepoint or statement transaction begins, so with
 * the index kept by triggers, each document a group commit created was written out as a segment
 * of its own by the next statement (its `create` event), with the merging of tiny segments that
 * follows: that event insert cost 130–1,400 µs against 15–50 µs without the index, and the
 * document insert itself half again (issue 18, bench/README.md, forty-sixth session).
 *
 * Now the triggers only note what changed in `documents_fts_pending` — the document's id and, when
 * the index holds it, the values it was indexed with, the first time it changes in the transaction
 * (FTS5 removes an external-content row by the values it indexed) — and the connection's commit
 * writes the index for the whole transaction (sqlite-search-flush.ts): the noted old values out,
 * the documents' present values in, the notes cleared, all inside the same transaction, so a
 * reader never sees a document without its index entry. PostgreSQL's generated column is
 * unchanged.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../database.ts';
import { createSqliteSearchTriggers } from './003-documents.ts';

/** Notes a changed document's indexed values, unless the transaction already noted them (they are what the index holds). */
const noteOld = sql`INSERT INTO documents_fts_pending (id, indexed, summary, descrip, display_id, ref)
      VALUES (old.id, 1, old.summary, old.descrip, old.display_id, coalesce(old.ref, ''))
      ON CONFLICT (id) DO NOTHING`;

export function deferredSearchIndexMigration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`CREATE TABLE documents_fts_pending (
        id INTEGER PRIMARY KEY,
        indexed INTEGER NOT NULL,
        summary TEXT, descrip TEXT, display_id TEXT, ref TEXT
      )`.execute(db);
      for (const name of ['documents_fts_insert', 'documents_fts_delete', 'documents_fts_update']) {
        await sql`DROP TRIGGER ${sql.id(name)}`.execute(db);
      }
      // A new document: nothing of it is indexed yet.
      await sql`CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
        INSERT INTO documents_fts_pending (id, indexed) VALUES (new.id, 0) ON CONFLICT (id) DO NOTHING;
      END`.execute(db);
      await sql`CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN ${noteOld}; END`.execute(db);
      await sql`CREATE TRIGGER documents_fts_update AFTER UPDATE OF summary, descrip, display_id, ref ON documents BEGIN ${noteOld}; END`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      for (const name of ['documents_fts_insert', 'documents_fts_delete', 'documents_fts_update']) {
        await sql`DROP TRIGGER ${sql.id(name)}`.execute(db);
      }
      await sql`DROP TABLE documents_fts_pending`.execute(db);
      await createSqliteSearchTriggers(db);
      // The notes dropped with the table are in no index now: index every document again.
      await sql`INSERT INTO documents_fts(documents_fts) VALUES ('rebuild')`.execute(db);
    },
  };
}
