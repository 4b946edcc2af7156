/**
 * Directory sync from a federated directory (docs/product/administration.md#directory-sync):
 * - `directory_settings.scim_token`: the SCIM bearer token, sealed as an organisation secret and
 *   kept apart from `settings` so it is never answered;
 * - `memberships.directory_id`: the id of the member at this organisation's directory, set when
 *   the sync created or matched the member. Only such members are ever disabled or removed by a
 *   later sync; the id is per organisation, so one organisation's directory never reaches another's
 *   members.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';

export function directorySyncMigration(_database: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('directory_settings').addColumn('scim_token', 'text').execute();
      await db.schema.alterTable('memberships').addColumn('directory_id', 'text').execute();
      // One member per directory user and organisation (NULLs, the members it never saw, repeat freely).
      await db.schema.createIndex('memberships_directory_id').on('memberships').columns(['org_id', 'directory_id']).unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('memberships_directory_id').execute();
      await db.schema.alterTable('memberships').dropColumn('directory_id').execute();
      await db.schema.alterTable('directory_settings').dropColumn('scim_token').execute();
    },
  };
}
