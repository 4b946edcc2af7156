/**
 * Stage 3 of docs/engineering.md#habit-6: the client projection of a type, what the web app needs to draw its
 * screens (title and translations, form, filter, view, export, review, resources, options,
 * category, child types, dependencies, role lists, whether it has a workflow). The server answers
 * it to every member who may read or create the type (`GET /v3/{appId}/$$types`), since only
 * administrators may read the stored `$$schema` documents.
 *
 * What it leaves out:
 * - server-only settings: `indexed` (expression indexes);
 * - the people of workflow steps (`user_ids`, `users`: identities and, for legacy scope 92,
 *   external e-mail addresses). The server decides who acts and answers the offered actions
 *   itself (the workflow view), so the screens never need them;
 * - `hiddenFields`, the protected fields whose values the caller can never see: they leave the
 *   form (properties, required, controls), the filter and the view's layouts. Their list and
 *   export columns stay, marked `protected`: the screens show 'Hidden (Protected)' and '?' in
 *   them (docs/product/access.md#protected-fields), and a column names a field without revealing any value.
 */
import type { DocumentSchema, UiSchemaElement, WorkflowDefinition, LegacyWorkflowDefinition } from './document-schema.ts';
import type { JsonSchema } from './json-schema.ts';

/**
 * The path segment of the projections (`/v3/{appId}/$$types`, `/v3/{appId}/$$types/{type}`).
 * Type names start with a letter, so no stored type can ever take this segment.
 */
export const CLIENT_TYPES_SEGMENT = '$$types';

/**
 * What the caller may do with a type, as the server's access decision (`authorize()`) answers it
 * for that caller: the web shows the Create button only where `create` is true and never decides
 * access itself.
 */
export interface TypeAccess {
  create: boolean;
}

/** One answer of `$$types`: a type's client projection and the caller's access to it. */
export type ClientDocumentType = DocumentSchema & { access: TypeAccess };

export interface ClientProjectionOptions {
  /** Fields whose values the caller can never see (see `protectedFieldsHiddenFrom` on the server). */
  hiddenFields?: readonly string[];
}

export function clientProjectionOf(type: DocumentSchema, options: ClientProjectionOptions = {}): DocumentSchema {
  const { indexed: _indexed, workflow, legacyWorkflow, ...rest } = type;
  let projection: DocumentSchema = { ...rest };
  if (workflow) projection.workflow = workflowWithoutPeople(workflow);
  if (legacyWorkflow) projection.legacyWorkflow = legacyWorkflowWithoutPeople(legacyWorkflow);
  const hidden = new Set(options.hiddenFields ?? []);
  if (hidden.size > 0) projection = withoutFields(projection, hidden);
  return projection;
}

function workflowWithoutPeople(workflow: WorkflowDefinition): WorkflowDefinition {
  return {
    ...workflow,
    blocks: workflow.blocks.map((block) =>
      block.steps ? { ...block, steps: block.steps.map(({ user_ids: _ids, users: _users, ...step }) => step) } : block,
    ),
  };
}

function legacyWorkflowWithoutPeople(workflow: LegacyWorkflowDefinition): LegacyWorkflowDefinition {
  return { ...workflow, steps: workflow.steps.map(({ users: _users, ...step }) => step) };
}

function withoutFields(type: DocumentSchema, hidden: ReadonlySet<string>): DocumentSchema {
  const copy: DocumentSchema = { ...type };
  if (type.form) {
    const form = { ...type.form, schema: schemaWithout(type.form.schema, hidden) };
    if (type.form.uiSchema) form.uiSchema = uiSchemaWithout(type.form.uiSchema, hidden);
    if (type.form.uiSchemas) form.uiSchemas = uiSchemasWithout(type.form.uiSchemas, hidden);
    copy.form = form;
  }
  if (type.filter) {
    const filter = { ...type.filter, schema: schemaWithout(type.filter.schema, hidden) };
    if (type.filter.uiSchema) filter.uiSchema = uiSchemaWithout(type.filter.uiSchema, hidden);
    copy.filter = filter;
  }
  if (type.view?.uiSchemas) copy.view = { ...type.view, uiSchemas: uiSchemasWithout(type.view.uiSchemas, hidden) };
  return copy;
}

/** The top-level object schema without these properties (and without requiring them). */
function schemaWithout(schema: JsonSchema, hidden: ReadonlySet<string>): JsonSchema {
  if (!schema.properties || typeof schema.properties !== 'object') return schema;
  const copy: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !hidden.has(name))),
  };
  if (Array.isArray(schema.required)) copy.required = schema.required.filter((name) => !hidden.has(name));
  return copy;
}

/** The field a control's scope names at the top level (`#/properties/<field>/…`), if any. */
function scopeField(scope: unknown): string | undefined {
  if (typeof scope !== 'string') return undefined;
  return /^#\/properties\/([^/]+)/.exec(scope)?.[1];
}

/** Controls of hidden fields removed; a layout left with no elements goes too. Null when nothing is left. */
function elementWithout(element: UiSchemaElement, hidden: ReadonlySet<string>): UiSchemaElement | null {
  const field = scopeField(element.scope);
  if (field !== undefined && hidden.has(field)) return null;
  if (!Array.isArray(element.elements)) return element;
  const elements = element.elements.map((child) => elementWithout(child, hidden)).filter((child) => child !== null);
  if (elements.length === 0 && element.elements.length > 0) return null;
  return { ...element, elements };
}

function uiSchemaWithout(uiSchema: UiSchemaElement, hidden: ReadonlySet<string>): UiSchemaElement {
  // The root stays even when emptied: JSON Forms needs a layout to draw.
  return elementWithout(uiSchema, hidden) ?? { ...uiSchema, elements: [] };
}

function uiSchemasWithout(uiSchemas: Record<string, UiSchemaElement>, hidden: ReadonlySet<string>): Record<string, UiSchemaElement> {
  return Object.fromEntries(Object.entries(uiSchemas).map(([name, uiSchema]) => [name, uiSchemaWithout(uiSchema, hidden)]));
}
