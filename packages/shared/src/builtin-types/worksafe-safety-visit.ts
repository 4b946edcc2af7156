/**
 * Safety visit (docs/product/documents-and-schemas.md#safety-visit): a walk-round by visitors who record observations; unsafe acts and
 * conditions raise actions (child type `action`). Workflow: the visitors complete it, then their
 * line managers approve.
 */
import type { DocumentSchema, UiSchemaElement } from '../schema/document-schema.ts';
import {
  column,
  control,
  CREATED_SINCE_2023,
  createdColumn,
  filterProperties,
  group,
  idColumn,
  row,
  showWhen,
  siteColumn,
  statusColumn,
  statusFilter,
  vertical,
} from './common.ts';
import { NEGATIVE_OBSERVATION_TYPES, safetyVisitProperties, safetyVisitSchema } from './worksafe-safety-visit.schema.ts';

/** Scopes inside the detail layout are relative to one observation. */
const observationDetail: UiSchemaElement = vertical(
  row('type', 'category_id'),
  control('descrip', { options: { multi: true } }),
  control('response', { options: { multi: true } }),
  control('action_required', { rule: showWhen('type', { enum: ['E', 'P'] }) }),
  {
    ...group('Action', 'action_descrip', row('action_due_date', 'action_actionee_ids'), 'action_id'),
    // Shown for unsafe acts/conditions (A, C), or when the observer asks for an action.
    rule: {
      effect: 'SHOW',
      condition: {
        type: 'OR',
        conditions: [
          { scope: '#/properties/type', schema: { enum: [...NEGATIVE_OBSERVATION_TYPES] } },
          { scope: '#/properties/action_required', schema: { const: true } },
        ],
      },
    },
  },
);

export const safetyVisitType: DocumentSchema = {
  version: 3,
  type: 'worksafe_safety_visit',
  idMask: 'SV-{seq:5}',
  description: 'Safety visits: site walk-rounds recording efficiency, positive and unsafe observations.',
  category: 'Health and Safety',
  module: 'Health and Safety',
  hasEvents: true,
  hasWorkflow: true,
  childTypes: ['action'],
  indexed: ['zone_id', 'module_id', 'start_date'],
  form: {
    title: 'Safety Visit',
    summaryProperties: ['site_id', 'zone_id', 'start_date'],
    dateField: 'start_date',
    schema: safetyVisitSchema,
    // Default-value tokens (see index.ts): now, two hours after the start, the current user.
    defaults: { start_date: 'date-time', end_date: 'date-time@start_date+2h', visitor_ids: ['user'] },
    uiSchema: vertical(
      group(
        'Visit',
        row('site_id', 'zone_id', 'module_id'),
        row('start_date', 'end_date'),
        control('descrip', { options: { multi: true } }),
      ),
      group('People', row('visitor_ids', 'interviewee_ids'), row('participant_ids', 'approver_ids')),
      group('Observations', control('observations', { options: { detail: observationDetail, elementLabelProp: 'descrip' } })),
    ),
  },
  filter: {
    schema: {
      type: 'object',
      properties: {
        ...filterProperties(safetyVisitProperties, ['site_id', 'zone_id', 'module_id', 'visitor_ids', 'start_date']),
        status: statusFilter(),
      },
    },
    defaultFilter: CREATED_SINCE_2023,
  },
  view: {
    title: 'Safety Visits',
    modes: ['table', 'card'],
    table: {
      schema: [
        idColumn,
        siteColumn,
        column('zone_id', 'Zone', { type: 'enum', sort: true }),
        column('start_date', 'Start', { type: 'timestamp', sort: true }),
        column('visitor_ids', 'Visitors', { type: 'avatar' }),
        statusColumn,
        createdColumn,
      ],
    },
    defaultOrder: 'start_date desc',
  },
  export: {
    schema: [
      column('display_id', 'ID'),
      column('site_id', 'Site'),
      column('zone_id', 'Zone'),
      column('module_id', 'Module'),
      column('start_date', 'Start', { type: 'timestamp' }),
      column('end_date', 'End', { type: 'timestamp' }),
      column('visitor_ids', 'Visitors'),
      column('descrip', 'Description'),
      column('status', 'Status'),
    ],
  },
  workflow: {
    enabled: true,
    status_final: 'Closed',
    blocks: [
      {
        type: 'submit',
        enabled: true,
        sequential: true,
        days: 7,
        status: 'Pending Completion',
        required: ['site_id', 'zone_id', 'module_id', 'visitor_ids'],
        steps: [{ title: 'Visitors complete the visit', property: 'visitor_ids', roles: ['editor'], scope: 3 }],
      },
      {
        type: 'approve',
        enabled: true,
        sequential: true,
        status: 'Pending Approval',
        steps: [{ title: 'Line manager approval', property: 'approver_ids', roles: ['manager'], scope: 3 }],
      },
    ],
  },
};
