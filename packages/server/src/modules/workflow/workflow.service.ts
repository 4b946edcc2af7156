/**
 * Workflow operations (docs/product/workflow-and-timeline.md#workflow-definitions, docs/product/workflow-and-timeline.md#who-may-act, docs/product/workflow-and-timeline.md#api): what the caller sees and may do on a document's
 * workflow, and performing an action posted as an event (`submit`, `approve`, `reject`, `reopen`,
 * `close`). The pure engine (packages/shared/src/workflow) decides; this applies the outcome in
 * one transaction: the workflow columns (optimistic on the version read), the event, the audit
 * row and the notification triggers. A child document closing re-evaluates its parent's
 * dependency block.
 */
import {
  blockingProblems,
  decideAction,
  isOverdue,
  offeredActions,
  openSteps,
  namedUsers,
  statusLabel,
  type EventInput,
  type Outcome,
  type WorkflowActionType,
  type WorkflowEventAnswer,
  type WorkflowView,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { HttpError } from '../../http/http-error.ts';
import { appendAudit } from '../../platform/records/audit.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { answerFor } from '../documents/document-answers.ts';
import { findDocument } from '../../platform/records/documents.repository.ts';
import { insertEvent } from '../events/events.repository.ts';
import { readDocumentForOrThrow, readableDocumentOrThrow } from '../documents/readable-document.ts';
import { getDocumentEvent } from '../events/event-reads.ts';
import { enqueueDocumentTrigger } from '../notifications/notification-triggers.ts';
import { actorFacts, documentFacts, storedState, workflowOf } from './workflow-facts.ts';
import { applyWorkflowState } from './workflow.repository.ts';
import { refreshParentWorkflow } from './workflow-refresh.ts';
import { personRefs } from './person-refs.ts';
import { mailExternalApprovers } from '../external-approval/external-approval.service.ts';

export const NO_WORKFLOW = 'This document has no workflow.';
export const CHANGED_MEANWHILE = 'This document was changed by someone else in the meantime. Refresh it and try again.';

const outcomeStatus = {
  forbidden: 'forbidden',
  bad_request: 'bad_request',
  conflict: 'conflict',
  validation_failed: 'validation_failed',
} as const;

function throwDenied(outcome: Extract<Outcome, { ok: false }>): never {
  const details = outcome.problems?.map((p) => ({ path: p.path, message: p.message }));
  throw new HttpError(outcomeStatus[outcome.code], outcome.reason, details ? { details } : {});
}

export async function workflowView(ctx: AppContext, principal: Principal, docId: number): Promise<WorkflowView> {
  const { type, row } = await readableDocumentOrThrow(ctx, principal, docId);
  const workflow = workflowOf(type);
  if (!workflow) throw new HttpError('not_found', NO_WORKFLOW);
  const now = new Date();
  const facts = await documentFacts(ctx.database.db, row);
  const state = storedState(workflow, row, facts, now);
  const actor = actorFacts(principal, type);
  const stage = state.stage === null ? undefined : workflow.stages[state.stage];
  const open = stage ? openSteps(workflow, state, stage, facts, now) : [];
  const next = stage?.sequential ? open.slice(0, 1) : open;
  const steps = stage
    ? await Promise.all(
        stage.steps.map(async (step) => ({
          label: step.label,
          users: await personRefs(ctx, principal.org.id, namedUsers(stage, step, facts, state.status)),
          complete: !open.includes(step),
          next: next.includes(step),
        })),
      )
    : [];
  return {
    doc_id: docId,
    status: state.status,
    label: statusLabel(state.status),
    closed: state.closed,
    overdue: isOverdue(state, now),
    due_date: state.due_date,
    closed_date: state.closed_date,
    status_date: state.status_date,
    stage: stage
      ? { index: stage.index, kind: stage.kind, status: stage.status, ...(stage.descrip ? { descrip: stage.descrip } : {}) }
      : null,
    steps,
    actions: offeredActions(workflow, state, facts, actor, now),
    problems: stage && stage.kind !== 'dependency' ? blockingProblems(workflow, stage, facts, principal.uuid, now) : [],
  };
}

/** Performs one workflow action; answers the event with the document's new meta. */
export async function performWorkflowAction(
  ctx: AppContext,
  principal: Principal,
  input: EventInput & { type: WorkflowActionType },
): Promise<WorkflowEventAnswer> {
  const { type, row, part, scope } = await readDocumentForOrThrow(ctx, principal, input.doc_id, 'workflow');
  const workflow = workflowOf(type);
  if (!workflow) throw new HttpError('bad_request', NO_WORKFLOW);
  const now = new Date();
  const facts = await documentFacts(ctx.database.db, row);
  const state = storedState(workflow, row, facts, now);
  const comment = (input.descrip ?? '').trim();
  const outcome = decideAction(
    workflow,
    state,
    facts,
    actorFacts(principal, type),
    { type: input.type, comment, onBehalfOf: input.on_behalf_of },
    now,
  );
  if (!outcome.ok) throwDenied(outcome);
  const [behalf] = outcome.onBehalfOf ? await personRefs(ctx, principal.org.id, [outcome.onBehalfOf]) : [];
  const orgId = principal.org.id;
  const eventId = await writeQueueFor(ctx.database).run(async (trx) => {
    const applied = await applyWorkflowState(ctx.database, trx, scope, input.doc_id, state.version, outcome.state);
    if (!applied) throw new HttpError('conflict', CHANGED_MEANWHILE);
    const id = await insertEvent(trx, {
      orgId,
      docId: input.doc_id,
      parentId: null,
      type: input.type,
      subject: null,
      descrip: comment,
      onBehalfOf: behalf ?? null,
      attachments: [],
      data: { from: state.status, to: outcome.state.status, ...(outcome.warnings.length ? { warnings: outcome.warnings } : {}) },
      createdBy: principal.uuid,
      date: now.toISOString(),
    });
    await appendAudit(trx, {
      orgId,
      docId: input.doc_id,
      docType: type.type,
      action: `workflow:${input.type}`,
      actor: principal.uuid,
      changes: {
        status: { before: state.status, after: outcome.state.status },
        ...(behalf ? { on_behalf_of: { before: null, after: behalf.uuid } } : {}),
      },
    });
    for (const trigger of outcome.triggers) await enqueueDocumentTrigger(trx, orgId, input.doc_id, trigger, String(id));
    if (outcome.state.closed && row.parent_id !== null) await refreshParentWorkflow(ctx, trx, orgId, row.parent_id, now);
    return id;
  });
  // A stage just entered may name external approvers: each gets their e-mailed link
  // (docs/product/workflow-and-timeline.md#external-approvers).
  if (outcome.state.stage !== state.stage)
    await mailExternalApprovers(ctx, principal.org, input.doc_id, workflow, outcome.state, facts, row);
  const event = await getDocumentEvent(ctx, principal, input.doc_id, eventId);
  const updated = await findDocument(ctx.database, ctx.database.db, part, input.doc_id, principal.uuid);
  const document = updated ? (await answerFor(ctx, principal, type, updated)).meta : null;
  return {
    ...event,
    meta: { ...event.meta, workflow: document?.workflow ?? null, document: document ?? (await answerFor(ctx, principal, type, row)).meta },
    warnings: outcome.warnings,
  };
}
