/**
 * Reference data (region, site, zone, module, client, project): simple lists other documents point
 * at through `*_id` fields. Every member may read them (they feed selects and report scopes); only
 * administrators create, edit or delete them.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import { bool, column, control, createdColumn, docRef, filterProperties, idColumn, row, text, vertical } from './common.ts';

export interface ReferenceTypeOptions {
  type: string;
  /** Singular label, e.g. 'Site'. */
  label: string;
  /** Plural label used as the list title, e.g. 'Sites'. */
  plural: string;
  idMask: string;
  description: string;
  /** The parent reference, e.g. a site's region: `{ field: 'region_id', label: 'Region', docType: 'region' }`. */
  parent?: { field: string; label: string; docType: string };
}

export function referenceType(options: ReferenceTypeOptions): DocumentSchema {
  const { type, label, plural, idMask, description, parent } = options;
  const properties: Record<string, JsonSchema> = {
    title: text(`${label} name`, { minLength: 1 }),
    code: text('Code', { maxLength: 32 }),
    descrip: text('Description'),
    active: bool('Active', true),
  };
  const required = ['title'];
  if (parent) {
    properties[parent.field] = docRef(parent.label, parent.docType);
    required.push(parent.field);
  }
  const filterKeys = parent ? ['title', 'code', 'active', parent.field] : ['title', 'code', 'active'];
  return {
    version: 3,
    type,
    idMask,
    description,
    category: 'Reference data',
    hasEvents: false,
    hasWorkflow: false,
    // Reading is open to members (selects, report scopes); changes are for administrators.
    requiredRolesForCreate: ['administrator'],
    requiredRolesForEdit: ['administrator'],
    indexed: parent ? ['code', 'active', parent.field] : ['code', 'active'],
    form: {
      title: label,
      summaryProperties: ['title'],
      schema: {
        type: 'object',
        properties,
        required,
        errorMessage: { required: { title: `Please enter the ${label.toLowerCase()} name` } },
      },
      uiSchema: vertical(
        row('title', 'code'),
        ...(parent ? [control(parent.field)] : []),
        control('descrip', { options: { multi: true } }),
        'active',
      ),
    },
    filter: {
      schema: { type: 'object', properties: filterProperties(properties, filterKeys) },
      defaultFilter: 'active = true',
    },
    view: {
      title: plural,
      modes: ['table', 'card'],
      table: {
        schema: [
          idColumn,
          column('title', label, { sort: true }),
          column('code', 'Code', { sort: true }),
          ...(parent ? [column(parent.field, parent.label, { type: 'enum' as const, sort: true })] : []),
          column('active', 'Active', { type: 'boolean' }),
          createdColumn,
        ],
      },
      defaultOrder: 'title asc',
    },
    export: {
      schema: [
        column('display_id', 'ID'),
        column('title', label),
        column('code', 'Code'),
        ...(parent ? [column(parent.field, parent.label)] : []),
        column('descrip', 'Description'),
        column('active', 'Active'),
      ],
    },
  };
}
