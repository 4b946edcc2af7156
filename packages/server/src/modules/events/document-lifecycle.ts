/**
 * What every document write adds to the timeline and the workflow, registered as hooks for every
 * type (modules/documents/type-hooks.ts) so that all write paths — the v3 API, the legacy API,
 * jobs — run them inside their own transaction:
 * - create: the workflow's initial state (set on the row before its insert), a `create` event and
 *   the `create` notification trigger;
 * - update: an `update` event listing the changed fields (from the audit row the write just
 *   appended), and the workflow re-evaluated (field-based due dates, dependency blocks);
 * - delete: attachment rows of removed documents go, their stored bytes are purged by a job.
 */
import type { Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';
import { readJson } from '../../platform/db/json.ts';
import type { TypeWriteHooks } from '../documents/type-hooks.ts';
import { insertEvent } from './events.repository.ts';
import { initialState } from '@docket/shared';
import { refreshAfterUpdate } from '../workflow/workflow-refresh.ts';
import { initialWorkflowColumns } from '../workflow/workflow.repository.ts';
import { flatValues } from '../../platform/records/document-shape.ts';
import { workflowOf } from '../workflow/workflow-facts.ts';
import { enqueueAutomaticClose, enqueueDocumentTrigger } from '../notifications/notification-triggers.ts';
import { removeOrphanFiles } from '../files/file-cleanup.ts';

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
  prepareCreate({ type }, row, now) {
    const workflow = workflowOf(type);
    // A new document has no children yet, so its facts are the row alone.
    return workflow
      ? initialWorkflowColumns(initialState(workflow, { doc: flatValues({ ...row, id: 0, workflow_version: 0 }), openChildren: 0 }, now))
      : {};
  },
  async afterWrite({ ctx, principal, type }, trx, event) {
    const orgId = principal.org.id;
    const now = new Date();
    const date = now.toISOString();
    const base = {
      orgId,
      docId: event.id,
      parentId: null,
      subject: null,
      onBehalfOf: null,
      attachments: [],
      createdBy: principal.uuid,
      date,
    };
    if (event.action === 'create') {
      if (type.hasEvents) {
        await insertEvent(trx, { ...base, type: 'create', descrip: '', data: null });
        await enqueueDocumentTrigger(trx, orgId, event.id, 'create', 'created');
      }
      // The initial state was stored with the row (prepareCreate); one that is already closed
      // (every stage satisfied at once) notifies as a close would.
      if (workflowOf(type) && event.created?.closed) await enqueueAutomaticClose(trx, orgId, event.id, 0);
    } else if (event.action === 'update') {
      const fields = await changedFields(trx, orgId, event.id);
      if (type.hasEvents && fields.length > 0)
        await insertEvent(trx, { ...base, type: 'update', descrip: `Updated ${fields.join(', ')}`, data: { fields } });
      if (workflowOf(type)) await refreshAfterUpdate(ctx, trx, orgId, event.id, now);
    } else {
      await removeOrphanFiles(trx, orgId);
    }
  },
};
