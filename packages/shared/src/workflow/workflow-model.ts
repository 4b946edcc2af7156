/**
 * The workflow engine's model (docs/product/workflow-and-timeline.md#workflow-definitions, docs/product/workflow-and-timeline.md#who-may-act;
 * docs/product/workflow-and-timeline.md#legacy-workflow legacy workflow). Both definition shapes — blocks with steps, and the legacy step list —
 * compile to one list of *stages*, so one engine decides for both. Everything here is plain JSON:
 * the state is stored in the document's `workflow` column and sent to the browser as is.
 */
import type { Grant } from '../api/session.ts';
import type { FieldCatalog } from '../filter/field-catalog.ts';
import type { WorkflowRequirement } from '../schema/document-schema.ts';

export const WORKFLOW_STATUS = {
  pendingCompletion: 'Pending Completion',
  pendingApproval: 'Pending Approval',
  pendingActions: 'Pending Actions',
  pendingReview: 'Pending Review',
  rejected: 'Rejected',
  closed: 'Closed',
  approved: 'Approved',
  overdue: 'Overdue',
} as const;

/** Closed and Approved count as closed (docs/product/workflow-and-timeline.md#statuses). */
export const CLOSED_STATUSES: readonly string[] = [WORKFLOW_STATUS.closed, WORKFLOW_STATUS.approved];
export const KNOWN_STATUSES: readonly string[] = Object.values(WORKFLOW_STATUS);

export type StageKind = 'submit' | 'approve' | 'dependency';

/** Step scopes: 1 group, 2 region, 3 site, 4 zone, 9 specified, 91/92 picked identities. */
export const NAMED_ONLY_SCOPES: readonly number[] = [9, 91, 92];

export interface StageStep {
  index: number;
  label: string;
  /** Identities named by the definition (uuids, or e-mail addresses of external users). */
  users: string[];
  /** Form property holding more identities (scoped form properties, legacy scope 9). */
  property?: string;
  /** Roles from access entries that may act on this step within its scopes. */
  roles: string[];
  /** Add the spec's default roles (managers; editors too on submit stages). Off for legacy steps. */
  defaultRoles: boolean;
  scopes: number[];
  /** Only the named users (and administrators) act: external steps and scopes 9, 91, 92. */
  namedOnly: boolean;
  ext: boolean;
  /** Filter-language conditions; the step applies only when they all hold. */
  applies: string[];
}

export interface Stage {
  index: number;
  kind: StageKind;
  status: string;
  sequential: boolean;
  days?: number;
  /** A document field giving the due date instead of `days` (legacy: the action's due date). */
  dueField?: string;
  required: string[];
  conditions: WorkflowRequirement[];
  conditionsSoft: WorkflowRequirement[];
  /** Filter-language condition: the stage applies only when it holds (legacy step conditions). */
  applies?: string;
  descrip?: string;
  /**
   * Approve stages: whoever submitted or completed an earlier submit stage may not approve or
   * reject (docs/product/workflow-and-timeline.md#separation-of-duties).
   */
  separateFromSubmitter?: boolean;
  steps: StageStep[];
}

export interface CompiledWorkflow {
  kind: 'blocks' | 'legacy';
  finalStatus: string;
  stages: Stage[];
  /** Fields conditions may name: the type's fields, `open_children`, and flags. */
  catalog: FieldCatalog;
  /** Per-field messages for missing required fields (the schema's errorMessage.required). */
  requiredMessages: Readonly<Record<string, string>>;
}

export interface CompletedStep {
  stage: number;
  step: number;
  by: string;
  on_behalf_of?: string;
  date: string;
}

/** Stored in `documents.workflow`; `version` is the optimistic-concurrency counter. */
export interface WorkflowState {
  kind: 'blocks' | 'legacy';
  version: number;
  status: string;
  /** Index of the current stage; null once closed. */
  stage: number | null;
  rejected: boolean;
  completed: CompletedStep[];
  closed: boolean;
  closed_date: string | null;
  status_date: string;
  due_date: string | null;
}

/** What the engine knows about the document: the flat answer plus derived facts. */
export interface DocumentFacts {
  doc: Readonly<Record<string, unknown>>;
  /** Child documents not yet closed (dependency stages wait for them). */
  openChildren: number;
}

/** What the engine knows about the caller. `grants` are those applying to the document's type. */
export interface ActorFacts {
  uuid: string;
  isAdministrator: boolean;
  grants: readonly Grant[];
}

export type WorkflowActionType = 'submit' | 'approve' | 'reject' | 'reopen' | 'close';
export const WORKFLOW_ACTION_TYPES: readonly WorkflowActionType[] = ['submit', 'approve', 'reject', 'reopen', 'close'];

export type ActionLabel = 'Submit' | 'Complete' | 'Resubmit' | 'Approve' | 'Reject' | 'Reopen' | 'Force Close';

export interface ActionOffer {
  type: WorkflowActionType;
  label: ActionLabel;
  commentRequired: boolean;
  /** Submit/approve with required fields or conditions unmet (docs/product/workflow-and-timeline.md#actions). */
  invalid: boolean;
  /** Users the caller may act for (uuids); acting for one of them needs a comment. */
  onBehalfOf: string[];
}

export interface ActionRequest {
  type: WorkflowActionType;
  comment: string;
  onBehalfOf?: string | undefined;
}

export interface Problem {
  path: string;
  message: string;
}

/**
 * Document events a workflow transition fires: `approval_requested` when the document now waits
 * for an approval (docs/product/workflow-and-timeline.md#separation-of-duties).
 */
export type WorkflowTrigger = 'submit' | 'approve' | 'closed' | 'approval_requested';

export type Outcome =
  | {
      ok: true;
      state: WorkflowState;
      /** The stage the action applied to (null for reopen/close). */
      stage: number | null;
      onBehalfOf: string | null;
      warnings: string[];
      /** Notification triggers this transition fires (docs/product/mail.md#notifications). */
      triggers: WorkflowTrigger[];
    }
  | { ok: false; code: 'forbidden' | 'bad_request' | 'conflict' | 'validation_failed'; reason: string; problems?: Problem[] };
