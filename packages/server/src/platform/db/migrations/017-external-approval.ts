/**
 * External approval links (docs/product/workflow-and-timeline.md#external-approvers): one row per
 * e-mailed link to a named external person (scope 92 step), bound to the organisation, document,
 * stage, step and address; only the token's hash is stored, and `used_date` makes it single-use.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';
import { autoIdModifier, idType } from '../column-types.ts';

export function externalApprovalMigration({ dialect }: Database): Migration {
  const id = idType(dialect);
  const autoId = autoIdModifier(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('external_approval_links')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('doc_id', 'integer', (c) => c.notNull())
        .addColumn('stage', 'integer', (c) => c.notNull())
        .addColumn('step', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('expires_date', 'text', (c) => c.notNull())
        .addColumn('used_date', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('external_approval_links').execute();
    },
  };
}
