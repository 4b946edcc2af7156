/**
 * Deleting a timeline event leaves a tombstone (docs/product/workflow-and-timeline.md#event-history):
 * the row stays, its text, files and data are cleared, and these columns say who deleted it and
 * when. The original is kept in the audit trail, which is append-only.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';

export function eventHistoryMigration(_database: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('events').addColumn('deleted_by', 'text').execute();
      await db.schema.alterTable('events').addColumn('deleted_date', 'text').execute();
    },
  };
}
