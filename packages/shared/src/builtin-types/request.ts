/**
 * Request: a report or suggestion raised by anyone (also created from imported mail, where
 * `reporter_category_id` is 24 and `anonymous` false — docs/product/mail.md#requests-from-mail). Legacy step workflow
 * (docs/product/workflow-and-timeline.md#legacy-workflow): a site manager triages, then the actionees resolve it.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import {
  bool,
  column,
  control,
  CREATED_SINCE_2023,
  createdColumn,
  dateTime,
  docRef,
  filterProperties,
  hideWhen,
  identityList,
  identityRef,
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

const properties: Record<string, JsonSchema> = {
  summary: text('Subject', { minLength: 1, maxLength: 200 }),
  descrip: text('Description'),
  reporter_id: identityRef('Reporter'),
  reporter_category_id: keywordRef('Reporter category', 'request_reporter_category'),
  anonymous: bool('Anonymous'),
  reported_date: dateTime('Reported date'),
  priority: priority(),
  region_id: docRef('Region', 'region'),
  site_id: docRef('Site', 'site', { region_id: 'region_id' }),
  actionee_ids: identityList('Actionees'),
};

export const requestType: DocumentSchema = {
  version: 3,
  type: 'request',
  idMask: 'REQ-{seq:5}',
  description: 'Requests: reports, concerns and suggestions, including those imported from mail.',
  category: 'General',
  hasEvents: true,
  hasWorkflow: true,
  childTypes: ['action'],
  indexed: ['reporter_id', 'reporter_category_id', 'reported_date', 'priority'],
  form: {
    title: 'Request',
    summaryProperties: ['summary'],
    descripProperties: ['descrip'],
    dateField: 'reported_date',
    schema: {
      type: 'object',
      properties,
      required: ['summary', 'reported_date'],
      errorMessage: { required: { summary: 'Please enter a subject', reported_date: 'Please enter the reported date' } },
    },
    defaults: { reported_date: 'date-time', reporter_id: 'user' },
    uiSchema: vertical(
      control('summary'),
      control('descrip', { options: { multi: true } }),
      row(control('reporter_id', { rule: hideWhen('anonymous', { const: true }) }), 'reporter_category_id', 'anonymous'),
      row('reported_date', 'priority'),
      row('region_id', 'site_id'),
      control('actionee_ids'),
    ),
  },
  filter: {
    schema: {
      type: 'object',
      properties: {
        ...filterProperties(properties, ['reporter_id', 'reporter_category_id', 'reported_date', 'priority', 'site_id', 'actionee_ids']),
        status: statusFilter(),
      },
    },
    defaultFilter: CREATED_SINCE_2023,
  },
  view: {
    title: 'Requests',
    modes: ['table', 'card'],
    defaultOrder: 'reported_date desc',
    table: {
      schema: [
        idColumn,
        summaryColumn,
        column('reporter_id', 'Reporter', { type: 'avatar', protected: true }),
        column('reported_date', 'Reported', { type: 'timestamp', sort: true }),
        priorityColumn,
        siteColumn,
        statusColumn,
        createdColumn,
      ],
    },
  },
  export: {
    schema: [
      column('display_id', 'ID'),
      column('summary', 'Subject'),
      column('descrip', 'Description'),
      column('reporter_id', 'Reporter', { protected: true }),
      column('reporter_category_id', 'Reporter category'),
      column('reported_date', 'Reported', { type: 'timestamp' }),
      column('site_id', 'Site'),
      column('status', 'Status'),
    ],
  },
  legacyWorkflow: {
    enabled: true,
    status_final: 'Closed',
    steps: [
      { scope: 3, condition: 'true', descrip: 'A site manager reviews the request' },
      { scope: 9, property: 'actionee_ids', condition: 'true', descrip: 'The actionees resolve the request' },
    ],
  },
};
