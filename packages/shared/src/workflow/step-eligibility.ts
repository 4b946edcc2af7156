/**
 * Who may act on a step (docs/product/workflow-and-timeline.md#who-may-act):
 * - Approve: a user in the next step, or a manager whose access scope is at or below the step
 *   scope (1 all, 2 matching region, 3 matching site). Submit: the same, but managers or editors;
 *   also the document's actionees. A step's custom roles reach it the same way.
 * - External steps and scopes 9/91/92 take only their named users.
 * - Administrators act in any step.
 * - In a sequential stage, a user named in a later step may act for the next step's users
 *   ("on behalf of", which needs a comment).
 */
import type { Grant } from '../api/session.ts';
import type { ActorFacts, CompiledWorkflow, DocumentFacts, Stage, StageStep } from './workflow-model.ts';

export type Eligibility = 'direct' | 'behalf' | null;

function idList(value: unknown): string[] {
  if (typeof value === 'string' && value !== '') return [value];
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === 'string' && v !== '');
}

/**
 * The identities a step names: its users, its form property, and (docs/product/workflow-and-timeline.md#who-may-act) the actionees
 * while the status is about completion, else the document's approvers.
 */
export function namedUsers(stage: Stage, step: StageStep, facts: DocumentFacts, status: string): string[] {
  const users = new Set(step.users);
  if (step.property) for (const id of idList(facts.doc[step.property])) users.add(id);
  if (!step.ext) {
    const completion = stage.kind === 'submit' || /completion/i.test(status);
    for (const id of idList(facts.doc[completion ? 'actionee_ids' : 'approver_ids'])) users.add(id);
  }
  return [...users];
}

/**
 * Whether `uuid` is named on any step of the document's workflow (its users, its property, the
 * actionees or approvers): such a user reads the document and acts on its workflow even outside
 * their grants (docs/product/workflow-and-timeline.md#who-may-act).
 */
export function isNamedOnWorkflow(workflow: CompiledWorkflow, facts: DocumentFacts, uuid: string): boolean {
  return workflow.stages.some((stage) => stage.steps.some((step) => namedUsers(stage, step, facts, stage.status).includes(uuid)));
}

function rolesFor(stage: Stage, step: StageStep): string[] {
  const roles = new Set(step.roles);
  if (step.defaultRoles) {
    roles.add('manager');
    if (stage.kind === 'submit') roles.add('editor');
  }
  return [...roles];
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Whether one grant reaches the document at the step's scope ("at or below the step scope"). */
export function grantReaches(grant: Grant, stepScope: number, facts: DocumentFacts): boolean {
  if (grant.scope === 2) {
    const region = numberOrNull(facts.doc.region_id);
    return stepScope >= 2 && grant.region_id !== null && region !== null && grant.region_id === region;
  }
  if (grant.scope === 3) {
    const site = numberOrNull(facts.doc.site_id);
    return stepScope >= 3 && grant.site_id !== null && site !== null && grant.site_id === site;
  }
  return grant.scope === 1;
}

export function reachesByRole(actor: ActorFacts, stage: Stage, step: StageStep, facts: DocumentFacts): boolean {
  if (step.namedOnly) return false;
  const roles = rolesFor(stage, step);
  return actor.grants.some(
    (g) => g.level > 0 && g.roles.some((r) => roles.includes(r)) && step.scopes.some((scope) => grantReaches(g, scope, facts)),
  );
}

/** How the actor may act on `step` of `stage`, given the steps still open in the stage. */
export function eligibility(
  actor: ActorFacts,
  stage: Stage,
  step: StageStep,
  openSteps: readonly StageStep[],
  facts: DocumentFacts,
  status: string,
): Eligibility {
  if (actor.isAdministrator) return 'direct';
  if (namedUsers(stage, step, facts, status).includes(actor.uuid)) return 'direct';
  if (reachesByRole(actor, stage, step, facts)) return 'direct';
  if (stage.sequential) {
    const later = openSteps.filter((s) => s.index > step.index);
    if (later.some((s) => namedUsers(stage, s, facts, status).includes(actor.uuid))) return 'behalf';
  }
  return null;
}

const scopeWords: Record<number, string> = {
  1: 'the organisation',
  2: "the document's region",
  3: "the document's site",
  4: "the document's site",
};

/** The 403 reason when nobody-like-the-actor may act: who may, in words. */
export function denialReason(verb: string, stage: Stage, step: StageStep): string {
  if (step.namedOnly)
    return `You are not allowed to ${verb} this document: only the users of the current step (${step.label}) may ${verb} it.`;
  const roles = rolesFor(stage, step);
  const where = scopeWords[Math.max(...step.scopes)] ?? 'the organisation';
  return `You are not allowed to ${verb} this document: only the users of the current step (${step.label}) or a ${roles.join(' or ')} of ${where} may ${verb} it.`;
}
