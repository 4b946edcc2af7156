/**
 * Which organisation added which list index (docs/product/forms-and-lists.md#list-indexes). The
 * indexes an administrator adds from the Indexes tab live on the one `documents` table every
 * organisation shares, so one organisation's type of the same name and definition is served by
 * them too. A claim records that this organisation asked for the index: its tab lists only the
 * added indexes it claims, and dropping one removes its claim, and the index itself only when no
 * other organisation claims it — an administrator can neither see another tenant's field names
 * in an index nor take away an index another tenant relies on. Indexes added before claims
 * existed are claimed by nobody: they keep serving lists, and Add index on their shape claims them.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';

export function listIndexClaimsMigration(_database: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('list_index_claims')
        .addColumn('org_id', 'integer', (c) => c.notNull().references('organisations.id'))
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('shape', 'text', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('list_index_claims_pk', ['org_id', 'doc_type', 'name'])
        .execute();
      // Whether anyone else still claims an index, before it is dropped.
      await db.schema.createIndex('list_index_claims_name').on('list_index_claims').columns(['name']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('list_index_claims').execute();
    },
  };
}
