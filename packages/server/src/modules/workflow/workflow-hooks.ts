/**
 * What every document write does to its workflow, as hooks for every type (registered by the
 * assembly, `assembly.ts`), so that all write paths — the v3 API, the legacy API, seeds, jobs —
 * run them inside their own transaction:
 * - create: the initial state (the first block's status, due date…) set on the row before its
 *   insert, so a create writes its row once; a state already closed at creation (every stage
 *   satisfied at once) notifies as a close would, and one that starts in an approve block
 *   requests the approval;
 * - update: the state re-evaluated (field-based due dates, dependency blocks);
 * - after a create's commit: a first stage naming external approvers e-mails their links
 *   (docs/product/workflow-and-timeline.md#external-approvers).
 * See docs/product/workflow-and-timeline.md.
 */
import { initialState, type WorkflowState } from '@docket/shared';
import { readJson } from '../../platform/db/json.ts';
import { flatValues } from '../../platform/records/document-shape.ts';
import type { TypeWriteHooks } from '../documents/type-hooks.ts';
import { enqueueAutomaticApprovalRequest, enqueueAutomaticClose } from '../notifications/notification-triggers.ts';
import { mailExternalApprovers } from '../external-approval/external-approval.service.ts';
import { workflowOf } from './workflow-facts.ts';
import { refreshAfterUpdate } from './workflow-refresh.ts';
import { initialWorkflowColumns } from './workflow.repository.ts';

export const workflowWriteHooks: TypeWriteHooks = {
  prepareCreate({ type }, row, now) {
    const workflow = workflowOf(type);
    // A new document has no children yet, so its facts are the row alone.
    return workflow ? initialWorkflowColumns(initialState(workflow, { doc: flatValues({ ...row, id: 0 }), openChildren: 0 }, now)) : {};
  },
  async afterWrite({ ctx, principal, type }, trx, event) {
    const workflow = workflowOf(type);
    if (!workflow) return;
    const orgId = principal.org.id;
    if (event.action === 'create') {
      // The initial state was stored with the row (prepareCreate).
      if (event.created?.closed) await enqueueAutomaticClose(trx, orgId, event.id, 0);
      const stage = readJson<WorkflowState | null>(event.created?.workflow ?? null, null)?.stage;
      if (typeof stage === 'number' && workflow.stages[stage]?.kind === 'approve')
        await enqueueAutomaticApprovalRequest(trx, orgId, event.id, 0);
    } else if (event.action === 'update') {
      await refreshAfterUpdate(ctx, trx, orgId, event.id, new Date());
    }
  },
  async afterCommit({ ctx, principal, type }, event) {
    const workflow = workflowOf(type);
    if (!workflow || event.action !== 'create' || !event.created) return;
    const state = readJson<WorkflowState | null>(event.created.workflow ?? null, null);
    if (!state) return;
    const facts = { doc: flatValues({ ...event.created, id: event.id }), openChildren: 0 };
    await mailExternalApprovers(ctx, principal.org, event.id, workflow, state, facts, event.created);
  },
};
