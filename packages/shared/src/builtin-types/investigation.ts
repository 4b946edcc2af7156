/**
 * Investigation (docs/product/documents-and-schemas.md#investigation): a text or SCAT investigation of an event, with SafeStart states
 * and errors; actions are its children. Needs the Worksafe and Worksmart plugin modules.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
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
  summaryColumn,
} from './common.ts';
import { investigationProperties, investigationSchema } from './investigation.schema.ts';

export const investigationType: DocumentSchema = {
  version: 3,
  type: 'investigation',
  idMask: 'INV-{yyyy}-{seq:4}',
  description: 'Investigations of incidents and events: free text or SCAT, with SafeStart analysis.',
  category: 'General',
  module: 'General',
  // Plugin modules the organisation must have enabled (docs/product/documents-and-schemas.md#investigation).
  dependencies: ['worksafe', 'worksmart'],
  hasEvents: true,
  hasWorkflow: true,
  childTypes: ['action'],
  indexed: ['zone_id', 'module_id', 'format', 'leader_id', 'start_date'],
  form: {
    title: 'Investigation',
    summaryProperties: ['summary'],
    dateField: 'start_date',
    schema: investigationSchema,
    defaults: { start_date: 'date-time', leader_id: 'user' },
    uiSchema: {
      type: 'Categorization',
      elements: [
        {
          type: 'Category',
          label: 'Investigation',
          elements: [control('summary'), row('site_id', 'zone_id', 'module_id'), row('format', 'start_date'), row('leader_id', 'team_ids')],
        },
        {
          type: 'Category',
          label: 'Conclusions',
          rule: showWhen('format', { const: 'TEXT' }),
          elements: [control('descrip', { options: { multi: true } })],
        },
        {
          type: 'Category',
          label: 'SCAT',
          rule: showWhen('format', { enum: ['SCAT_S', 'SCAT_F'] }),
          elements: [
            row(control('scat/properties/loss_potential'), control('scat/properties/probability')),
            control('scat/properties/contact_type_ids'),
            {
              ...group(
                'Causes and control',
                control('scat/properties/immediate_cause_ids'),
                control('scat/properties/basic_cause_ids'),
                control('scat/properties/control_items'),
              ),
              rule: showWhen('format', { const: 'SCAT_F' }),
            },
          ],
        },
        {
          type: 'Category',
          label: 'SafeStart',
          elements: [control('safestart/properties/states'), control('safestart/properties/errors')],
        },
      ],
    },
  },
  filter: {
    schema: {
      type: 'object',
      properties: {
        ...filterProperties(investigationProperties, ['site_id', 'zone_id', 'module_id', 'format', 'leader_id', 'start_date']),
        status: statusFilter(),
      },
    },
    defaultFilter: CREATED_SINCE_2023,
  },
  view: {
    title: 'Investigations',
    modes: ['table', 'card'],
    table: {
      schema: [
        idColumn,
        summaryColumn,
        siteColumn,
        column('format', 'Format', { type: 'enum', sort: true }),
        column('leader_id', 'Leader', { type: 'avatar' }),
        column('start_date', 'Start', { type: 'timestamp', sort: true }),
        statusColumn,
        createdColumn,
      ],
    },
  },
  export: {
    schema: [
      column('display_id', 'ID'),
      column('summary', 'Title'),
      column('site_id', 'Site'),
      column('zone_id', 'Zone'),
      column('format', 'Format'),
      column('leader_id', 'Leader'),
      column('team_ids', 'Team'),
      column('start_date', 'Start', { type: 'timestamp' }),
      column('descrip', 'Conclusions'),
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
        days: 14,
        status: 'Pending Completion',
        required: ['format', 'leader_id', 'start_date'],
        steps: [{ title: 'Leader completes the investigation', property: 'leader_id', roles: ['editor'], scope: 3 }],
      },
      {
        type: 'approve',
        enabled: true,
        sequential: true,
        status: 'Pending Approval',
        steps: [{ title: 'Site manager approval', roles: ['manager'], scope: 3 }],
      },
    ],
  },
};
