/**
 * Workflow, timeline, attachments, jobs and notifications (issue 6):
 * - `documents.workflow_version`: the optimistic-concurrency counter of workflow transitions (two
 *   users acting on the same step cannot both succeed: the UPDATE names the version it read);
 * - `events.data` (review fields, changed-field lists) and `events.updated_date` (edited comments),
 *   with indexes for the timeline and the Recent Activity view;
 * - `files`: attachments of documents (and events) and user pictures, metadata only — the bytes
 *   live in the file store (platform/files);
 * - `jobs`: the durable queue (unique keys make enqueueing idempotent; workers claim with
 *   `FOR UPDATE SKIP LOCKED` on PostgreSQL);
 * - `notification_deliveries`: each notification recorded exactly once (unique rule, occurrence,
 *   recipient), then delivered at least once.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';
import { autoIdModifier, idType, jsonType } from '../column-types.ts';

export function workflowMigration({ dialect }: Database): Migration {
  const json = jsonType(dialect) as 'text';
  const id = idType(dialect);
  const autoId = autoIdModifier(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('documents')
        .addColumn('workflow_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Lists filter on overdue: due_date < now() AND closed = false.
      await db.schema.createIndex('documents_open_due').on('documents').columns(['org_id', 'closed', 'due_date']).execute();

      await db.schema.alterTable('events').addColumn('data', json).execute();
      await db.schema.alterTable('events').addColumn('updated_date', 'text').execute();
      await db.schema.createIndex('events_org_doc_parent').on('events').columns(['org_id', 'doc_id', 'parent_id', 'sort_date']).execute();
      await db.schema.createIndex('events_org_sort').on('events').columns(['org_id', 'sort_date']).execute();

      await db.schema
        .createTable('files')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('doc_id', 'integer')
        .addColumn('event_id', 'integer')
        .addColumn('owner_uuid', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('thumb_key', 'text')
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .execute();
      // `{file}` in /file/doc/{docId}/{file} is the stored name: unique per document.
      await db.schema.createIndex('files_doc_name').unique().on('files').columns(['org_id', 'doc_id', 'name']).execute();
      await db.schema.createIndex('files_event').on('files').columns(['org_id', 'event_id']).execute();
      await db.schema.createIndex('files_owner').on('files').columns(['owner_uuid']).execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('unique_key', 'text', (c) => c.notNull().unique())
        .addColumn('payload', json, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_after', 'text', (c) => c.notNull())
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('done_date', 'text')
        .execute();
      await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_after', 'id']).execute();

      await db.schema
        .createTable('notification_deliveries')
        .addColumn('id', id, autoId)
        .addColumn('org_id', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'integer', (c) => c.notNull())
        .addColumn('occurrence', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('recipient_uuid', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'integer')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('sent_date', 'text')
        .execute();
      await db.schema
        .createIndex('notification_deliveries_once')
        .unique()
        .on('notification_deliveries')
        .columns(['org_id', 'rule_id', 'occurrence', 'recipient'])
        .execute();
    },
  };
}
