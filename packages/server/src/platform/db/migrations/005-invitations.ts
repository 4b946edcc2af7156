/**
 * Identities shared between organisations only by the person's consent (issue 11 item 1):
 * - `invitations`: an organisation asks an existing identity to join; the e-mailed link carries a
 *   single-use token stored only as its SHA-256 hash, with an expiry and the grant to apply on
 *   acceptance. Until then there is no membership.
 * - `refresh_tokens.org_id` / `sign_in_codes.org_id`: a session started by a sign-in that only one
 *   organisation vouches for (its federated provider, a password its administrator set) is bound
 *   to that organisation; null means the person's own password, valid for every membership.
 * - `identities.password_org_id`: the organisation whose administrator set the current password
 *   (null once the person chose their own).
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';
import { autoIdModifier, idType, jsonType } from '../column-types.ts';

export function invitationsMigration({ dialect }: Database): Migration {
  const json = jsonType(dialect) as 'text';
  const id = idType(dialect);
  const autoId = autoIdModifier(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('invitations')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull().references('organisations.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('grant_data', json)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('sent_date', 'text', (c) => c.notNull())
        .addColumn('expires_date', 'text', (c) => c.notNull())
        .addColumn('closed_date', 'text')
        .execute();
      await db.schema.createIndex('invitations_org_email').on('invitations').columns(['org_id', 'email', 'status']).execute();
      await db.schema.alterTable('refresh_tokens').addColumn('org_id', 'integer').execute();
      await db.schema.createIndex('refresh_tokens_identity_org').on('refresh_tokens').columns(['identity_uuid', 'org_id']).execute();
      await db.schema.alterTable('sign_in_codes').addColumn('org_id', 'integer').execute();
      await db.schema.alterTable('identities').addColumn('password_org_id', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('invitations').execute();
    },
  };
}
