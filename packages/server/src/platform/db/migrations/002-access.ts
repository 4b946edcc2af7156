/**
 * Identity and access control (issue 3): group members of access entries, one-time sign-in codes
 * (e-mail OTP and the federated hand-back code), the mail outbox, directory settings, OIDC
 * authorization states, TOTP secrets, and the identity a log line concerns.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';
import { autoIdModifier, idType, jsonType } from '../column-types.ts';

export function accessMigration({ dialect }: Database): Migration {
  const json = jsonType(dialect) as 'text';
  const id = idType(dialect);
  const autoId = autoIdModifier(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('acl_members')
        .addColumn('acl_id', 'integer', (c) => c.notNull())
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('identity_uuid', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('acl_members_pk', ['acl_id', 'identity_uuid'])
        .execute();
      await db.schema.createIndex('acl_members_identity').on('acl_members').columns(['org_id', 'identity_uuid']).execute();
      await db.schema.createIndex('acl_entries_org').on('acl_entries').columns(['org_id', 'id']).execute();

      // One-time codes: e-mailed OTPs (purpose 'otp') and the federated hand-back code ('federated').
      await db.schema
        .createTable('sign_in_codes')
        .addColumn('id', id, autoId)
        .addColumn('client_code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('identity_uuid', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text')
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('expires_date', 'text', (c) => c.notNull())
        .addColumn('used_date', 'text')
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer')
        .addColumn('recipient_uuid', 'text')
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('sent_date', 'text')
        .execute();
      await db.schema.createIndex('outbox_org_created').on('outbox').columns(['org_id', 'created_date']).execute();
      await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient_uuid']).execute();

      await db.schema
        .createTable('directory_settings')
        .addColumn('org_id', 'integer', (c) => c.primaryKey())
        .addColumn('settings', json, (c) => c.notNull())
        .addColumn('client_secret', 'text')
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('oidc_states')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('expires_date', 'text', (c) => c.notNull())
        .addColumn('used_date', 'text')
        .execute();

      await db.schema.alterTable('identities').addColumn('totp_secret', 'text').execute();
      await db.schema.createIndex('identities_federated').on('identities').column('federated_id').execute();
      await db.schema.createIndex('memberships_identity').on('memberships').column('identity_uuid').execute();
      await db.schema.alterTable('logs').addColumn('identity_uuid', 'text').execute();
      await db.schema.createIndex('logs_identity').on('logs').columns(['identity_uuid', 'created_date']).execute();
      await db.schema.createIndex('refresh_tokens_identity').on('refresh_tokens').column('identity_uuid').execute();
      // Region-scoped grants filter on region_id as site-scoped ones do on site_id (001 has that index).
      await db.schema
        .createIndex('documents_type_region_created')
        .on('documents')
        .columns(['org_id', 'doc_type', 'region_id', 'created_date', 'id'])
        .execute();
      await db.schema.createIndex('documents_created_by').on('documents').columns(['org_id', 'created_by']).execute();
      await db.schema.createIndex('events_created_by').on('events').columns(['org_id', 'created_by']).execute();
    },
  };
}
