/**
 * Travel request (Worksafe): a journey to approve before departure. Legacy step workflow
 * (docs/product/workflow-and-timeline.md#legacy-workflow): the approvers named on the request approve it (scope 9, Custom Document).
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
  identityList,
  idColumn,
  row,
  siteColumn,
  statusColumn,
  statusFilter,
  summaryColumn,
  text,
  vertical,
} from './common.ts';

const properties: Record<string, JsonSchema> = {
  summary: text('Title', { minLength: 1, maxLength: 200 }),
  destination: text('Destination', { minLength: 1 }),
  purpose: text('Purpose', { minLength: 1 }),
  // The server also checks return_date >= depart_date (JSON Schema cannot compare two fields).
  depart_date: date('Departure date'),
  return_date: date('Return date'),
  traveller_ids: identityList('Travellers'),
  approver_ids: identityList('Approvers', 1),
  site_id: docRef('Site', 'site'),
  estimated_cost: { type: 'number', title: 'Estimated cost', minimum: 0, 'x-currency': 'currency_id' },
  currency_id: docRef('Currency', 'currency'),
  descrip: text('Notes'),
};

export const travelRequestType: DocumentSchema = {
  version: 3,
  type: 'worksafe_travel_request',
  idMask: 'TR-{seq:5}',
  description: 'Travel requests: journeys approved before departure.',
  category: 'Health and Safety',
  hasEvents: true,
  hasWorkflow: true,
  indexed: ['destination', 'depart_date', 'return_date', 'approver_ids'],
  form: {
    title: 'Travel Request',
    summaryProperties: ['summary'],
    descripProperties: ['descrip'],
    dateField: 'depart_date',
    schema: {
      type: 'object',
      properties,
      required: ['summary', 'destination', 'purpose', 'depart_date', 'return_date', 'approver_ids'],
      errorMessage: {
        required: {
          destination: 'Please enter the destination',
          purpose: 'Please enter the purpose of the journey',
          depart_date: 'Please enter the departure date',
          return_date: 'Please enter the return date',
          approver_ids: 'Please select at least one approver',
        },
      },
    },
    defaults: { traveller_ids: ['user'] },
    uiSchema: vertical(
      control('summary'),
      row('destination', 'site_id'),
      control('purpose', { options: { multi: true } }),
      row('depart_date', 'return_date'),
      row('traveller_ids', 'approver_ids'),
      row('estimated_cost', 'currency_id'),
      control('descrip', { options: { multi: true } }),
    ),
  },
  filter: {
    schema: {
      type: 'object',
      properties: {
        ...filterProperties(properties, ['destination', 'depart_date', 'return_date', 'traveller_ids', 'approver_ids', 'site_id']),
        status: statusFilter(),
      },
    },
    defaultFilter: CREATED_SINCE_2023,
  },
  view: {
    title: 'Travel Requests',
    modes: ['table', 'card'],
    defaultOrder: 'depart_date desc',
    table: {
      schema: [
        idColumn,
        summaryColumn,
        column('destination', 'Destination', { sort: true }),
        column('depart_date', 'Departure', { type: 'date', sort: true }),
        column('return_date', 'Return', { type: 'date', sort: true }),
        column('traveller_ids', 'Travellers', { type: 'avatar' }),
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
      column('destination', 'Destination'),
      column('purpose', 'Purpose'),
      column('depart_date', 'Departure', { type: 'date' }),
      column('return_date', 'Return', { type: 'date' }),
      column('traveller_ids', 'Travellers'),
      column('approver_ids', 'Approvers'),
      column('estimated_cost', 'Estimated cost', { numeric: true }),
      column('status', 'Status'),
    ],
  },
  legacyWorkflow: {
    enabled: true,
    status_final: 'Closed',
    steps: [{ scope: 9, property: 'approver_ids', condition: 'true', descrip: 'The approvers approve the journey' }],
  },
};
