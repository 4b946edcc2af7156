/**
 * Action: a task with a due date and actionees, usually the child of an incident, visit,
 * investigation, request or checklist item (`parent_id`). Uses the legacy step workflow
 * (docs/product/workflow-and-timeline.md#legacy-workflow): the actionees complete it; a site manager verifies high-priority actions.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import {
  column,
  control,
  CREATED_SINCE_2023,
  createdColumn,
  date,
  docRef,
  filterProperties,
  group,
  identityList,
  idColumn,
  keywordRef,
  priority,
  priorityColumn,
  row,
  siteColumn,
  statusColumn,
  statusFilter,
  summaryColumn,
  text,
  vertical,
} from './common.ts';
import { actionI18n } from './action.i18n.ts';

const properties: Record<string, JsonSchema> = {
  summary: text('Title', { minLength: 1, maxLength: 200 }),
  descrip: text('Description'),
  due_date: date('Due date'),
  actionee_ids: identityList('Actionees', 1),
  priority: priority(),
  category_id: keywordRef('Category', 'action_category'),
  region_id: docRef('Region', 'region'),
  site_id: docRef('Site', 'site', { region_id: 'region_id' }),
  // The parent link; set when the action is added as a child (read-only in the form).
  parent_id: { type: 'integer', title: 'Parent document' },
  completed_date: date('Completed date'),
  completion_notes: text('Completion notes'),
};

export const actionType: DocumentSchema = {
  version: 3,
  type: 'action',
  idMask: 'ACT-{seq:5}',
  description: 'Actions: tasks with owners and due dates raised from incidents, visits, investigations and checklists.',
  category: 'General',
  hasEvents: true,
  hasWorkflow: true,
  indexed: ['due_date', 'priority', 'category_id', 'actionee_ids'],
  i18n: { locales: ['fr', 'es'], data: actionI18n },
  form: {
    title: 'Action',
    summaryProperties: ['summary'],
    descripProperties: ['descrip'],
    dateField: 'due_date',
    schema: {
      type: 'object',
      properties,
      required: ['summary', 'due_date', 'actionee_ids'],
      errorMessage: {
        required: {
          summary: 'Please enter a title',
          due_date: 'Please enter a due date',
          actionee_ids: 'Please select at least one actionee',
        },
      },
    },
    defaults: { due_date: 'date+14' },
    uiSchema: vertical(
      control('summary'),
      control('descrip', { options: { multi: true } }),
      row('due_date', 'priority', 'category_id'),
      row('actionee_ids'),
      row('region_id', 'site_id'),
      control('parent_id', { options: { readonly: true } }),
      group('Completion', row('completed_date'), control('completion_notes', { options: { multi: true } })),
    ),
  },
  filter: {
    schema: {
      type: 'object',
      properties: {
        ...filterProperties(properties, ['due_date', 'actionee_ids', 'priority', 'category_id', 'region_id', 'site_id', 'parent_id']),
        status: statusFilter(),
      },
    },
    defaultFilter: CREATED_SINCE_2023,
  },
  view: {
    title: 'Actions',
    modes: ['table', 'card', 'group'],
    groupBy: 'category_id',
    defaultOrder: 'due_date asc',
    table: {
      schema: [
        idColumn,
        summaryColumn,
        priorityColumn,
        column('due_date', 'Due', { type: 'timestamp', sort: true }),
        column('actionee_ids', 'Actionees', { type: 'avatar' }),
        siteColumn,
        statusColumn,
        createdColumn,
      ],
    },
  },
  export: {
    schema: [
      column('display_id', 'ID'),
      column('summary', 'Title'),
      column('descrip', 'Description'),
      column('due_date', 'Due date', { type: 'date' }),
      column('actionee_ids', 'Actionees'),
      column('priority', 'Priority'),
      column('site_id', 'Site'),
      column('parent_id', 'Parent document'),
      column('completed_date', 'Completed date', { type: 'date' }),
      column('status', 'Status'),
    ],
  },
  legacyWorkflow: {
    enabled: true,
    status_final: 'Closed',
    steps: [
      { scope: 9, property: 'actionee_ids', condition: 'true', descrip: 'The actionees complete the action' },
      { scope: 3, condition: 'priority >= 4', descrip: 'A site manager verifies high-priority actions' },
    ],
  },
};
