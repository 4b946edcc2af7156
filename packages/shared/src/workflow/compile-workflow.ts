/**
 * Compiles a type's workflow definition (blocks, or the legacy step list) to stages. Disabled
 * blocks and steps, and blocks or steps a definition already marks complete, are left out. Stage
 * status defaults follow the kind: submit → Pending Completion, approve → Pending Approval,
 * dependency → Pending Actions.
 *
 * Due dates (the workflow's `due_date`, stored in the `documents.due_date` column and answered as
 * `meta.workflow.due_date`): a block's `due_date` names the date field it is due on, else its
 * `days` count from creation. Where a definition says neither — every legacy step, a block
 * without both — a type whose form has its own `due_date` field (the action) is due on that
 * field, so the date the user entered is the one overdue is computed from.
 */
import type { DocumentSchema, LegacyWorkflowStep, WorkflowBlock, WorkflowStep } from '../schema/document-schema.ts';
import { fieldCatalogOf } from '../schema/field-catalog-of.ts';
import type { FieldCatalog } from '../filter/field-catalog.ts';
import { NAMED_ONLY_SCOPES, WORKFLOW_STATUS, type CompiledWorkflow, type Stage, type StageKind, type StageStep } from './workflow-model.ts';

const defaultStatus: Record<StageKind, string> = {
  submit: WORKFLOW_STATUS.pendingCompletion,
  approve: WORKFLOW_STATUS.pendingApproval,
  dependency: WORKFLOW_STATUS.pendingActions,
};

/** Legacy scopes (docs/product/workflow-and-timeline.md#legacy-workflow) → the roles and the access scope that reach them. */
const legacyScopes: Record<number, { roles: string[]; scope: number }> = {
  1: { roles: ['manager'], scope: 1 },
  11: { roles: ['group vp'], scope: 1 },
  2: { roles: ['manager'], scope: 2 },
  21: { roles: ['regional vp'], scope: 2 },
  3: { roles: ['manager'], scope: 3 },
};

/** The stages of a type, or null when it has no enabled workflow. */
export function compileWorkflow(type: DocumentSchema): CompiledWorkflow | null {
  const common = { catalog: conditionCatalog(type), requiredMessages: requiredMessagesOf(type) };
  const hasDueField = Object.hasOwn(type.form?.schema.properties ?? {}, 'due_date');
  if (type.workflow?.enabled) {
    const blocks = type.workflow.blocks.filter((b) => b.enabled !== false && b.complete !== true);
    const stages = blocks.map((block, index) => blockStage(block, index, hasDueField));
    return { kind: 'blocks', finalStatus: type.workflow.status_final || WORKFLOW_STATUS.closed, stages, ...common };
  }
  if (type.legacyWorkflow?.enabled) {
    const stages = type.legacyWorkflow.steps.map((step, index) => legacyStage(step, index, hasDueField));
    return { kind: 'legacy', finalStatus: type.legacyWorkflow.status_final || WORKFLOW_STATUS.closed, stages, ...common };
  }
  return null;
}

function blockStage(block: WorkflowBlock, index: number, hasDueField: boolean): Stage {
  const kind: StageKind = block.type ?? 'submit';
  const steps = (block.steps ?? []).filter((s) => s.enabled !== false && s.complete !== true);
  const stage: Stage = {
    index,
    kind,
    status: block.status || defaultStatus[kind],
    // A new block defaults to submit, sequential, enabled (docs/product/workflow-and-timeline.md#workflow-definitions).
    sequential: block.sequential !== false,
    required: block.required ?? [],
    conditions: (block.conditions ?? []).filter((c) => c.enabled !== false),
    conditionsSoft: (block.conditionsSoft ?? []).filter((c) => c.enabled !== false),
    // A block without steps is acted on by whoever the default roles reach at site scope.
    steps: steps.length > 0 ? steps.map(blockStep) : kind === 'dependency' ? [] : [implicitStep()],
  };
  if (block.days !== undefined && block.days > 0) stage.days = block.days;
  if (block.due_date) stage.dueField = block.due_date;
  // A type that asks for its own `due_date` (the action) is due then, unless the block says
  // otherwise: a `due_date` field of its own, or `days` after creation.
  else if (hasDueField && stage.days === undefined) stage.dueField = 'due_date';
  if (block.descrip) stage.descrip = block.descrip;
  // On unless the block turns it off (docs/product/workflow-and-timeline.md#separation-of-duties).
  if (kind === 'approve' && block.separateFromSubmitter !== false) stage.separateFromSubmitter = true;
  return stage;
}

function blockStep(step: WorkflowStep, index: number): StageStep {
  const scopes = step.scopes?.length ? step.scopes : [step.scope ?? 1];
  const ext = step.ext === true;
  const users = [...(step.user_ids ?? []), ...(step.users ?? []).map((u) => u.uuid)].filter((u) => typeof u === 'string' && u !== '');
  const result: StageStep = {
    index,
    label: step.label || step.title || step.descrip || `Step ${index + 1}`,
    users: [...new Set(users)],
    // External steps cannot use roles or properties (docs/product/workflow-and-timeline.md#who-may-act).
    roles: ext ? [] : (step.roles ?? []),
    defaultRoles: !ext,
    scopes,
    namedOnly: ext || scopes.every((s) => NAMED_ONLY_SCOPES.includes(s)),
    ext,
    applies: (step.conditions ?? []).filter((c) => c.enabled !== false).map((c) => c.condition),
  };
  if (step.property && !ext) result.property = step.property;
  return result;
}

function implicitStep(): StageStep {
  return { index: 0, label: 'Step 1', users: [], roles: [], defaultRoles: true, scopes: [3], namedOnly: false, ext: false, applies: [] };
}

function legacyStage(step: LegacyWorkflowStep, index: number, hasDueField: boolean): Stage {
  const mapped = legacyScopes[step.scope];
  const completes = step.property === 'actionee_ids';
  const kind: StageKind = completes ? 'submit' : 'approve';
  const stageStep: StageStep = {
    index: 0,
    label: step.descrip || `Step ${index + 1}`,
    users: (step.users ?? []).map((u) => u.uuid).filter((u) => typeof u === 'string' && u !== ''),
    roles: mapped?.roles ?? [],
    defaultRoles: false,
    scopes: [mapped?.scope ?? step.scope],
    namedOnly: mapped === undefined,
    ext: step.scope === 92,
    applies: [],
  };
  if (step.property) stageStep.property = step.property;
  const stage: Stage = {
    index,
    kind,
    status: defaultStatus[kind],
    sequential: true,
    required: [],
    conditions: [],
    conditionsSoft: [],
    steps: [stageStep],
  };
  if (step.condition && step.condition.trim() !== '' && step.condition.trim().toLowerCase() !== 'true') stage.applies = step.condition;
  if (hasDueField) stage.dueField = 'due_date';
  if (step.descrip) stage.descrip = step.descrip;
  // Legacy steps have no option: separation of duties always holds for their approvals.
  if (kind === 'approve') stage.separateFromSubmitter = true;
  return stage;
}

/** Conditions may name any field of the type (protected ones included) and `open_children`. */
export function conditionCatalog(type: DocumentSchema): FieldCatalog {
  return { ...fieldCatalogOf(type, { canSeeProtected: true }), open_children: { type: 'integer' } };
}

function requiredMessagesOf(type: DocumentSchema): Record<string, string> {
  const errorMessage = (type.form?.schema as { errorMessage?: { required?: Record<string, string> } } | undefined)?.errorMessage;
  const required = errorMessage?.required;
  return required && typeof required === 'object' ? { ...required } : {};
}
