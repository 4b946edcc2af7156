/**
 * The todo's approvals waiting for the caller, however long unchanged
 * (docs/product/workflow-and-timeline.md#todo): before, they were looked for among the 300 most
 * recently changed open documents only, so in a busy organisation an approval requested weeks ago
 * dropped out of the approver's todo. `(org_id, doc_type, status, updated_date, id)` over the open
 * documents makes the ones waiting at one approval stage one index range, most recently changed
 * first, so the todo reads a few hundred of them and stops, however many wait (200,000 in the
 * benchmark's million incidents). Partial: closed documents, most of an organisation's, never
 * enter it, and their writes never maintain it.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../database.ts';

export function openByStatusMigration(_database: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('documents_open_status_updated')
        .on('documents')
        .columns(['org_id', 'doc_type', 'status', 'updated_date', 'id'])
        .where(sql.ref('closed'), '=', 0)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('documents_open_status_updated').execute();
    },
  };
}
