/**
 * Inspection, type `inspection` (docs/product/documents-and-schemas.md#inspections): a checklist
 * template (`survey`) answered at a site. The inspection keeps the template revision it was
 * started from (`template` and the items' words); each item is rated Poor / Sufficient / Good or
 * marked N/A, with notes and photos, and a Poor item can raise a child action (tracked actions,
 * docs/product/workflow-and-timeline.md#tracked-actions). The score is stored on every save.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import {
  bool,
  column,
  control,
  CREATED_SINCE_2023,
  createdColumn,
  date,
  dateTime,
  docRef,
  filterProperties,
  group,
  idColumn,
  identityList,
  row,
  siteColumn,
  text,
  vertical,
} from './common.ts';
import { SURVEY_RATINGS } from './survey.ts';

const itemSchema: JsonSchema = {
  type: 'object',
  properties: {
    key: { type: 'string', minLength: 1 },
    category: text('Category'),
    title: text('Item'),
    questions: { type: 'array', items: { type: 'string' } },
    guidance: text('Guidance'),
    value: { type: 'integer', title: 'Rating', oneOf: SURVEY_RATINGS },
    na: bool('Not applicable'),
    notes: text('Notes'),
    photos: { type: 'array', title: 'Photos', items: { type: 'string', minLength: 1 }, uniqueItems: true },
    action_descrip: text('Action to take', { minLength: 1 }),
    action_due_date: date('Action due date'),
    action_actionee_ids: identityList('Action owners'),
    action_id: docRef('Action', 'action'),
  },
  required: ['key'],
};

const templateSchema: JsonSchema = {
  type: 'object',
  title: 'Checklist',
  properties: {
    id: { type: 'integer' },
    display_id: { type: 'string' },
    title: { type: 'string' },
    type: { type: 'string' },
    category: { type: 'string' },
    revision: { type: 'integer' },
  },
};

const scoreSchema: JsonSchema = {
  type: 'object',
  title: 'Score',
  properties: {
    achieved: { type: 'integer' },
    maximum: { type: 'integer' },
    answered: { type: 'integer' },
    applicable: { type: 'integer' },
    percent: { type: ['integer', 'null'] },
  },
};

const properties: Record<string, JsonSchema> = {
  title: text('Title'),
  template_id: docRef('Checklist', 'survey'),
  template: templateSchema,
  site_id: docRef('Site', 'site'),
  zone_id: docRef('Zone', 'zone', { site_id: 'site_id' }),
  inspected_date: dateTime('Inspection date'),
  inspector_ids: identityList('Inspectors', 1),
  descrip: text('Notes'),
  items: { type: 'array', title: 'Items', items: itemSchema },
  score: scoreSchema,
  score_percent: { type: ['integer', 'null'], title: 'Score (%)' },
};

export const inspectionType: DocumentSchema = {
  version: 3,
  type: 'inspection',
  idMask: 'INS-{seq:5}',
  description: 'Inspections: a checklist answered at a site, scored as it is answered; poor items raise actions.',
  category: 'Quality',
  hasEvents: true,
  hasWorkflow: false,
  childTypes: ['action'],
  indexed: ['template_id', 'inspected_date', 'score_percent'],
  form: {
    title: 'Inspection',
    summaryProperties: ['title', 'site_id', 'inspected_date'],
    descripProperties: ['descrip'],
    dateField: 'inspected_date',
    schema: {
      type: 'object',
      properties,
      required: ['template_id', 'site_id', 'inspector_ids'],
      errorMessage: {
        required: {
          template_id: 'Please choose a checklist',
          site_id: 'Please select a site',
          inspector_ids: 'Please add at least one inspector',
        },
      },
    },
    defaults: { inspected_date: 'date-time', inspector_ids: ['user'] },
    uiSchema: vertical(
      group(
        'Inspection',
        row('site_id', 'zone_id'),
        row('inspected_date', 'inspector_ids'),
        control('descrip', { options: { multi: true } }),
      ),
      control('items', { options: { renderer: 'inspection' } }),
    ),
  },
  filter: {
    schema: {
      type: 'object',
      properties: filterProperties(properties, ['template_id', 'site_id', 'inspector_ids', 'inspected_date']),
    },
    defaultFilter: CREATED_SINCE_2023,
  },
  view: {
    title: 'Inspections',
    modes: ['table', 'card'],
    defaultOrder: 'inspected_date desc',
    table: {
      schema: [
        idColumn,
        column('title', 'Checklist', { sort: true }),
        siteColumn,
        column('inspected_date', 'Inspection date', { type: 'timestamp', sort: true }),
        column('score_percent', 'Score (%)', { numeric: true, sort: true }),
        column('inspector_ids', 'Inspectors', { type: 'avatar' }),
        createdColumn,
      ],
    },
  },
  export: {
    schema: [
      column('display_id', 'ID'),
      column('title', 'Checklist'),
      column('site_id', 'Site'),
      column('inspected_date', 'Inspection date', { type: 'timestamp' }),
      column('score_percent', 'Score (%)'),
      column('inspector_ids', 'Inspectors'),
    ],
  },
};
