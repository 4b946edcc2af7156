/**
 * The filter language's field catalog for a document type: the promoted columns every document
 * has, plus each top-level property of the type's form schema, typed from its JSON Schema.
 * Fields a view marks `protected` are unreadable for callers who may not see them (issue 3 item 2).
 */
import type { FieldCatalog, FieldInfo, FieldType } from '../filter/field-catalog.ts';
import { isValidFieldPath } from '../filter/field-path.ts';
import type { DocumentSchema } from './document-schema.ts';
import type { JsonSchema } from './json-schema.ts';

export const promotedFieldCatalog: FieldCatalog = {
  id: { type: 'integer', column: 'id' },
  display_id: { type: 'string', column: 'display_id' },
  doc_type: { type: 'string', column: 'doc_type' },
  status: { type: 'string', column: 'status' },
  summary: { type: 'string', column: 'summary' },
  descrip: { type: 'text', column: 'descrip' },
  parent_id: { type: 'integer', column: 'parent_id' },
  site_id: { type: 'integer', column: 'site_id' },
  region_id: { type: 'integer', column: 'region_id' },
  zone_id: { type: 'integer', column: 'zone_id' },
  module_id: { type: 'integer', column: 'module_id' },
  ref: { type: 'string', column: 'ref' },
  created_by: { type: 'string', column: 'created_by' },
  created_date: { type: 'datetime', column: 'created_date' },
  updated_date: { type: 'datetime', column: 'updated_date' },
  closed: { type: 'boolean', column: 'closed' },
  due_date: { type: 'datetime', column: 'due_date' },
};

export function fieldTypeOf(schema: JsonSchema): FieldType | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date') return 'date';
      if (schema.format === 'date-time') return 'datetime';
      return 'string';
    case 'number':
      return 'number';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const item = schema.items ? fieldTypeOf(schema.items) : undefined;
      if (item === 'number' || item === 'integer') return 'number[]';
      if (item === 'string' || item === 'date' || item === 'datetime') return 'string[]';
      return undefined;
    }
    default:
      return undefined;
  }
}

export interface CatalogOptions {
  /** Whether the caller may see fields the view marks protected. */
  canSeeProtected: boolean;
}

/**
 * Promoted names a type's form may declare as its own field, which then replaces the promoted
 * entry. `due_date` is the workflow's computed due date (the `documents.due_date` column, answered
 * as `meta.workflow.due_date`), but a type such as the action asks the user for its due date under
 * that very name. That field is what the user wrote and what the answer shows, so `due_date` in
 * the filter, order and group-by of such a type reads the field (in `data`, with the field's type,
 * usually a `date`); the workflow's due date follows the field anyway (compile-workflow.ts).
 * Types without their own `due_date` field filter on the column.
 */
const promotedNamesTypesMayOwn: ReadonlySet<string> = new Set(['due_date']);

export function fieldCatalogOf(type: DocumentSchema, options: CatalogOptions): FieldCatalog {
  const catalog: Record<string, FieldInfo> = { ...promotedFieldCatalog };
  const protectedFields = new Set((type.view?.table.schema ?? []).filter((column) => column.protected).map((column) => column.id));
  for (const [name, property] of Object.entries(type.form?.schema.properties ?? {})) {
    if (Object.hasOwn(promotedFieldCatalog, name) && !promotedNamesTypesMayOwn.has(name)) continue;
    // A stored schema could name a property `__proto__`: such names never become fields.
    if (!isValidFieldPath(name) || name.includes('.')) continue;
    const fieldType = fieldTypeOf(property);
    if (!fieldType) continue;
    const readable = options.canSeeProtected || !protectedFields.has(name);
    catalog[name] = readable ? { type: fieldType } : { type: fieldType, readable: false };
  }
  return catalog;
}
