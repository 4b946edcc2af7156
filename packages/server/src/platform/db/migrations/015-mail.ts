/**
 * Mail connectors and mail import (docs/product/mail.md#connectors): the connectors an
 * organisation's administrators configure (shared) and each member's own 'My Mail' (owner_uuid),
 * their secrets encrypted with the organisation's key; which messages were imported into which
 * document (idempotent by Message-ID per document); the last UID a connector rule has handled per
 * folder, so rule-driven polling handles each new message once across restarts and processes.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';
import { autoIdModifier, idType, jsonType } from '../column-types.ts';

export function mailMigration({ dialect }: Database): Migration {
  const json = jsonType(dialect) as 'text';
  const id = idType(dialect);
  const autoId = autoIdModifier(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_connectors')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('owner_uuid', 'text')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('settings', json, (c) => c.notNull())
        .addColumn('secret', 'text')
        .addColumn('rules', json, (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('last_error', 'text')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_poll', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_connectors_org').on('mail_connectors').columns(['org_id', 'owner_uuid']).execute();

      await db.schema
        .createTable('mail_imports')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('doc_id', 'integer', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull())
        .addColumn('connector_id', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('mail_imports_doc_message')
        .unique()
        .on('mail_imports')
        .columns(['org_id', 'doc_id', 'message_id'])
        .execute();
      await db.schema.createIndex('mail_imports_message').on('mail_imports').columns(['org_id', 'message_id']).execute();

      await db.schema
        .createTable('mail_folder_state')
        .addColumn('connector_id', 'integer', (c) => c.notNull())
        .addColumn('folder', 'text', (c) => c.notNull())
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('uid_validity', 'text', (c) => c.notNull())
        .addColumn('last_uid', 'integer', (c) => c.notNull())
        .addColumn('updated_date', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('mail_folder_state_pk', ['connector_id', 'folder'])
        .execute();
    },
  };
}
