/**
 * The storage limit checked without summing every document on each upload
 * (docs/product/administration.md#storage): each organisation's last measured usage, and an index
 * to add up only the files uploaded since that measure.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';

export function storageMeasuresMigration(_database: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('storage_measures')
        .addColumn('org_id', 'integer', (c) => c.primaryKey())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addColumn('measured_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('files_org_created').on('files').columns(['org_id', 'created_date']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('files_org_created').execute();
      await db.schema.dropTable('storage_measures').execute();
    },
  };
}
