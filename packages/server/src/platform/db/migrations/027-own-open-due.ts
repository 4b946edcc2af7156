/**
 * The caller's own overdue documents, however old (the todo's "Overdue",
 * docs/product/workflow-and-timeline.md#todo): the todo looked for them only among the 300 most
 * recently changed open documents, so in an organisation with more open documents than that an
 * older overdue document of one's own never showed. `(org_id, created_by, closed, due_date)` makes
 * them one index range, earliest due first. It replaces `documents_created_by`
 * (`org_id, created_by`), whose every use (the access rules' "own documents") it serves as well,
 * so a write maintains no more indexes than before.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';

export function ownOpenDueMigration(_database: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('documents_own_open_due')
        .on('documents')
        .columns(['org_id', 'created_by', 'closed', 'due_date'])
        .execute();
      await db.schema.dropIndex('documents_created_by').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('documents_created_by').on('documents').columns(['org_id', 'created_by']).execute();
      await db.schema.dropIndex('documents_own_open_due').execute();
    },
  };
}
