/**
 * State arithmetic: the initial state, moving to the next applicable stage (skipping stages whose
 * condition fails and completing dependency stages whose conditions hold), due dates and overdue.
 * Due dates (docs/product/workflow-and-timeline.md#due-dates): `days` after the document's creation, or a document field (legacy: the
 * action's due date). Overdue is derived: not closed and the due date is before now.
 */
import { conditionApplies, evaluateCondition } from './requirements.ts';
import {
  CLOSED_STATUSES,
  KNOWN_STATUSES,
  type CompiledWorkflow,
  type DocumentFacts,
  type Stage,
  type StageStep,
  type WorkflowState,
} from './workflow-model.ts';

const DAY_MS = 86_400_000;
/** Dependency stages and stage conditions are evaluated as the system, not as a user. */
const SYSTEM_USER = '';

export function isClosedStatus(status: string): boolean {
  return CLOSED_STATUSES.includes(status);
}

/** The status to show: a known status, else 'Unknown' (docs/product/workflow-and-timeline.md#statuses). */
export function statusLabel(status: string | null | undefined): string {
  return status && KNOWN_STATUSES.includes(status) ? status : 'Unknown';
}

export function isOverdue(state: Pick<WorkflowState, 'closed' | 'due_date'>, now: Date): boolean {
  return !state.closed && state.due_date !== null && state.due_date < now.toISOString();
}

/** Steps of a stage whose conditions hold for this document. */
export function applicableSteps(workflow: CompiledWorkflow, stage: Stage, facts: DocumentFacts, now: Date): StageStep[] {
  return stage.steps.filter((step) => step.applies.every((c) => conditionApplies(workflow, c, facts, SYSTEM_USER, now)));
}

/** Applicable steps not completed yet in this run. */
export function openSteps(workflow: CompiledWorkflow, state: WorkflowState, stage: Stage, facts: DocumentFacts, now: Date): StageStep[] {
  const done = new Set(state.completed.filter((c) => c.stage === stage.index).map((c) => c.step));
  return applicableSteps(workflow, stage, facts, now).filter((s) => !done.has(s.index));
}

/** Steps that may be acted on now: the next one in a sequential stage, all open ones otherwise. */
export function actionableSteps(
  workflow: CompiledWorkflow,
  state: WorkflowState,
  stage: Stage,
  facts: DocumentFacts,
  now: Date,
): StageStep[] {
  const open = openSteps(workflow, state, stage, facts, now);
  return stage.sequential ? open.slice(0, 1) : open;
}

function stageApplies(workflow: CompiledWorkflow, stage: Stage, facts: DocumentFacts, now: Date): boolean {
  return stage.applies === undefined || conditionApplies(workflow, stage.applies, facts, SYSTEM_USER, now);
}

/** A dependency stage is done when its conditions hold (default: no open child documents). */
function dependencySatisfied(workflow: CompiledWorkflow, stage: Stage, facts: DocumentFacts, now: Date): boolean {
  if (stage.conditions.length === 0) return facts.openChildren === 0;
  return stage.conditions.every((c) => {
    const result = evaluateCondition(workflow, c.condition, facts, SYSTEM_USER, now);
    return !('error' in result) && result.holds;
  });
}

export function dueDateFor(stage: Stage | undefined, facts: DocumentFacts): string | null {
  if (!stage) return null;
  if (stage.dueField) {
    const value = facts.doc[stage.dueField];
    if (typeof value === 'string') {
      // A date-only due date is due at the end of that day (UTC).
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T23:59:59.999Z`;
      const parsed = new Date(value);
      if (!Number.isNaN(parsed.getTime())) return parsed.toISOString();
    }
  }
  if (stage.days !== undefined) {
    const created = new Date(String(facts.doc.created_date ?? ''));
    if (!Number.isNaN(created.getTime())) return new Date(created.getTime() + stage.days * DAY_MS).toISOString();
  }
  return null;
}

/**
 * From stage index `from` on, the first stage that needs a user: skips stages whose condition
 * fails, stages without applicable steps, and satisfied dependency stages. Closes the workflow
 * when none is left.
 */
export function settle(workflow: CompiledWorkflow, state: WorkflowState, from: number, facts: DocumentFacts, now: Date): WorkflowState {
  for (let index = from; index < workflow.stages.length; index++) {
    const stage = workflow.stages[index]!;
    if (!stageApplies(workflow, stage, facts, now)) continue;
    if (stage.kind === 'dependency') {
      if (dependencySatisfied(workflow, stage, facts, now)) continue;
    } else if (applicableSteps(workflow, stage, facts, now).length === 0) {
      continue;
    }
    return { ...state, stage: index, status: stage.status, closed: false, closed_date: null, due_date: dueDateFor(stage, facts) };
  }
  return closeState(workflow, state, now);
}

export function closeState(workflow: CompiledWorkflow, state: WorkflowState, now: Date, status = workflow.finalStatus): WorkflowState {
  return { ...state, stage: null, status, rejected: false, closed: true, closed_date: now.toISOString(), due_date: state.due_date };
}

export function initialState(workflow: CompiledWorkflow, facts: DocumentFacts, now: Date): WorkflowState {
  const start: WorkflowState = {
    kind: workflow.kind,
    version: 0,
    status: '',
    stage: null,
    rejected: false,
    completed: [],
    closed: false,
    closed_date: null,
    status_date: now.toISOString(),
    due_date: null,
  };
  return settle(workflow, start, 0, facts, now);
}

/** The stored state, or the initial one for documents created before their workflow was applied. */
export function stateOrInitial(
  workflow: CompiledWorkflow,
  stored: WorkflowState | null | undefined,
  facts: DocumentFacts,
  now: Date,
): WorkflowState {
  if (stored && typeof stored === 'object' && typeof stored.version === 'number' && Array.isArray(stored.completed)) return stored;
  const createdAt = new Date(String(facts.doc.created_date ?? ''));
  return initialState(workflow, facts, Number.isNaN(createdAt.getTime()) ? now : createdAt);
}

/**
 * Re-evaluates an open state after the document changed (fields, child documents): a waiting
 * dependency stage may now be satisfied, and a field-based due date may have moved. Answers the
 * same object when nothing changed.
 */
export function refreshState(workflow: CompiledWorkflow, state: WorkflowState, facts: DocumentFacts, now: Date): WorkflowState {
  if (state.closed || state.stage === null) return state;
  const stage = workflow.stages[state.stage];
  if (!stage) return state;
  let next = state;
  if (stage.kind === 'dependency' && dependencySatisfied(workflow, stage, facts, now)) {
    next = settle(workflow, state, state.stage + 1, facts, now);
  } else {
    const due = dueDateFor(stage, facts);
    if (due !== state.due_date) next = { ...state, due_date: due };
  }
  if (next === state) return state;
  return { ...next, version: state.version + 1, status_date: next.status !== state.status ? now.toISOString() : state.status_date };
}
