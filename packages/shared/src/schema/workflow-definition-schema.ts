/**
 * The shape of a type's workflow definitions as the `$$schema` form schema checks it (docs/product/workflow-and-timeline.md#workflow-definitions
 * "workflow: enabled, status_final, blocks", "Workflow block", "Step"; docs/product/workflow-and-timeline.md#legacy-workflow legacy
 * workflow). Ajv names each misplaced value by its path (`workflow.blocks.0.type: must be equal to
 * one of the allowed values`). What JSON Schema cannot say — fields and conditions that must fit
 * the type — is checked by `workflowDefinitionProblems` (workflow/workflow-definition-problems.ts).
 * No defaults here: Ajv would write them into every stored schema.
 */
import type { JsonSchema } from './json-schema.ts';

const bool: JsonSchema = { type: 'boolean' };
const text = (maxLength: number): JsonSchema => ({ type: 'string', maxLength });
const name: JsonSchema = { type: 'string', minLength: 1, maxLength: 200 };
const names: JsonSchema = { type: 'array', maxItems: 200, items: name };
/** An identity uuid, or an external e-mail address. */
const userId: JsonSchema = { type: 'string', minLength: 1, maxLength: 320 };
const users: JsonSchema = {
  type: 'array',
  maxItems: 500,
  items: { type: 'object', required: ['uuid'], properties: { uuid: userId, display_name: { type: 'string' } } },
};

/** Step scopes of blocks (docs/product/workflow-and-timeline.md#workflow-definitions, 4 Zone, 9 Specified, 91/92 picked identities). */
export const WORKFLOW_STEP_SCOPES: readonly number[] = [1, 2, 3, 4, 9, 91, 92];
/** Legacy step scopes (docs/product/workflow-and-timeline.md#legacy-workflow). */
export const LEGACY_WORKFLOW_SCOPES: readonly number[] = [1, 11, 2, 21, 3, 9, 91, 92];
export const WORKFLOW_BLOCK_TYPES: readonly string[] = ['submit', 'approve', 'dependency'];

const requirements: JsonSchema = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['condition'],
    properties: { condition: { type: 'string', minLength: 1, maxLength: 10_000 }, message: text(2000), descrip: text(2000), enabled: bool },
  },
};

const step: JsonSchema = {
  type: 'object',
  properties: {
    label: text(200),
    descrip: text(2000),
    title: text(200),
    enabled: bool,
    ext: bool,
    user_ids: { type: 'array', maxItems: 500, items: userId },
    users,
    scope: { type: 'integer', enum: [...WORKFLOW_STEP_SCOPES] },
    scopes: { type: 'array', maxItems: WORKFLOW_STEP_SCOPES.length, items: { type: 'integer', enum: [...WORKFLOW_STEP_SCOPES] } },
    roles: names,
    conditions: requirements,
    complete: bool,
    override: bool,
    next: bool,
    property: name,
  },
};

const block: JsonSchema = {
  type: 'object',
  properties: {
    // Absent means submit (docs/product/workflow-and-timeline.md#workflow-definitions: a new block defaults to submit, sequential, enabled).
    type: { type: 'string', enum: [...WORKFLOW_BLOCK_TYPES] },
    enabled: bool,
    sequential: bool,
    days: { type: 'number', minimum: 0, maximum: 36_500 },
    status: { type: 'string', minLength: 1, maxLength: 100 },
    descrip: text(2000),
    due_date: name,
    complete: bool,
    required: names,
    conditions: requirements,
    conditionsSoft: requirements,
    // Approve blocks only; absent means on (docs/product/workflow-and-timeline.md#separation-of-duties).
    separateFromSubmitter: bool,
    steps: { type: 'array', maxItems: 100, items: step },
  },
};

export const workflowDefinitionSchema: JsonSchema = {
  type: 'object',
  title: 'Workflow',
  required: ['enabled', 'blocks'],
  properties: { enabled: bool, status_final: text(100), blocks: { type: 'array', maxItems: 50, items: block } },
};

export const legacyWorkflowDefinitionSchema: JsonSchema = {
  type: 'object',
  title: 'Legacy workflow',
  required: ['enabled', 'steps'],
  properties: {
    enabled: bool,
    status_final: text(100),
    steps: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['scope'],
        properties: {
          scope: { type: 'integer', enum: [...LEGACY_WORKFLOW_SCOPES] },
          condition: text(10_000),
          descrip: text(2000),
          users,
          property: name,
        },
      },
    },
  },
};
