/**
 * Building blocks shared by the built-in type definitions. Everything here returns plain data; the
 * helpers only keep the definitions short and consistent (same labels, same lookups everywhere).
 */
import type { JsonSchema } from '../schema/json-schema.ts';
import type { TableColumn, UiRule, UiSchemaElement } from '../schema/document-schema.ts';

/** Server-known document fields a view/export column may name without a form property. */
export const PROMOTED_FIELDS: readonly string[] = [
  'id',
  'display_id',
  'summary',
  'descrip',
  'status',
  'doc_type',
  'created_date',
  'created_by',
  'updated_date',
  'site_id',
  'region_id',
  'parent_id',
  'priority',
];

/** Document statuses (docs/product/workflow-and-timeline.md#statuses, docs/product/workflow-and-timeline.md#statuses). */
export const DOCUMENT_STATUSES: readonly string[] = [
  'Pending Completion',
  'Pending Approval',
  'Pending Review',
  'Pending Actions',
  'Rejected',
  'Approved',
  'Closed',
  'Overdue',
];

/** The default list filter of transactional types: documents created after 2023-01-01 (docs/product/forms-and-lists.md#filters). */
export const CREATED_SINCE_2023 = "created_date >= '2023-01-01'";

/** `oneOf` of `{const, title}` pairs: a labelled enum JSON Forms renders as a select. */
export function labelled(pairs: readonly (readonly [string | number, string])[]): JsonSchema[] {
  return pairs.map(([value, title]) => ({ const: value, title }));
}

/**
 * Priorities (docs/product/documents-and-schemas.md#documents: Very High … Very Low). Our design: 5 is Very High so that the list's
 * flag thresholds (a flag above 2, red at the top) point at the urgent end; default Medium.
 */
export const PRIORITY_OPTIONS = labelled([
  [5, 'Very High'],
  [4, 'High'],
  [3, 'Medium'],
  [2, 'Low'],
  [1, 'Very Low'],
]);

export function priority(): JsonSchema {
  return { type: 'integer', title: 'Priority', oneOf: PRIORITY_OPTIONS, default: 3 };
}

/** A reference to one document of another type (stored as its numeric id). */
export function docRef(title: string, docType: string, filterBy?: Record<string, string>): JsonSchema {
  return { type: 'integer', title, 'x-lookup': filterBy ? { doc_type: docType, filterBy } : { doc_type: docType } };
}

/** One identity (uuid). */
export function identityRef(title: string): JsonSchema {
  return { type: 'string', title, format: 'uuid', 'x-lookup': { identity: true } };
}

/** A list of identities (uuids), optionally with a minimum count. */
export function identityList(title: string, minItems?: number): JsonSchema {
  const schema: JsonSchema = {
    type: 'array',
    title,
    uniqueItems: true,
    items: { type: 'string', format: 'uuid' },
    'x-lookup': { identity: true },
  };
  if (minItems !== undefined) schema.minItems = minItems;
  return schema;
}

/** One option of a keyword list (stored as the option's numeric id). */
export function keywordRef(title: string, key: string): JsonSchema {
  return { type: 'integer', title, 'x-lookup': { keyword: key } };
}

export function text(title: string, extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: 'string', title, ...extra };
}

export function dateTime(title: string): JsonSchema {
  return { type: 'string', title, format: 'date-time' };
}

export function date(title: string): JsonSchema {
  return { type: 'string', title, format: 'date' };
}

export function bool(title: string, defaultValue = false): JsonSchema {
  return { type: 'boolean', title, default: defaultValue };
}

/** A JSON Forms control for a top-level (or item-level, inside an array detail) property. */
export function control(field: string, extra: Partial<UiSchemaElement> = {}): UiSchemaElement {
  return { type: 'Control', scope: `#/properties/${field}`, ...extra };
}

/**
 * Some of a record's own texts in French and Spanish (`i18n.data.{fr,es}.{field}`, the shape
 * dashboard cards carry theirs in: docs/product/reporting.md#reports): the `i18n` property and a
 * 'Translations' group of the form, a row per field with its French and Spanish controls. The
 * record's own text stays the fallback of each.
 */
export function frenchAndSpanishTexts(fields: readonly (readonly [name: string, label: string, multiline?: boolean])[]): {
  property: JsonSchema;
  group: UiSchemaElement;
} {
  const languages = [
    ['fr', 'French'],
    ['es', 'Spanish'],
  ] as const;
  const data: Record<string, JsonSchema> = {};
  for (const [language, name] of languages)
    data[language] = {
      type: 'object',
      properties: Object.fromEntries(fields.map(([field, label]) => [field, text(`${label} (${name})`)])),
    };
  const rows = fields.map(([field, , multiline]) =>
    row(
      ...languages.map(([language]) =>
        control(`i18n/properties/data/properties/${language}/properties/${field}`, multiline ? { options: { multi: true } } : {}),
      ),
    ),
  );
  return {
    property: { type: 'object', title: 'Translations', properties: { data: { type: 'object', properties: data } } },
    group: group('Translations', ...rows),
  };
}

export function multilineControl(field: string): UiSchemaElement {
  return control(field, { options: { multi: true } });
}

export function row(...fields: (string | UiSchemaElement)[]): UiSchemaElement {
  return { type: 'HorizontalLayout', elements: fields.map((f) => (typeof f === 'string' ? control(f) : f)) };
}

export function vertical(...elements: (string | UiSchemaElement)[]): UiSchemaElement {
  return { type: 'VerticalLayout', elements: elements.map((e) => (typeof e === 'string' ? control(e) : e)) };
}

export function group(label: string, ...elements: (string | UiSchemaElement)[]): UiSchemaElement {
  return { type: 'Group', label, elements: elements.map((e) => (typeof e === 'string' ? control(e) : e)) };
}

/** A rule showing the element only while `field` matches `schema` (const, enum, minimum…). */
export function showWhen(field: string, schema: JsonSchema): UiRule {
  return { effect: 'SHOW', condition: { scope: `#/properties/${field}`, schema } };
}

export function hideWhen(field: string, schema: JsonSchema): UiRule {
  return { effect: 'HIDE', condition: { scope: `#/properties/${field}`, schema } };
}

/**
 * Filter properties copied from the form schema. Filters never require anything (docs/product/forms-and-lists.md#filters), so
 * defaults and minimum counts/lengths are dropped; everything else (labels, lookups) is kept.
 */
export function filterProperties(properties: Record<string, JsonSchema>, keys: readonly string[]): Record<string, JsonSchema> {
  const picked: Record<string, JsonSchema> = {};
  for (const key of keys) {
    const source = properties[key];
    if (!source) throw new Error(`filterProperties: no form property '${key}'`);
    const copy: JsonSchema = { ...source };
    delete copy.default;
    delete copy.minItems;
    delete copy.minLength;
    picked[key] = copy;
  }
  return picked;
}

/** The status filter every workflow type offers. */
export function statusFilter(): JsonSchema {
  return { type: 'array', title: 'Status', uniqueItems: true, items: { type: 'string', enum: [...DOCUMENT_STATUSES] } };
}

/** Common list columns. */
export const idColumn: TableColumn = { id: 'display_id', type: 'id', label: 'ID', sort: true };
export const statusColumn: TableColumn = { id: 'status', type: 'status', label: 'Status', sort: true };
export const priorityColumn: TableColumn = { id: 'priority', type: 'priority', label: 'Priority', sort: true };
export const summaryColumn: TableColumn = { id: 'summary', label: 'Summary', sort: true };
export const createdColumn: TableColumn = { id: 'created_date', type: 'timestamp', label: 'Created', sort: true };
export const updatedColumn: TableColumn = { id: 'updated_date', type: 'timestamp', label: 'Updated', sort: true };
export const siteColumn: TableColumn = { id: 'site_id', type: 'enum', label: 'Site', sort: true };

export function column(id: string, label: string, extra: Partial<TableColumn> = {}): TableColumn {
  return { id, label, ...extra };
}
