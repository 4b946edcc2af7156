/**
 * Checks of a type schema being written that its stored copies were never held to
 * (docs/product/documents-and-schemas.md#schema-rules): every type has a form, and what the form,
 * its layout and the review name are fields of the type. A definition that broke them saved
 * without a word and then failed at every create ("No form schema found", "must have required
 * property 'nosuch'"). Run when a schema is saved, not when a stored one is loaded, so schemas
 * saved before these checks keep serving (as `serverControlledPropertyProblems`).
 */
import { FilterError } from '../filter/filter-error.ts';
import { checkFilter } from '../filter/checker.ts';
import { parseFilter } from '../filter/parser.ts';
import { lookupField, type FieldCatalog } from '../filter/field-catalog.ts';
import type { ValidationProblem } from '../validation/document-validator.ts';
import type { DocumentSchema, UiSchemaElement } from './document-schema.ts';
import { fieldCatalogOf } from './field-catalog-of.ts';

export const FORM_REQUIRED = 'A document type needs a form: form.schema with its fields.';
export const notAField = (name: string) => `${name} is not a field of the form schema`;

/** The top-level field a layout element's `scope` names (`#/properties/<name>…`), or null. */
function scopedField(element: UiSchemaElement): string | null {
  const match = typeof element.scope === 'string' ? /^#\/properties\/([^/]+)/.exec(element.scope) : null;
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Layout controls naming a missing field; an array's own detail layout (in `options`) names its items' fields and is not walked. */
function layoutProblems(element: UiSchemaElement | undefined, path: string, has: (name: string) => boolean): ValidationProblem[] {
  if (!element || typeof element !== 'object') return [];
  const field = scopedField(element);
  const own: ValidationProblem[] = field !== null && !has(field) ? [{ path, message: notAField(field), keyword: 'scope' }] : [];
  const children = Array.isArray(element.elements) ? element.elements : [];
  return [...own, ...children.flatMap((child) => layoutProblems(child, path, has))];
}

function reviewConditionProblems(def: DocumentSchema, catalog: FieldCatalog): ValidationProblem[] {
  const text = def.review?.condition?.trim();
  if (!text) return [];
  // The reviewer's flags (docs/product/workflow-and-timeline.md#reviews) are fields of the condition too.
  const flags = { editor: { type: 'boolean' as const }, admin: { type: 'boolean' as const }, reviewer: { type: 'boolean' as const } };
  try {
    checkFilter(parseFilter(text), { ...catalog, ...flags });
    return [];
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    return [{ path: 'review.condition', message: error.message, keyword: 'filter' }];
  }
}

export function schemaReferenceProblems(def: DocumentSchema): ValidationProblem[] {
  const form = def.form;
  if (!form?.schema || typeof form.schema !== 'object') return [{ path: 'form', message: FORM_REQUIRED, keyword: 'required' }];
  const properties = form.schema.properties ?? {};
  const catalog = fieldCatalogOf(def, { canSeeProtected: true });
  const has = (name: string) => Object.hasOwn(properties, name) || lookupField(catalog, name) !== undefined;
  const problems: ValidationProblem[] = [];
  const named = (path: string, names: unknown) => {
    for (const name of Array.isArray(names) ? names : []) {
      if (typeof name === 'string' && !has(name)) problems.push({ path, message: notAField(name), keyword: 'field' });
    }
  };
  named('form.schema.required', form.schema.required);
  named('form.summaryProperties', form.summaryProperties);
  named('form.descripProperties', form.descripProperties);
  named('form.defaults', Object.keys(form.defaults ?? {}));
  if (form.dateField !== undefined) named('form.dateField', [form.dateField]);
  problems.push(...layoutProblems(form.uiSchema, 'form.uiSchema', has));
  for (const [name, layout] of Object.entries(form.uiSchemas ?? {}))
    problems.push(...layoutProblems(layout, `form.uiSchemas.${name}`, has));
  problems.push(...reviewConditionProblems(def, catalog));
  return problems;
}
