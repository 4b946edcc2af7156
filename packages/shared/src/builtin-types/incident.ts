/**
 * Incident: an injury, near miss, damage, environmental or security event. Two-block workflow:
 * site editors complete it within 7 days, then a site manager approves; closed incidents can be
 * reviewed. Investigations are separate documents; actions are children.
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
  priorityColumn,
  row,
  showWhen,
  siteColumn,
  statusColumn,
  statusFilter,
  summaryColumn,
  vertical,
} from './common.ts';
import { incidentI18n } from './incident.i18n.ts';
import { incidentProperties, incidentReviewSchema, incidentSchema } from './incident.schema.ts';

export const incidentType: DocumentSchema = {
  version: 3,
  type: 'incident',
  idMask: 'INC-{seq:5}',
  description: 'Incidents: injuries, near misses, property damage, environmental and security events.',
  category: 'Health and Safety',
  hasEvents: true,
  hasWorkflow: true,
  childTypes: ['action'],
  indexed: ['category', 'severity', 'priority', 'incident_date', 'zone_id', 'lost_time', 'recordable'],
  i18n: { locales: ['fr', 'es'], data: incidentI18n },
  form: {
    title: 'Incident',
    summaryProperties: ['summary'],
    descripProperties: ['descrip'],
    dateField: 'incident_date',
    schema: incidentSchema,
    defaults: { incident_date: 'date-time', reporter_id: 'user' },
    uiSchema: vertical(
      group(
        'Details',
        control('summary'),
        control('descrip', { options: { multi: true } }),
        row('incident_date', 'category'),
        row('severity', 'priority'),
        row('region_id', 'site_id', 'zone_id'),
        control('location'),
        control('immediate_actions', { options: { multi: true } }),
      ),
      group('People', row('reporter_id', 'people_involved_ids'), row('actionee_ids', 'reviewer_ids')),
      group('Lost time', row('lost_time', control('lost_days', { rule: showWhen('lost_time', { const: true }) }), 'recordable')),
    ),
  },
  filter: {
    schema: {
      type: 'object',
      properties: {
        ...filterProperties(incidentProperties, [
          'category',
          'severity',
          'priority',
          'region_id',
          'site_id',
          'incident_date',
          'actionee_ids',
          'lost_time',
          'recordable',
        ]),
        status: statusFilter(),
      },
    },
    defaultFilter: CREATED_SINCE_2023,
  },
  view: {
    title: 'Incidents',
    modes: ['table', 'card', 'group'],
    groupBy: 'category',
    defaultOrder: 'incident_date desc',
    table: {
      schema: [
        idColumn,
        summaryColumn,
        column('category', 'Category', { type: 'enum', sort: true }),
        column('severity', 'Severity', { type: 'enum', sort: true }),
        priorityColumn,
        column('incident_date', 'Date', { type: 'timestamp', sort: true }),
        siteColumn,
        column('actionee_ids', 'Actionees', { type: 'avatar' }),
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
      column('incident_date', 'Date', { type: 'timestamp' }),
      column('category', 'Category'),
      column('severity', 'Severity'),
      column('priority', 'Priority'),
      column('region_id', 'Region'),
      column('site_id', 'Site'),
      column('lost_time', 'Lost time'),
      column('lost_days', 'Lost days', { numeric: true }),
      column('recordable', 'Recordable'),
      column('status', 'Status'),
      column('created_date', 'Created', { type: 'timestamp' }),
    ],
  },
  review: {
    schema: incidentReviewSchema,
    uiSchema: vertical(row('review_date', 'rating'), control('notes', { options: { multi: true } })),
    condition: "status = 'Closed' AND (reviewer = true OR admin = true)",
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
        required: ['summary', 'descrip', 'incident_date', 'category', 'site_id'],
        steps: [{ title: 'Complete the incident report', roles: ['editor'], scope: 3 }],
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
