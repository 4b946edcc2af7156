/**
 * PostgreSQL compares the documents' dates in byte order (docs/architecture.md, "Dates compare as
 * bytes"). They are ISO-8601 text, whose byte order is their order in time, but a column of the
 * database's default collation is compared through the locale (`strcoll`, or ICU) on every
 * comparison a plan makes: a site member's list by creation date merges one ordered read per site
 * and compares every row it passes, and their page 1,000 took 2.42 ms under an `en-US` collation,
 * 2.05 ms under `C.UTF-8` and 1.82 ms in byte order (issue 18, bench/README.md, fifty-eighth
 * session). Byte order is the embedded database's own (BINARY), so both databases now order
 * dates alike by construction. PostgreSQL rebuilds the indexes holding these columns; the table
 * itself is not rewritten (text to text is binary-coercible).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../database.ts';

/** The documents' ISO date columns. */
export const DOCUMENT_DATE_COLUMNS = ['created_date', 'updated_date', 'closed_date', 'due_date', 'status_date'] as const;

export function datesInByteOrderMigration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const changes = DOCUMENT_DATE_COLUMNS.map((column) => sql`ALTER COLUMN ${sql.id(column)} TYPE text COLLATE "C"`);
      // One statement: each index holding any of them is rebuilt once.
      await sql`ALTER TABLE documents ${sql.join(changes, sql`, `)}`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const changes = DOCUMENT_DATE_COLUMNS.map((column) => sql`ALTER COLUMN ${sql.id(column)} TYPE text COLLATE "default"`);
      await sql`ALTER TABLE documents ${sql.join(changes, sql`, `)}`.execute(db);
    },
  };
}
