/**
 * `documents.version`: every write that changes a document (an edit, a workflow action, an
 * identity merge) adds one; an edit names the version it read and a stale one is refused with
 * 409, so of two edits made from the same read exactly one is stored
 * (docs/product/documents-and-schemas.md). Existing documents start at 1, like new ones.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';

export function documentVersionsMigration(_database: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('documents')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
