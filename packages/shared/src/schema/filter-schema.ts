/**
 * The schema of a type's filter form (docs/product/forms-and-lists.md#filters): the type's `filter.schema` (or, without one,
 * its form's top-level properties) with every required rule removed, and the scope-based fields
 * removed for non-administrators or when a report lacks that scope. The web app builds its filter
 * popup from this; the server's filter check uses the field catalog, not this schema.
 */
import type { DocumentSchema, UiSchemaElement } from './document-schema.ts';
import type { JsonSchema } from './json-schema.ts';

/** Report scope names and the document field each one narrows (docs/product/reporting.md#scopes). */
export const SCOPE_FIELDS: Readonly<Record<string, string>> = {
  module_scope: 'module_id',
  region_scope: 'region_id',
  site_scope: 'site_id',
  client_scope: 'client_id',
  project_scope: 'project_id',
  keyword_scope: 'keyword_id',
  user_scope: 'actionee_ids',
};

/** Report settings that travel with the scopes and follow the same rule. */
const SCOPE_SETTINGS = ['scope', 'tally'];

export interface FilterSchemaOptions {
  isAdministrator: boolean;
  /** The scopes a report enables (e.g. `['site_scope']`); undefined outside reports. */
  scopes?: readonly string[];
}

export interface FilterForm {
  schema: JsonSchema;
  uiSchema?: UiSchemaElement;
}

/** Keywords that make a filter field mandatory or give it a value the user did not choose. */
const REQUIRING_KEYWORDS = new Set(['required', 'dependentRequired', 'minItems', 'minLength', 'minProperties', 'default']);

function withoutRequiredRules(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRequiredRules);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (REQUIRING_KEYWORDS.has(key)) continue;
    if (key === 'errorMessage' && value && typeof value === 'object') {
      const { required: _dropped, ...rest } = value as Record<string, unknown>;
      if (Object.keys(rest).length > 0) copy[key] = rest;
      continue;
    }
    // `properties` maps names to schemas: a property literally called `required` must survive.
    copy[key] = key === 'properties' ? mapValues(value as Record<string, unknown>, withoutRequiredRules) : withoutRequiredRules(value);
  }
  return copy;
}

function mapValues(record: Record<string, unknown>, fn: (value: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));
}

/** The field names a caller may not filter on with these options. */
export function hiddenScopeFields(options: FilterSchemaOptions): Set<string> {
  const hidden = new Set<string>();
  const allowed = (scope: string) => options.isAdministrator && (options.scopes === undefined || options.scopes.includes(scope));
  for (const [scope, field] of Object.entries(SCOPE_FIELDS)) {
    if (!allowed(scope)) hidden.add(field).add(scope);
  }
  for (const setting of SCOPE_SETTINGS) if (!allowed(setting)) hidden.add(setting);
  return hidden;
}

function sourceSchema(type: DocumentSchema): JsonSchema {
  if (type.filter?.schema) return type.filter.schema;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(type.form?.schema.properties ?? {})) {
    if (property.type !== 'object') properties[name] = property;
  }
  return { type: 'object', properties };
}

function pruneUi(element: UiSchemaElement, hidden: Set<string>): UiSchemaElement | null {
  const field = element.scope?.match(/^#\/properties\/([^/]+)/)?.[1];
  if (element.type === 'Control' && field && hidden.has(field)) return null;
  if (!element.elements) return element;
  const elements = element.elements.map((child) => pruneUi(child, hidden)).filter((child): child is UiSchemaElement => child !== null);
  return { ...element, elements };
}

/** The filter form of a type for this caller. Never mutates the type. */
export function filterSchemaOf(type: DocumentSchema, options: FilterSchemaOptions): FilterForm {
  const hidden = hiddenScopeFields(options);
  const schema = withoutRequiredRules(sourceSchema(type)) as JsonSchema;
  if (schema.properties) {
    schema.properties = Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !hidden.has(name)));
  }
  const ui = type.filter?.uiSchema ? pruneUi(type.filter.uiSchema, hidden) : null;
  return ui ? { schema, uiSchema: ui } : { schema };
}
