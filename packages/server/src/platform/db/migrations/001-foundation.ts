/**
 * The foundation tables (issue 2 item 4): organisations, identities, memberships, access entries,
 * refresh tokens, documents (promoted columns + JSON data), sequences for display ids, events,
 * logs, the append-only audit trail, rate-limit counters and server secrets.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../database.ts';
import { autoIdModifier, idType, jsonType } from '../column-types.ts';

export function foundationMigration({ dialect }: Database): Migration {
  const json = jsonType(dialect) as 'text';
  const id = idType(dialect);
  const autoId = autoIdModifier(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('organisations')
        .addColumn('id', id, autoId)
        .addColumn('app_id', 'text', (c) => c.notNull().unique())
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('primary_domain', 'text')
        .addColumn('app_config', json, (c) => c.notNull())
        .addColumn('settings', json, (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('identities')
        .addColumn('uuid', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('job_title', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('mfa', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('login_enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('federated_id', 'text')
        .addColumn('manager_uuid', 'text')
        .addColumn('preferences', json, (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('last_login', 'text')
        .addColumn('session_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('memberships')
        .addColumn('org_id', 'integer', (c) => c.notNull().references('organisations.id'))
        .addColumn('identity_uuid', 'text', (c) => c.notNull().references('identities.uuid'))
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('memberships_pk', ['org_id', 'identity_uuid'])
        .execute();

      await db.schema
        .createTable('acl_entries')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull().references('organisations.id'))
        .addColumn('identity_uuid', 'text')
        .addColumn('group_name', 'text')
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(4))
        .addColumn('can_create', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('can_delete', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('roles', json, (c) => c.notNull())
        .addColumn('doc_types', json)
        .addColumn('module', 'text')
        .addColumn('scope', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('region_id', 'integer')
        .addColumn('site_id', 'integer')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('acl_entries_identity').on('acl_entries').columns(['org_id', 'identity_uuid']).execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', id, autoId)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('identity_uuid', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('expires_date', 'text', (c) => c.notNull())
        .addColumn('used_date', 'text')
        .addColumn('revoked_date', 'text')
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

      await db.schema
        .createTable('documents')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull().references('organisations.id'))
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('display_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('descrip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('parent_id', 'integer')
        .addColumn('site_id', 'integer')
        .addColumn('region_id', 'integer')
        .addColumn('zone_id', 'integer')
        .addColumn('module_id', 'integer')
        .addColumn('ref', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('closed_date', 'text')
        .addColumn('due_date', 'text')
        .addColumn('status_date', 'text')
        .addColumn('workflow', json)
        .addColumn('attachments', json)
        .addColumn('data', json, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('documents_display_id').unique().on('documents').columns(['org_id', 'doc_type', 'display_id']).execute();
      // The list page's common shapes: newest first within a type, optionally by status and site.
      await db.schema.createIndex('documents_type_created').on('documents').columns(['org_id', 'doc_type', 'created_date', 'id']).execute();
      await db.schema
        .createIndex('documents_type_status_site_created')
        .on('documents')
        .columns(['org_id', 'doc_type', 'status', 'site_id', 'created_date', 'id'])
        .execute();
      await db.schema
        .createIndex('documents_type_site_created')
        .on('documents')
        .columns(['org_id', 'doc_type', 'site_id', 'created_date', 'id'])
        .execute();
      await db.schema.createIndex('documents_parent').on('documents').columns(['parent_id']).execute();

      await db.schema
        .createTable('document_sequences')
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('last_seq', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_sequences_pk', ['org_id', 'doc_type'])
        .execute();

      await db.schema
        .createTable('events')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('doc_id', 'integer', (c) => c.notNull())
        .addColumn('parent_id', 'integer')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('descrip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('on_behalf_of', json)
        .addColumn('attachments', json)
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('sort_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('events_doc').on('events').columns(['doc_id', 'sort_date']).execute();

      await db.schema
        .createTable('logs')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer')
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('descrip', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('logs_org_created').on('logs').columns(['org_id', 'created_date']).execute();

      await db.schema
        .createTable('audit_trail')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('doc_id', 'integer', (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor_uuid', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('changes', json, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_trail_doc').on('audit_trail').columns(['org_id', 'doc_id']).execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      if (dialect === 'sqlite') {
        // The audit trail is append-only: the database itself refuses edits and deletes.
        await sql`CREATE TRIGGER audit_trail_no_update BEFORE UPDATE ON audit_trail
          BEGIN SELECT RAISE(ABORT, 'audit trail is append-only'); END`.execute(db);
        await sql`CREATE TRIGGER audit_trail_no_delete BEFORE DELETE ON audit_trail
          BEGIN SELECT RAISE(ABORT, 'audit trail is append-only'); END`.execute(db);
      } else {
        await sql`CREATE FUNCTION audit_trail_append_only() RETURNS trigger AS $$
          BEGIN RAISE EXCEPTION 'audit trail is append-only'; END $$ LANGUAGE plpgsql`.execute(db);
        await sql`CREATE TRIGGER audit_trail_no_change BEFORE UPDATE OR DELETE ON audit_trail
          FOR EACH ROW EXECUTE FUNCTION audit_trail_append_only()`.execute(db);
      }
    },
  };
}
