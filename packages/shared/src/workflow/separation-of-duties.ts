/**
 * Separation of duties (docs/product/workflow-and-timeline.md#separation-of-duties): on an approve
 * stage that separates, whoever submitted or completed an earlier submit stage of this run — and
 * whoever they acted for — may not approve or reject it, directly or on behalf of someone else,
 * nor may anybody act on their behalf. An administrator who submitted may still approve, as an
 * override that needs a comment (like acting on behalf of someone).
 */
import type { ActorFacts, CompiledWorkflow, DocumentFacts, Stage, WorkflowState } from './workflow-model.ts';

export const OWN_SUBMISSION = {
  approve: 'You cannot approve your own submission.',
  reject: 'You cannot reject your own submission.',
  behalf: 'You cannot act on behalf of the user who submitted this document.',
  comment: 'A comment is required when an administrator approves their own submission.',
} as const;

/**
 * The users who submitted or completed the submit stages before `stage` (empty when it does not
 * separate). A workflow with no submit stage before it waits for approval from the moment the
 * document is created: creating it was the submission, so its author counts.
 */
export function submittersOf(workflow: CompiledWorkflow, state: WorkflowState, stage: Stage, facts: DocumentFacts): string[] {
  if (stage.kind !== 'approve' || !stage.separateFromSubmitter) return [];
  const earlier = new Set(workflow.stages.filter((s) => s.index < stage.index && s.kind === 'submit').map((s) => s.index));
  const users = new Set<string>();
  const author = facts.doc.created_by;
  if (earlier.size === 0 && typeof author === 'string' && author !== '') users.add(author);
  for (const record of state.completed) {
    if (!earlier.has(record.stage)) continue;
    users.add(record.by);
    if (record.on_behalf_of) users.add(record.on_behalf_of);
  }
  return [...users];
}

export type Separation = { allowed: true; override: boolean } | { allowed: false; reason: string };

/**
 * Whether the actor may act on the approve stage at all given who submitted, and whether it is an
 * administrator's override (which needs a comment). `verb` names the refused action.
 */
export function separation(
  workflow: CompiledWorkflow,
  state: WorkflowState,
  stage: Stage,
  facts: DocumentFacts,
  actor: ActorFacts,
  onBehalfOf: string | undefined,
  verb: 'approve' | 'reject',
): Separation {
  const submitters = submittersOf(workflow, state, stage, facts);
  if (submitters.length === 0) return { allowed: true, override: false };
  if (onBehalfOf !== undefined && submitters.includes(onBehalfOf)) return { allowed: false, reason: OWN_SUBMISSION.behalf };
  if (!submitters.includes(actor.uuid)) return { allowed: true, override: false };
  if (actor.isAdministrator) return { allowed: true, override: onBehalfOf === undefined };
  return { allowed: false, reason: OWN_SUBMISSION[verb] };
}
