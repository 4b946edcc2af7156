/**
 * Storage usage from stored sizes (docs/product/administration.md#storage): a file's thumbnail
 * size beside its own, so the usage chart sums columns instead of asking the file store. Files
 * stored before this migration count their thumbnails as 0 bytes.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';

export function storageSizesMigration(_database: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('files').addColumn('thumb_size', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('files').dropColumn('thumb_size').execute();
    },
  };
}
