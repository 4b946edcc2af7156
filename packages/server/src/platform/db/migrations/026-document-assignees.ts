/**
 * Who each document is assigned to (`data.actionee_ids`), one row per person, so a person's
 * assigned open documents are one index range (the todo's "Assigned to me",
 * docs/product/workflow-and-timeline.md#todo). Before, the todo looked for assignments only among
 * the 300 most recently changed open documents: in an organisation with more open documents than
 * that, an older assignment never showed.
 *
 * Kept by triggers, in the writing transaction, so every write path (the APIs, seeds, imports,
 * person replacement, merges) keeps it without knowing of it; an update that changes neither the
 * assignees nor `closed` leaves it alone. Only arrays of strings count, as the workflow reads them.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../database.ts';

// The document's assignees as a JSON array ('[]' when it has none or its data is not JSON).
const SQLITE_ASSIGNEES = {
  new: sql`CASE WHEN json_valid(new.data) AND json_type(new.data, '$.actionee_ids') = 'array' THEN json_extract(new.data, '$.actionee_ids') ELSE '[]' END`,
  d: sql`CASE WHEN json_valid(d.data) AND json_type(d.data, '$.actionee_ids') = 'array' THEN json_extract(d.data, '$.actionee_ids') ELSE '[]' END`,
};

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO document_assignees (doc_id, org_id, person, closed)
    SELECT DISTINCT d.id, d.org_id, a.value, d.closed FROM documents d, json_each(${SQLITE_ASSIGNEES.d}) a
    WHERE a.type = 'text'`.execute(db);
  const insertNew = sql`INSERT INTO document_assignees (doc_id, org_id, person, closed)
      SELECT DISTINCT new.id, new.org_id, a.value, new.closed FROM json_each(${SQLITE_ASSIGNEES.new}) a WHERE a.type = 'text';`;
  await sql`CREATE TRIGGER documents_assignees_insert AFTER INSERT ON documents BEGIN
    ${insertNew}
  END`.execute(db);
  await sql`CREATE TRIGGER documents_assignees_update AFTER UPDATE OF data, closed, org_id ON documents
    WHEN old.closed IS NOT new.closed OR old.org_id IS NOT new.org_id
      OR json_extract(CASE WHEN json_valid(old.data) THEN old.data ELSE '{}' END, '$.actionee_ids')
        IS NOT json_extract(CASE WHEN json_valid(new.data) THEN new.data ELSE '{}' END, '$.actionee_ids')
  BEGIN
    DELETE FROM document_assignees WHERE doc_id = old.id;
    ${insertNew}
  END`.execute(db);
  await sql`CREATE TRIGGER documents_assignees_delete AFTER DELETE ON documents BEGIN
    DELETE FROM document_assignees WHERE doc_id = old.id;
  END`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION documents_assignees_of(data jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
    SELECT DISTINCT e #>> '{}' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(data -> 'actionee_ids') = 'array'
      THEN data -> 'actionee_ids' ELSE '[]'::jsonb END) AS e WHERE jsonb_typeof(e) = 'string'
  $$`.execute(db);
  await sql`INSERT INTO document_assignees (doc_id, org_id, person, closed)
    SELECT d.id, d.org_id, p, d.closed FROM documents d, documents_assignees_of(d.data) AS p`.execute(db);
  await sql`CREATE FUNCTION documents_assignees_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN DELETE FROM document_assignees WHERE doc_id = OLD.id; END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO document_assignees (doc_id, org_id, person, closed)
          SELECT NEW.id, NEW.org_id, p, NEW.closed FROM documents_assignees_of(NEW.data) AS p;
      END IF;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER documents_assignees_insert AFTER INSERT OR DELETE ON documents
    FOR EACH ROW EXECUTE FUNCTION documents_assignees_sync()`.execute(db);
  await sql`CREATE TRIGGER documents_assignees_update AFTER UPDATE OF data, closed, org_id ON documents FOR EACH ROW
    WHEN (OLD.closed IS DISTINCT FROM NEW.closed OR OLD.org_id IS DISTINCT FROM NEW.org_id
      OR OLD.data -> 'actionee_ids' IS DISTINCT FROM NEW.data -> 'actionee_ids')
    EXECUTE FUNCTION documents_assignees_sync()`.execute(db);
}

export function documentAssigneesMigration(database: Database): Migration {
  const isPostgres = database.dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('document_assignees')
        .addColumn('doc_id', isPostgres ? 'bigint' : 'integer', (c) => c.notNull())
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('person', 'text', (c) => c.notNull())
        .addColumn('closed', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_assignees_pk', ['doc_id', 'person'])
        .execute();
      if (isPostgres) await upPostgres(db);
      else await upSqlite(db);
      // After the backfill: one sorted build instead of an insert per row into the index.
      await db.schema
        .createIndex('document_assignees_person')
        .on('document_assignees')
        .columns(['org_id', 'person', 'closed', 'doc_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP TRIGGER IF EXISTS documents_assignees_insert ${sql.raw(isPostgres ? 'ON documents' : '')}`.execute(db);
      await sql`DROP TRIGGER IF EXISTS documents_assignees_update ${sql.raw(isPostgres ? 'ON documents' : '')}`.execute(db);
      if (isPostgres) {
        await sql`DROP FUNCTION IF EXISTS documents_assignees_sync()`.execute(db);
        await sql`DROP FUNCTION IF EXISTS documents_assignees_of(jsonb)`.execute(db);
      } else {
        await sql`DROP TRIGGER IF EXISTS documents_assignees_delete`.execute(db);
      }
      await db.schema.dropTable('document_assignees').execute();
    },
  };
}
