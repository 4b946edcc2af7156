/**
 * The pure workflow engine (docs/product/workflow-and-timeline.md#workflow-definitions, docs/product/workflow-and-timeline.md#who-may-act): given a compiled workflow, the document's state
 * and facts, the caller's facts and an action, it answers allowed (with the next state) or denied
 * (with the reason), and which actions the caller is offered. No I/O: the server applies the
 * outcome in one transaction with its event and audit row.
 */
import { blockingProblems, softWarnings } from './requirements.ts';
import { OWN_SUBMISSION, separation, submittersOf } from './separation-of-duties.ts';
import { denialReason, eligibility, namedUsers, type Eligibility } from './step-eligibility.ts';
import { actionableSteps, closeState, openSteps, settle } from './workflow-state.ts';
import type {
  ActionOffer,
  ActionRequest,
  ActorFacts,
  CompiledWorkflow,
  DocumentFacts,
  Outcome,
  Stage,
  StageStep,
  WorkflowState,
  WorkflowTrigger,
} from './workflow-model.ts';

export const COMMENT_REQUIRED = {
  reject: 'A comment is required to reject this document.',
  reopen: 'A comment is required to reopen this document.',
  close: 'A comment is required to force close this document.',
  behalf: 'A comment is required when acting on behalf of another user.',
} as const;

interface Chosen {
  step: StageStep;
  /** `override`: an administrator approving their own submission (needs a comment). */
  how: Exclude<Eligibility, null> | 'override';
}

function currentStage(workflow: CompiledWorkflow, state: WorkflowState): Stage | undefined {
  return state.stage === null ? undefined : workflow.stages[state.stage];
}

/** The step the actor acts on, and how (directly or on behalf of its users). */
function chooseStep(
  workflow: CompiledWorkflow,
  state: WorkflowState,
  stage: Stage,
  facts: DocumentFacts,
  actor: ActorFacts,
  now: Date,
  onBehalfOf?: string,
  rejecting = false,
): Chosen | { error: 'forbidden' | 'bad_request'; reason: string } {
  if (stage.kind !== 'approve') return chooseEligibleStep(workflow, state, stage, facts, actor, now, onBehalfOf);
  // Separation of duties first: a submitter hears why, whatever else they could do.
  const separated = separation(workflow, state, stage, facts, actor, onBehalfOf, rejecting ? 'reject' : 'approve');
  if (!separated.allowed) return { error: 'forbidden', reason: separated.reason };
  const chosen = chooseEligibleStep(workflow, state, stage, facts, actor, now, onBehalfOf);
  return 'step' in chosen && separated.override ? { step: chosen.step, how: 'override' } : chosen;
}

function chooseEligibleStep(
  workflow: CompiledWorkflow,
  state: WorkflowState,
  stage: Stage,
  facts: DocumentFacts,
  actor: ActorFacts,
  now: Date,
  onBehalfOf?: string,
): Chosen | { error: 'forbidden' | 'bad_request'; reason: string } {
  const open = openSteps(workflow, state, stage, facts, now);
  const targets = actionableSteps(workflow, state, stage, facts, now);
  const verb = stage.kind === 'approve' ? 'approve' : 'submit';
  if (onBehalfOf !== undefined) {
    const step = targets.find((s) => namedUsers(stage, s, facts, state.status).includes(onBehalfOf));
    if (!step) return { error: 'bad_request', reason: 'on_behalf_of must name a user of the current step.' };
    const how = eligibility(actor, stage, step, open, facts, state.status);
    if (!how) return { error: 'forbidden', reason: denialReason(verb, stage, step) };
    return { step, how: 'behalf' };
  }
  let fallback: Chosen | undefined;
  for (const step of targets) {
    const how = eligibility(actor, stage, step, open, facts, state.status);
    if (how === 'direct') return { step, how };
    if (how === 'behalf') fallback ??= { step, how };
  }
  if (fallback) return fallback;
  const first = targets[0];
  return { error: 'forbidden', reason: first ? denialReason(verb, stage, first) : 'There is no step to act on.' };
}

function canReopen(workflow: CompiledWorkflow, state: WorkflowState, facts: DocumentFacts, actor: ActorFacts, now: Date): boolean {
  if (actor.isAdministrator) return true;
  const last = [...workflow.stages].reverse().find((s) => s.kind !== 'dependency');
  if (!last) return false;
  const fresh = { ...state, completed: [] };
  const steps = openSteps(workflow, fresh, last, facts, now);
  return steps.some((step) => eligibility(actor, last, step, steps, facts, last.status) === 'direct');
}

/** The actions offered to this caller now (docs/product/workflow-and-timeline.md#actions). */
export function offeredActions(
  workflow: CompiledWorkflow,
  state: WorkflowState,
  facts: DocumentFacts,
  actor: ActorFacts,
  now: Date,
): ActionOffer[] {
  const offers: ActionOffer[] = [];
  if (state.closed) {
    if (canReopen(workflow, state, facts, actor, now))
      offers.push({ type: 'reopen', label: 'Reopen', commentRequired: true, invalid: false, onBehalfOf: [] });
    return offers;
  }
  const stage = currentStage(workflow, state);
  if (stage && stage.kind !== 'dependency') {
    const chosen = chooseStep(workflow, state, stage, facts, actor, now);
    if ('step' in chosen) {
      const targets = actionableSteps(workflow, state, stage, facts, now);
      const submitters = submittersOf(workflow, state, stage, facts);
      const behalf = [...new Set(targets.flatMap((s) => namedUsers(stage, s, facts, state.status)))].filter(
        (u) => u !== actor.uuid && !submitters.includes(u),
      );
      const commentRequired = chosen.how !== 'direct';
      const invalid = blockingProblems(workflow, stage, facts, actor.uuid, now).length > 0;
      if (stage.kind === 'submit') {
        const label = state.rejected ? 'Resubmit' : /completion/i.test(stage.status) ? 'Complete' : 'Submit';
        offers.push({ type: 'submit', label, commentRequired, invalid, onBehalfOf: behalf });
      } else {
        offers.push({ type: 'approve', label: 'Approve', commentRequired, invalid, onBehalfOf: behalf });
        offers.push({ type: 'reject', label: 'Reject', commentRequired: true, invalid: false, onBehalfOf: behalf });
      }
    }
  }
  if (actor.isAdministrator) offers.push({ type: 'close', label: 'Force Close', commentRequired: true, invalid: false, onBehalfOf: [] });
  return offers;
}

function bump(previous: WorkflowState, next: WorkflowState, now: Date): WorkflowState {
  return { ...next, version: previous.version + 1, status_date: now.toISOString() };
}

function deny(code: 'forbidden' | 'bad_request' | 'conflict' | 'validation_failed', reason: string): Outcome {
  return { ok: false, code, reason };
}

/** Decides one action. `state` must be the stored (or initial) state the caller read. */
export function decideAction(
  workflow: CompiledWorkflow,
  state: WorkflowState,
  facts: DocumentFacts,
  actor: ActorFacts,
  request: ActionRequest,
  now: Date,
): Outcome {
  const comment = request.comment.trim();
  switch (request.type) {
    case 'close': {
      if (!actor.isAdministrator) return deny('forbidden', 'Only administrators may force close a workflow.');
      if (state.closed) return deny('conflict', 'The workflow is already closed.');
      if (!comment) return deny('bad_request', COMMENT_REQUIRED.close);
      return {
        ok: true,
        state: bump(state, closeState(workflow, state, now), now),
        stage: null,
        onBehalfOf: null,
        warnings: [],
        triggers: ['closed'],
      };
    }
    case 'reopen': {
      if (!state.closed) return deny('conflict', 'The workflow is not closed.');
      if (!canReopen(workflow, state, facts, actor, now))
        return deny(
          'forbidden',
          'You are not allowed to reopen this document: only administrators and the users of the last step may reopen it.',
        );
      if (!comment) return deny('bad_request', COMMENT_REQUIRED.reopen);
      const lastSubmit =
        workflow.stages
          .map((s) => s.index)
          .filter((i) => workflow.stages[i]!.kind === 'submit')
          .pop() ?? 0;
      const reset: WorkflowState = { ...state, rejected: false, completed: state.completed.filter((c) => c.stage < lastSubmit) };
      return {
        ok: true,
        state: bump(state, settle(workflow, reset, lastSubmit, facts, now), now),
        stage: null,
        onBehalfOf: null,
        warnings: [],
        triggers: [],
      };
    }
    default:
      return decideStepAction(workflow, state, facts, actor, request, comment, now);
  }
}

function decideStepAction(
  workflow: CompiledWorkflow,
  state: WorkflowState,
  facts: DocumentFacts,
  actor: ActorFacts,
  request: ActionRequest,
  comment: string,
  now: Date,
): Outcome {
  if (state.closed) return deny('conflict', 'The workflow is closed.');
  const stage = currentStage(workflow, state);
  const wanted = request.type === 'submit' ? 'submit' : 'approve';
  if (!stage || stage.kind !== wanted) {
    return deny(
      'conflict',
      wanted === 'submit' ? 'This document is not waiting for completion.' : 'This document is not waiting for approval.',
    );
  }
  const chosen = chooseStep(workflow, state, stage, facts, actor, now, request.onBehalfOf || undefined, request.type === 'reject');
  if (!('step' in chosen)) return deny(chosen.error, chosen.reason);
  if (request.type === 'reject' && !comment) return deny('bad_request', COMMENT_REQUIRED.reject);
  if (chosen.how === 'behalf' && !comment) return deny('bad_request', COMMENT_REQUIRED.behalf);
  if (chosen.how === 'override' && !comment) return deny('bad_request', OWN_SUBMISSION.comment);
  const onBehalfOf = request.onBehalfOf || null;

  if (request.type === 'reject') {
    const earlierSubmit = workflow.stages
      .slice(0, stage.index)
      .filter((s) => s.kind === 'submit')
      .pop();
    const target = earlierSubmit ?? stage;
    const next: WorkflowState = {
      ...state,
      stage: target.index,
      status: 'Rejected',
      rejected: true,
      completed: state.completed.filter((c) => c.stage < target.index),
    };
    return { ok: true, state: bump(state, next, now), stage: stage.index, onBehalfOf, warnings: [], triggers: [] };
  }

  const problems = blockingProblems(workflow, stage, facts, actor.uuid, now);
  if (problems.length > 0)
    return {
      ok: false,
      code: 'validation_failed',
      reason: problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; '),
      problems,
    };
  const warnings = softWarnings(workflow, stage, facts, actor.uuid, now);
  const record = {
    stage: stage.index,
    step: chosen.step.index,
    by: actor.uuid,
    date: now.toISOString(),
    ...(onBehalfOf ? { on_behalf_of: onBehalfOf } : {}),
  };
  const progressed: WorkflowState = { ...state, rejected: false, completed: [...state.completed, record] };
  const remaining = openSteps(workflow, progressed, stage, facts, now);
  const next = remaining.length > 0 ? { ...progressed, status: stage.status } : settle(workflow, progressed, stage.index + 1, facts, now);
  const triggers: WorkflowTrigger[] = [request.type === 'submit' ? 'submit' : 'approve'];
  if (next.closed) triggers.push('closed');
  // The document now waits for (another) approval: its approvers are told (docs/product/mail.md#notifications).
  if (next.stage !== null && workflow.stages[next.stage]?.kind === 'approve') triggers.push('approval_requested');
  return { ok: true, state: bump(state, next, now), stage: stage.index, onBehalfOf, warnings, triggers };
}
