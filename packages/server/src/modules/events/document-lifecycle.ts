/**
 * What every document write adds to the timeline, as hooks for every type (registered by the
 * assembly, `assembly.ts`), so that all write paths — the v3 API, the legacy API, seeds, jobs —
 * run them inside their own transaction:
 * - create: a `create` event and the `create` notification trigger;
 * - update: an `update` event listing the changed fields (from the audit row the write just
 *   appended).
 * The workflow's own columns are modules/workflow/workflow-hooks.ts'; attachments of deleted
 * documents are modules/files/file-cleanup.ts'. See docs/product/workflow-and-timeline.md.
 */
import type { Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';
import { readJson } from '../../platform/db/json.ts';
import type { TypeWriteHooks } from '../documents/type-hooks.ts';
import { insertEvent } from './events.repository.ts';
import { enqueueDocumentTrigger } from '../notifications/notification-triggers.ts';

async function changedFields(trx: Transaction<Tables>, orgId: number, docId: number): Promise<string[]> {
  const audit = await trx
    .selectFrom('audit_trail')
    .select(['action', 'changes'])
    .where('org_id', '=', orgId)
    .where('doc_id', '=', docId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!audit || audit.action !== 'update') return [];
  return Object.keys(readJson<Record<string, unknown>>(audit.changes, {})).sort();
}

export const documentLifecycleHooks: TypeWriteHooks = {
  async afterWrite({ principal, type }, trx, event) {
    if (!type.hasEvents || event.action === 'delete') return;
    const orgId = principal.org.id;
    const base = {
      orgId,
      docId: event.id,
      parentId: null,
      subject: null,
      onBehalfOf: null,
      attachments: [],
      createdBy: principal.uuid,
      date: new Date().toISOString(),
    };
    if (event.action === 'create') {
      await insertEvent(trx, { ...base, type: 'create', descrip: '', data: null });
      await enqueueDocumentTrigger(trx, orgId, event.id, 'create', 'created');
      return;
    }
    const fields = await changedFields(trx, orgId, event.id);
    if (fields.length > 0) await insertEvent(trx, { ...base, type: 'update', descrip: `Updated ${fields.join(', ')}`, data: { fields } });
  },
};
