/**
 * The stored model of a document type (docs/product/documents-and-schemas.md#document-types, type `$$schema`, version 3).
 * Stage 1 of docs/engineering.md#habit-6: this is what administrators store. `compileSchema` (later) validates it
 * and applies defaults; the client projection is what the web app receives.
 */
import type { JsonSchema } from './json-schema.ts';

export type RoleName = 'administrator' | 'manager' | 'editor' | 'reader' | 'reviewer' | 'regional vp' | 'mail' | (string & {});

/** A JSON Forms UI schema element (layouts, controls, categorisation). Kept open on purpose. */
export interface UiSchemaElement {
  type: string;
  scope?: string;
  label?: string | boolean;
  elements?: UiSchemaElement[];
  options?: Record<string, unknown>;
  rule?: UiRule;
  [key: string]: unknown;
}

export interface UiRule {
  effect: 'HIDE' | 'SHOW' | 'ENABLE' | 'DISABLE';
  condition: Record<string, unknown>;
}

export type ColumnType =
  | 'id'
  | 'card'
  | 'selector'
  | 'priority'
  | 'status'
  | 'image'
  | 'avatar'
  | 'color'
  | 'boolean'
  | 'exists'
  | 'timestamp'
  | 'actions'
  | 'enum'
  | 'group'
  | 'groupLink'
  | 'text'
  | 'number'
  | 'date';

/** A list column (docs/product/forms-and-lists.md#columns). */
export interface TableColumn {
  id: string;
  subId?: string;
  arrayId?: string;
  type?: ColumnType;
  label?: string;
  sort?: boolean;
  sortId?: string;
  format?: string;
  color?: string;
  idColor?: string;
  numeric?: boolean;
  defaultValue?: unknown;
  protected?: boolean;
  allowReadSelect?: boolean;
  'ui:options'?: { align?: string; width?: number; padding?: string; customActions?: unknown; imageText?: string };
}

export interface FormDefinition {
  title: string;
  summaryProperties?: string[];
  descripProperties?: string[];
  schema: JsonSchema;
  uiSchema?: UiSchemaElement;
  uiSchemas?: Record<string, UiSchemaElement>;
  showDataAsJson?: boolean;
  render?: string;
  schemaOptions?: { mergeUiSchema?: boolean; defaults?: Record<string, unknown> };
  dateField?: string;
  createUserFields?: string[];
  defaults?: Record<string, unknown>;
}

export interface FilterDefinition {
  schema: JsonSchema;
  uiSchema?: UiSchemaElement;
  /** Filter-language expression applied when the user has not chosen a filter (docs/product/forms-and-lists.md#filters). */
  defaultFilter?: string;
  /** The organisation's global filter saved with 'Save Global' (administrators). */
  globalFilter?: string;
  schemaOptions?: { mergeUiSchema?: boolean; defaults?: Record<string, unknown> };
}

export type ViewMode = 'table' | 'card' | 'group';

export interface ViewDefinition {
  title: string;
  showCreate?: boolean;
  modes?: ViewMode[];
  table: { schema: TableColumn[] };
  uiSchemas?: Record<string, UiSchemaElement>;
  includeHeader?: boolean;
  requiredFilters?: string[];
  customActions?: unknown[];
  filters?: Record<string, unknown>;
  /** Field used for group-mode rows (category rows × status columns). */
  groupBy?: string;
  defaultOrder?: string;
}

export interface ExportDefinition {
  schema: TableColumn[];
  includeGlobal?: boolean;
}

export interface ReviewDefinition {
  schema: JsonSchema;
  uiSchema?: UiSchemaElement;
  /** Filter-language condition on the document; editor/admin/reviewer flags are available. */
  condition?: string;
}

export interface WorkflowRequirement {
  condition: string;
  message?: string;
  descrip?: string;
  enabled?: boolean;
}

export interface WorkflowStep {
  label?: string;
  descrip?: string;
  title?: string;
  enabled?: boolean;
  ext?: boolean;
  user_ids?: string[];
  users?: { uuid: string; display_name?: string }[];
  scope?: number;
  scopes?: number[];
  roles?: string[];
  conditions?: WorkflowRequirement[];
  complete?: boolean;
  override?: boolean;
  next?: boolean;
  /**
   * Added for the built-in types: the step's users are the identities named in this form property
   * (docs/product/workflow-and-timeline.md#who-may-act), e.g. a safety visit's `approver_ids` (line managers).
   */
  property?: string;
}

export interface WorkflowBlock {
  type: 'submit' | 'approve' | 'dependency';
  enabled?: boolean;
  sequential?: boolean;
  days?: number;
  status?: string;
  descrip?: string;
  due_date?: string;
  complete?: boolean;
  required?: string[];
  conditions?: WorkflowRequirement[];
  conditionsSoft?: WorkflowRequirement[];
  /**
   * Approve blocks: the approver must differ from whoever submitted or completed the earlier
   * blocks. Absent means on (docs/product/workflow-and-timeline.md#separation-of-duties).
   */
  separateFromSubmitter?: boolean;
  steps?: WorkflowStep[];
}

export interface WorkflowDefinition {
  enabled: boolean;
  status_final?: string;
  blocks: WorkflowBlock[];
}

/**
 * Legacy workflow (docs/product/workflow-and-timeline.md#legacy-workflow), used by requests, actions and travel requests. Added for the
 * built-in types. Step scopes: 1 Group, 11 Group VP, 2 Region, 21 Region VP, 3 Site,
 * 9 Custom Document, 91 Custom Internal, 92 Custom External.
 */
export type LegacyWorkflowScope = 1 | 11 | 2 | 21 | 3 | 9 | 91 | 92;

export interface LegacyWorkflowUser {
  /** An identity uuid, or an external e-mail address for scope 92. */
  uuid: string;
  display_name?: string;
}

export interface LegacyWorkflowStep {
  scope: LegacyWorkflowScope;
  /** Filter-language condition on the document; the step applies only when it holds. */
  condition?: string;
  descrip?: string;
  /** Fixed users (scopes 91 and 92). */
  users?: LegacyWorkflowUser[];
  /** Our design for scope 9 (Custom Document): the users come from this document property. */
  property?: string;
}

export interface LegacyWorkflowDefinition {
  enabled: boolean;
  status_final?: string;
  steps: LegacyWorkflowStep[];
}

export interface Resource {
  type: string;
  title?: string;
  data?: unknown;
  dependencies?: string[];
}

export interface DocumentSchema {
  version: 3;
  type: string;
  ref?: string;
  idMask?: string;
  description?: string;
  category?: string;
  module?: string;
  hasEvents?: boolean;
  hasWorkflow?: boolean;
  external?: boolean;
  requiredRoles?: RoleName[];
  requiredRolesForCreate?: RoleName[];
  /**
   * Added for the built-in types: roles needed to update or delete documents of the type while
   * reading stays open to members (docs/product/access.md#administrator-only: administrators manage currencies, reports, report
   * metrics, checklists...). Absent means the ordinary access flags decide.
   */
  requiredRolesForEdit?: RoleName[];
  descripIsHtml?: boolean;
  dependencies?: string[];
  childTypes?: string[];
  /** Fields that get expression indexes (issue 4 item 10). */
  indexed?: string[];
  options?: { data?: unknown; id?: string; useSchemaType?: boolean };
  i18n?: { data?: Record<string, Record<string, string>>; locales?: string[] };
  form?: FormDefinition;
  filter?: FilterDefinition;
  view?: ViewDefinition;
  export?: ExportDefinition;
  resources?: Resource[];
  review?: ReviewDefinition;
  workflow?: WorkflowDefinition;
  /** Added for the built-in types: the legacy step workflow (docs/product/workflow-and-timeline.md#legacy-workflow). */
  legacyWorkflow?: LegacyWorkflowDefinition;
}
