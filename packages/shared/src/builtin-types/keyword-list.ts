/**
 * Keyword list (docs/product/documents-and-schemas.md#keyword-lists): a named list of options (categories, causes…) that select fields
 * refer to through `x-lookup: { keyword: key }`. Our type name is `keyword_list`; the spec's
 * lookup call addresses it as `$$keywords` (`GET /api/$$keywords`), which the server maps here.
 * Members read keyword lists; administrators manage them.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import { bool, column, control, filterProperties, idColumn, row, text, updatedColumn, vertical } from './common.ts';

const optionProperties: Record<string, JsonSchema> = {
  id: { type: 'integer', title: 'Id', minimum: 1 },
  label: text('Label', { minLength: 1 }),
  value: text('Legacy value'),
  descrip: text('Description'),
};

/** An option; children are options too (one level), dependencies narrow where it is offered. */
export const keywordOptionSchema: JsonSchema = {
  type: 'object',
  properties: {
    ...optionProperties,
    children: {
      type: 'array',
      title: 'Children',
      items: { type: 'object', properties: optionProperties, required: ['id', 'label'] },
    },
    dependencies: {
      type: 'array',
      title: 'Dependencies',
      items: {
        type: 'object',
        properties: { property: text('Property', { minLength: 1 }), value: text('Value') },
        required: ['property'],
      },
    },
  },
  required: ['id', 'label'],
  errorMessage: { required: { label: 'Please enter a label' } },
};

const properties: Record<string, JsonSchema> = {
  title: text('Title', { minLength: 1 }),
  key: text('Key', { minLength: 1, pattern: '^[a-z][a-z0-9_]*$' }),
  enabled: bool('Enabled', true),
  options: { type: 'array', title: 'Options', items: keywordOptionSchema },
};

export const keywordListType: DocumentSchema = {
  version: 3,
  type: 'keyword_list',
  idMask: 'KWL-{seq:3}',
  description: 'Keyword lists: the options of category and cause fields, keyed by name.',
  category: 'Administration',
  hasEvents: false,
  hasWorkflow: false,
  requiredRolesForCreate: ['administrator'],
  requiredRolesForEdit: ['administrator'],
  indexed: ['key', 'enabled'],
  form: {
    title: 'Keyword List',
    summaryProperties: ['title'],
    schema: {
      type: 'object',
      properties,
      required: ['title', 'key'],
      errorMessage: { required: { title: 'Please enter a title', key: 'Please enter a key' } },
    },
    uiSchema: vertical(
      row('title', 'key', 'enabled'),
      control('options', {
        options: {
          elementLabelProp: 'label',
          detail: vertical(
            row('id', 'label', 'value'),
            control('descrip'),
            control('children', { options: { detail: row('id', 'label', 'value', 'descrip') } }),
            control('dependencies', { options: { detail: row('property', 'value') } }),
          ),
        },
      }),
    ),
  },
  filter: { schema: { type: 'object', properties: filterProperties(properties, ['title', 'key', 'enabled']) } },
  view: {
    title: 'Keyword Lists',
    modes: ['table'],
    defaultOrder: 'title asc',
    table: {
      schema: [
        idColumn,
        column('title', 'Title', { sort: true }),
        column('key', 'Key', { sort: true }),
        column('enabled', 'Enabled', { type: 'boolean' }),
        updatedColumn,
      ],
    },
  },
  export: { schema: [column('title', 'Title'), column('key', 'Key'), column('enabled', 'Enabled')] },
};
