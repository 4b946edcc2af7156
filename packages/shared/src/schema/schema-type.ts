/**
 * The type of type schemas: documents of type `$$schema` hold one `DocumentSchema` each, flat
 * (docs/product/documents-and-schemas.md#document-types). This definition validates their shape like any other type's
 * form schema; `schemaDefinitionProblems` (schema-problems.ts) adds the checks JSON Schema cannot
 * express. Administrators only (docs/product/access.md#administrator-only). Not overridable by an organisation.
 */
import { withTranslations } from '../builtin-types/with-translations.ts';
import type { DocumentSchema } from './document-schema.ts';
import type { JsonSchema } from './json-schema.ts';
import { schemaTypeI18n } from './schema-type.i18n.ts';
import { legacyWorkflowDefinitionSchema, workflowDefinitionSchema } from './workflow-definition-schema.ts';

export const SCHEMA_TYPE = '$$schema';

const strings: JsonSchema = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: 200 };
const anyObject: JsonSchema = { type: 'object' };
const columns: JsonSchema = {
  type: 'array',
  maxItems: 200,
  items: {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 200 },
      label: { type: 'string' },
      type: { type: 'string' },
      protected: { type: 'boolean' },
    },
  },
};

const properties: Record<string, JsonSchema> = {
  version: { type: 'integer', title: 'Version', enum: [3], default: 3 },
  type: { type: 'string', title: 'Type', minLength: 1, maxLength: 64 },
  ref: { type: 'string', title: 'Reference', maxLength: 200 },
  idMask: { type: 'string', title: 'Id mask', maxLength: 64 },
  description: { type: 'string', title: 'Description', maxLength: 2000 },
  category: { type: 'string', title: 'Category', maxLength: 200 },
  module: { type: 'string', title: 'Module', maxLength: 200 },
  hasEvents: { type: 'boolean', title: 'Has events' },
  hasWorkflow: { type: 'boolean', title: 'Has workflow' },
  external: { type: 'boolean', title: 'External' },
  descripIsHtml: { type: 'boolean', title: 'Description is HTML' },
  requiredRoles: { ...strings, title: 'Required roles' },
  requiredRolesForCreate: { ...strings, title: 'Required roles for create' },
  requiredRolesForEdit: { ...strings, title: 'Required roles for edit' },
  dependencies: { ...strings, title: 'Dependencies' },
  childTypes: { ...strings, title: 'Child types' },
  indexed: { ...strings, title: 'Indexed fields', maxItems: 32 },
  options: anyObject,
  i18n: anyObject,
  form: {
    type: 'object',
    title: 'Form',
    required: ['title', 'schema'],
    properties: {
      title: { type: 'string', minLength: 1 },
      schema: anyObject,
      uiSchema: anyObject,
      uiSchemas: anyObject,
      defaults: anyObject,
      summaryProperties: strings,
      descripProperties: strings,
    },
  },
  filter: {
    type: 'object',
    title: 'Filter',
    required: ['schema'],
    properties: {
      schema: anyObject,
      uiSchema: anyObject,
      defaultFilter: { type: 'string', maxLength: 10_000 },
      globalFilter: { type: 'string', maxLength: 10_000 },
    },
  },
  view: {
    type: 'object',
    title: 'View',
    required: ['title', 'table'],
    properties: {
      title: { type: 'string', minLength: 1 },
      table: { type: 'object', required: ['schema'], properties: { schema: columns } },
      defaultOrder: { type: 'string', maxLength: 500 },
      groupBy: { type: 'string' },
    },
  },
  export: { type: 'object', title: 'Export', required: ['schema'], properties: { schema: columns, includeGlobal: { type: 'boolean' } } },
  resources: { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } },
  review: { type: 'object', required: ['schema'], properties: { schema: anyObject, condition: { type: 'string' } } },
  // A definition's `workflow` and `ref` are kept from a `$$schema` body although they are
  // server-controlled on other documents (`serverControlledFieldsOf`, api/documents.ts).
  workflow: workflowDefinitionSchema,
  legacyWorkflow: legacyWorkflowDefinitionSchema,
};

// In French and Spanish like the built-in types: the schema list and editor read these texts.
export const schemaDocumentType: DocumentSchema = withTranslations(
  {
    version: 3,
    type: SCHEMA_TYPE,
    idMask: 'SCHEMA-{seq:4}',
    description: 'Document schemas: the stored definitions of document types.',
    category: 'Administration',
    hasEvents: false,
    hasWorkflow: false,
    requiredRoles: ['administrator'],
    requiredRolesForCreate: ['administrator'],
    requiredRolesForEdit: ['administrator'],
    indexed: ['type'],
    form: {
      title: 'Document Schema',
      summaryProperties: ['type'],
      descripProperties: ['description'],
      schema: {
        type: 'object',
        properties,
        required: ['type'],
        errorMessage: { required: { type: 'Please enter the schema type' } },
      },
    },
    filter: {
      schema: { type: 'object', properties: { type: { type: 'string', title: 'Type' }, category: { type: 'string', title: 'Category' } } },
    },
    view: {
      title: 'Document Schemas',
      modes: ['table'],
      defaultOrder: 'type asc',
      table: {
        schema: [
          { id: 'type', label: 'Type', sort: true },
          { id: 'description', label: 'Description' },
          { id: 'category', label: 'Category', sort: true },
          { id: 'updated_date', type: 'timestamp', label: 'Updated', sort: true },
        ],
      },
    },
    export: {
      schema: [
        { id: 'type', label: 'Type' },
        { id: 'description', label: 'Description' },
        { id: 'category', label: 'Category' },
      ],
    },
  },
  schemaTypeI18n,
);
