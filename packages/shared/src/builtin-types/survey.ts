/**
 * Checklist, type `survey` (docs/product/documents-and-schemas.md#checklists): the template of an
 * inspection — sections (categories) of items with their questions and guidance. The items keep
 * the rating and notes properties of older stored checklists, but the template's form rates
 * nothing: items are rated 1 Poor, 3 Sufficient or 5 Good in the inspections started from it
 * (docs/product/documents-and-schemas.md#inspections). Administrators manage checklists; members read.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import { bool, column, control, filterProperties, group, idColumn, labelled, row, text, updatedColumn, vertical } from './common.ts';

export const SURVEY_RATINGS = labelled([
  [1, 'Poor'],
  [3, 'Sufficient'],
  [5, 'Good'],
]);

const rating: JsonSchema = { type: 'integer', title: 'Rating', oneOf: SURVEY_RATINGS };

/** One question of a section. */
const questionSchema: JsonSchema = {
  type: 'object',
  properties: {
    title: text('Question', { minLength: 1 }),
    type: {
      type: 'string',
      title: 'Answer type',
      oneOf: labelled([
        ['rating', 'Rating'],
        ['yesno', 'Yes / No'],
        ['text', 'Text'],
        ['number', 'Number'],
      ]),
      default: 'rating',
    },
  },
  required: ['title'],
};

/** One survey item: a sub-category with its questions, its rating and notes. */
export const surveyItemSchema: JsonSchema = {
  type: 'object',
  properties: {
    category: text('Category', { minLength: 1 }),
    title: text('Title'),
    titleLegacy: text('Legacy title'),
    items: { type: 'array', title: 'Questions', items: questionSchema },
    value: rating,
    valueAdd: text('Notes'),
    descrip: text('Guidance'),
    hidden: bool('Hidden'),
    children: {
      type: 'array',
      title: 'Sub-items',
      items: {
        type: 'object',
        properties: { title: text('Title', { minLength: 1 }), value: rating, valueAdd: text('Notes') },
        required: ['title'],
      },
    },
  },
  required: ['category'],
  errorMessage: { required: { category: 'Please enter the category of the item' } },
};

const properties: Record<string, JsonSchema> = {
  title: text('Title', { minLength: 1 }),
  type: text('Checklist type', { minLength: 1 }),
  category: text('Category', { minLength: 1 }),
  revision: { type: 'integer', title: 'Revision', minimum: 1, default: 1 },
  descrip: text('Description'),
  enabled: bool('Enabled', true),
  items: { type: 'array', title: 'Items', items: surveyItemSchema },
};

export const surveyType: DocumentSchema = {
  version: 3,
  type: 'survey',
  idMask: 'CHK-{seq:4}',
  description: 'Checklists (surveys): the templates of inspections, questions grouped by category.',
  category: 'Quality',
  hasEvents: true,
  hasWorkflow: false,
  requiredRolesForCreate: ['administrator'],
  requiredRolesForEdit: ['administrator'],
  childTypes: ['action'],
  indexed: ['type', 'category', 'enabled'],
  form: {
    title: 'Checklist',
    summaryProperties: ['title'],
    descripProperties: ['descrip'],
    schema: {
      type: 'object',
      properties,
      required: ['title', 'type', 'category'],
      errorMessage: {
        required: { title: 'Please enter a title', type: 'Please enter the checklist type', category: 'Please enter a category' },
      },
    },
    uiSchema: vertical(
      group(
        'Checklist',
        control('title'),
        row('type', 'category', 'revision', 'enabled'),
        control('descrip', { options: { multi: true } }),
      ),
      control('items', {
        options: {
          renderer: 'survey',
          // A template: the survey renderer shows the items without rating, notes or Add Action.
          isTemplate: true,
          elementLabelProp: 'category',
          detail: vertical(
            row('category', 'title', 'titleLegacy'),
            control('items', { options: { detail: row('title', 'type') } }),
            control('descrip', { options: { multi: true } }),
            control('hidden'),
            control('children', { options: { detail: row('title') } }),
          ),
        },
      }),
    ),
  },
  filter: { schema: { type: 'object', properties: filterProperties(properties, ['type', 'category', 'enabled']) } },
  view: {
    title: 'Checklists',
    modes: ['table', 'card', 'group'],
    groupBy: 'category',
    defaultOrder: 'title asc',
    table: {
      schema: [
        idColumn,
        column('title', 'Title', { sort: true }),
        column('type', 'Type', { sort: true }),
        column('category', 'Category', { sort: true }),
        column('revision', 'Revision', { numeric: true }),
        column('enabled', 'Enabled', { type: 'boolean' }),
        updatedColumn,
      ],
    },
  },
  export: {
    schema: [
      column('title', 'Title'),
      column('type', 'Type'),
      column('category', 'Category'),
      column('revision', 'Revision'),
      column('enabled', 'Enabled'),
    ],
  },
};
