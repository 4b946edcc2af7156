/**
 * Server-side re-evaluation of a workflow after its document changed without a user action on
 * the workflow: a child closed (a dependency block may now be done) or fields moved a due date.
 * (A new document's initial state is set on its row before the insert: events/document-lifecycle.ts.)
 * These run inside the writer's transaction, as the system: the change was authorized by the
 * write that caused it.
 */
import { initialState, refreshState, type DocumentFacts, type DocumentSchema, type WorkflowState } from '@docket/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { findAnyDocument } from '../../platform/records/documents.repository.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { documentFacts, storedState, workflowOf } from './workflow-facts.ts';
import { storeWorkflowState } from './workflow.repository.ts';
import { enqueueAutomaticApprovalRequest, enqueueAutomaticClose } from '../notifications/notification-triggers.ts';

async function refreshRow(
  ctx: AppContext,
  trx: Transaction<Tables>,
  orgId: number,
  id: number,
  now: Date,
  // Handed the row and facts just read, so a step never reads them twice.
  compute: (type: DocumentSchema, current: WorkflowState | null, facts: DocumentFacts) => Promise<WorkflowState | null>,
): Promise<WorkflowState | null> {
  const row = await findAnyDocument(trx, orgId, id);
  if (!row) return null;
  const type = await typeRegistryFor(ctx.database).get(orgId, row.doc_type);
  const workflow = type ? workflowOf(type) : null;
  if (!type || !workflow) return null;
  const facts = await documentFacts(trx, row);
  const current = row.workflow === null ? null : storedState(workflow, row, facts, now);
  const next = await compute(type, current, facts);
  if (!next || next === current) return null;
  await storeWorkflowState(trx, AccessScope.system(orgId, 'workflow', 'workflow: re-evaluated after a change to the document'), id, next);
  if (next.closed && !(current?.closed ?? false)) await enqueueAutomaticClose(trx, orgId, id, next.version);
  const waitsForApproval = next.stage !== null && workflow.stages[next.stage]?.kind === 'approve';
  if (waitsForApproval && next.stage !== (current?.stage ?? null)) await enqueueAutomaticApprovalRequest(trx, orgId, id, next.version);
  return next;
}

/** A child closed: the parent's dependency block may be satisfied now. */
export async function refreshParentWorkflow(
  ctx: AppContext,
  trx: Transaction<Tables>,
  orgId: number,
  parentId: number,
  now: Date,
): Promise<void> {
  await refreshRow(ctx, trx, orgId, parentId, now, async (type, current, facts) => {
    const workflow = workflowOf(type)!;
    if (!current) return null;
    return refreshState(workflow, current, facts, now);
  });
}

/** After an update: field-based due dates and dependency blocks follow the document. */
export async function refreshAfterUpdate(ctx: AppContext, trx: Transaction<Tables>, orgId: number, id: number, now: Date): Promise<void> {
  await refreshRow(ctx, trx, orgId, id, now, async (type, current, facts) => {
    const workflow = workflowOf(type)!;
    return current ? refreshState(workflow, current, facts, now) : initialState(workflow, facts, now);
  });
}
