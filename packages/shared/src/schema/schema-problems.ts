/**
 * Checks of a stored type schema that JSON Schema cannot express (issue 4 item 1): the type name
 * (no spaces, docs/product/documents-and-schemas.md#schema-rules), that every embedded JSON Schema compiles, that indexed fields, the
 * default filter, the default order and the workflow definitions (required fields, due-date
 * fields, step properties, conditions) fit the type's own fields. Uniqueness per organisation
 * needs the database and is checked by the server. Each problem names its place.
 */
import { FilterError } from '../filter/filter-error.ts';
import { checkFilter, type CheckOptions } from '../filter/checker.ts';
import { parseFilter } from '../filter/parser.ts';
import { lookupField } from '../filter/field-catalog.ts';
import { schemaProblem, type ValidationProblem } from '../validation/document-validator.ts';
import type { DocumentSchema } from './document-schema.ts';
import { fieldCatalogOf } from './field-catalog-of.ts';
import { parseOrderBy, QueryParameterError } from './order-by.ts';
import { workflowDefinitionProblems } from '../workflow/workflow-definition-problems.ts';
import { serverControlledFieldsOf } from '../api/documents.ts';

export const TYPE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Words a type may not be called: they are route segments beside `/v3/{appId}/{type}` and `/api/{api}`. */
export const RESERVED_TYPE_NAMES: readonly string[] = [
  'search',
  'export',
  'options',
  'tags',
  'health',
  'docs',
  'events',
  'openapi',
  'task',
  'account',
  'identity',
  'identities',
  'users',
  'acl',
  'logs',
  'files',
  'file',
  'mail',
];

export const TYPE_NAME_SPACES = 'Schema type must contain no spaces (underscore advised)';
export const TYPE_NAME_CHARACTERS = 'Schema type must start with a letter and contain only letters, digits and underscores';

/** The problem with a type name, or null when it is acceptable (uniqueness aside). */
export function typeNameProblem(type: unknown): string | null {
  if (typeof type !== 'string' || type.length === 0) return 'Please enter the schema type';
  if (/\s/.test(type)) return TYPE_NAME_SPACES;
  if (!TYPE_NAME_PATTERN.test(type)) return TYPE_NAME_CHARACTERS;
  if (RESERVED_TYPE_NAMES.includes(type.toLowerCase())) return `Schema type ${type} is reserved`;
  return null;
}

function compiles(schema: unknown, path: string, problems: ValidationProblem[]): void {
  if (schema === undefined) return;
  const problem = schemaProblem(schema);
  if (problem) problems.push({ path, message: `Invalid JSON Schema: ${problem}`, keyword: 'schema' });
}

function checkCondition(
  text: string | undefined,
  path: string,
  def: DocumentSchema,
  problems: ValidationProblem[],
  options: CheckOptions = {},
): void {
  if (!text?.trim()) return;
  try {
    checkFilter(parseFilter(text), fieldCatalogOf(def, { canSeeProtected: true }), options);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    problems.push({ path, message: error.message, keyword: 'filter' });
  }
}

/** Every problem of a definition whose shape already passed the `$$schema` form schema. */
export function schemaDefinitionProblems(def: DocumentSchema): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const nameProblem = typeNameProblem(def.type);
  if (nameProblem) problems.push({ path: 'type', message: nameProblem, keyword: 'type' });
  if (def.idMask !== undefined && !/\{seq(?::\d{1,2})?\}/.test(def.idMask)) {
    problems.push({ path: 'idMask', message: 'idMask must contain {seq} or {seq:N}', keyword: 'idMask' });
  }
  if (def.form) {
    compiles(def.form.schema, 'form.schema', problems);
    if (def.form.schema.type !== 'object')
      problems.push({ path: 'form.schema.type', message: "The form schema's type must be object", keyword: 'type' });
  }
  compiles(def.filter?.schema, 'filter.schema', problems);
  compiles(def.review?.schema, 'review.schema', problems);
  if (problems.length > 0) return problems;

  const catalog = fieldCatalogOf(def, { canSeeProtected: true });
  for (const field of def.indexed ?? []) {
    // Array and long-text fields are accepted but get no expression index (see type-indexes.ts).
    if (!lookupField(catalog, field)) {
      problems.push({ path: 'indexed', message: `Cannot index ${field}: not a field of the form schema`, keyword: 'indexed' });
    }
  }
  checkCondition(def.filter?.defaultFilter, 'filter.defaultFilter', def, problems);
  checkCondition(def.filter?.globalFilter, 'filter.globalFilter', def, problems);
  try {
    parseOrderBy(def.view?.defaultOrder, catalog);
  } catch (error) {
    if (!(error instanceof QueryParameterError)) throw error;
    problems.push({ path: 'view.defaultOrder', message: error.message, keyword: 'order' });
  }
  problems.push(...workflowDefinitionProblems(def));
  return problems;
}

/**
 * Form properties named after a field the server controls for the type's documents (`doc_type`,
 * `status`, `workflow`, …): a body never sets them, so such a field could never be stored (the
 * notification's target type was once called `doc_type`). Checked when a schema is written, not
 * when a stored one is loaded, so schemas saved before the check keep serving.
 */
export function serverControlledPropertyProblems(def: DocumentSchema): ValidationProblem[] {
  const controlled = serverControlledFieldsOf(def.type);
  return Object.keys(def.form?.schema.properties ?? {})
    .filter((name) => controlled.has(name))
    .map((name) => ({
      path: `form.schema.properties.${name}`,
      message: `${name} is set by the server: give this field another name`,
      keyword: 'reserved',
    }));
}
