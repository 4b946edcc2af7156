/**
 * PostgreSQL: the value each document has for its type's default order, stored beside the row
 * (docs/architecture.md, "Stored order values"). PostgreSQL reads an expression index only
 * together with the table rows its entries point at (no index-only scan of an expression), so a
 * page 1,000 by number in the incident list's own order (`incident_date`, a field of `data`) fetched
 * every row it skipped: 133 ms for an administrator, 189 ms for a member of two sites, against
 * 31 ms in creation order, whose column an index holds (issue 18, bench/README.md, fifty-ninth
 * session). A plain column in the index is read from the index alone.
 *
 * - `documents.order_value`: nullable text, so adding it rewrites nothing. `COLLATE "C"` as the date
 *   columns (migration 031): only date and date-time fields are stored, ISO-8601 text whose byte
 *   order is their order in time.
 * - `document_order_keys`: per organisation and type, which field of `data` the column holds
 *   (`path`) and whether every row holds it yet (`state`: `filling`, then `ready`). Written only by
 *   the order-key job (platform/records/order-keys.ts); the lists use the column only once `ready`.
 * - A trigger fills the column on every insert and on every update of `data`: it reads the key of
 *   the row's organisation and type, so every write path, whichever process runs it, fills it alike
 *   (the database, not a process's memory, says what the column holds).
 *
 * SQLite reads its expression indexes without the rows (covering indexes): nothing there.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../database.ts';

export function storedOrderValuesMigration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE documents ADD COLUMN order_value text COLLATE "C"`.execute(db);
      await sql`CREATE TABLE document_order_keys (
        org_id integer NOT NULL,
        doc_type text NOT NULL,
        field text NOT NULL,
        path text[] NOT NULL,
        state text NOT NULL,
        changed_at text NOT NULL,
        PRIMARY KEY (org_id, doc_type)
      )`.execute(db);
      // The key table named with its schema: the trigger then reads that one table whatever the
      // writing session's search_path (tests give each app a schema of its own).
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
      const keys = sql.id(rows[0]!.schema, 'document_order_keys');
      await sql`CREATE FUNCTION documents_order_value() RETURNS trigger LANGUAGE plpgsql AS $body$
        DECLARE key_path text[];
        BEGIN
          SELECT k.path INTO key_path FROM ${keys} k WHERE k.org_id = NEW.org_id AND k.doc_type = NEW.doc_type;
          IF key_path IS NOT NULL AND jsonb_typeof(NEW.data #> key_path) = 'string' THEN
            NEW.order_value := NEW.data #>> key_path;
          ELSE
            NEW.order_value := NULL;
          END IF;
          RETURN NEW;
        END
      $body$`.execute(db);
      await sql`CREATE TRIGGER documents_order_value BEFORE INSERT OR UPDATE OF data, org_id, doc_type ON documents
        FOR EACH ROW EXECUTE FUNCTION documents_order_value()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`DROP TRIGGER documents_order_value ON documents`.execute(db);
      await sql`DROP FUNCTION documents_order_value()`.execute(db);
      await sql`DROP TABLE document_order_keys`.execute(db);
      await sql`ALTER TABLE documents DROP COLUMN order_value`.execute(db);
    },
  };
}
