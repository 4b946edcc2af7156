/**
 * Notification (docs/product/mail.md#notifications): an e-mail rule fired by a document event (create, closed, submit,
 * approve, approval requested) or on a schedule, sent to the recipients of the first matching step. Administrators only.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import {
  bool,
  column,
  control,
  docRef,
  filterProperties,
  group,
  idColumn,
  labelled,
  row,
  showWhen,
  text,
  updatedColumn,
  vertical,
} from './common.ts';

export const NOTIFICATION_EVENTS = labelled([
  ['create', 'Create'],
  ['closed', 'Closed'],
  ['submit', 'Submit'],
  ['approve', 'Approve'],
  ['approval_requested', 'Approval requested'],
  ['scheduled', 'Scheduled'],
]);

export const NOTIFICATION_DOC_TYPES = ['any', 'request', 'incident', 'action', 'worksafe_travel_request'] as const;

/** Recipients: identity uuids or e-mail addresses; a list, when given, names at least one. */
function recipients(title: string): JsonSchema {
  return { type: 'array', title, minItems: 1, uniqueItems: true, items: { type: 'string', minLength: 1 }, 'x-lookup': { identity: true } };
}

const recipientStep: JsonSchema = {
  type: 'object',
  properties: {
    condition: text('Condition', { default: 'true' }),
    include_managers: bool('Include managers'),
    include_editors: bool('Include editors'),
    include_subscribers: bool('Include subscribers'),
    // The members who may approve the document now (docs/product/workflow-and-timeline.md#separation-of-duties).
    include_approvers: bool('Include approvers'),
    to: recipients('To'),
    cc: recipients('Cc'),
    bcc: recipients('Bcc'),
  },
};

const properties: Record<string, JsonSchema> = {
  title: text('Title', { minLength: 1 }),
  descrip: text('Description'),
  enabled: bool('Enabled', true),
  external: bool('External', false),
  doc_event_type: { type: 'string', title: 'Event', oneOf: NOTIFICATION_EVENTS },
  scheduling: {
    type: 'object',
    title: 'Scheduling',
    properties: {
      freq: {
        type: 'string',
        title: 'Frequency',
        oneOf: labelled([
          ['hourly', 'Hourly'],
          ['daily', 'Daily'],
          ['weekly', 'Weekly'],
          ['monthly', 'Monthly'],
        ]),
      },
      when: text('When'),
    },
  },
  // The spec's `doc_type` (the type of the documents the rule watches); renamed because `doc_type`
  // is the notification's own, server-controlled document type (stored rows may still carry the
  // old key: notification-rules.ts reads it when `target_type` is absent).
  target_type: { type: 'string', title: 'Document type', enum: [...NOTIFICATION_DOC_TYPES], default: 'any' },
  module_id: docRef('Module', 'module'),
  // The spec's `status` (the document status that triggers the rule); renamed because `status`
  // is the notification's own, server-controlled document status.
  doc_status: text('Document status'),
  condition: text('Condition'),
  message: text('Message'),
  recipient_config: {
    type: 'object',
    title: 'Recipients',
    properties: { steps: { type: 'array', title: 'Steps', minItems: 1, items: recipientStep } },
  },
};

export const notificationType: DocumentSchema = {
  version: 3,
  type: 'notification',
  idMask: 'NTF-{seq:3}',
  description: 'Notifications: e-mails sent on document events or on a schedule.',
  category: 'Administration',
  hasEvents: true,
  hasWorkflow: false,
  requiredRoles: ['administrator'],
  requiredRolesForCreate: ['administrator'],
  indexed: ['doc_event_type', 'target_type', 'enabled'],
  form: {
    title: 'Notification',
    summaryProperties: ['title'],
    descripProperties: ['descrip'],
    schema: {
      type: 'object',
      properties,
      required: ['title', 'doc_event_type'],
      errorMessage: { required: { title: 'Please enter a title', doc_event_type: 'Please select an event' } },
      allOf: [
        {
          // A scheduled notification says how often it runs.
          if: { properties: { doc_event_type: { const: 'scheduled' } }, required: ['doc_event_type'] },
          then: { required: ['scheduling'], properties: { scheduling: { required: ['freq'] } } },
        },
      ],
    },
    uiSchema: vertical(
      group('Notification', control('title'), control('descrip', { options: { multi: true } }), row('enabled', 'external')),
      group(
        'Trigger',
        row('doc_event_type', 'target_type', 'module_id'),
        {
          ...row(control('scheduling/properties/freq'), control('scheduling/properties/when')),
          rule: showWhen('doc_event_type', { const: 'scheduled' }),
        },
        row('doc_status', 'condition'),
      ),
      group(
        'Message',
        control('message', { options: { multi: true } }),
        control('recipient_config/properties/steps', {
          options: {
            detail: vertical(
              control('condition'),
              row('include_managers', 'include_editors', 'include_subscribers', 'include_approvers'),
              row('to', 'cc', 'bcc'),
            ),
          },
        }),
      ),
    ),
  },
  filter: { schema: { type: 'object', properties: filterProperties(properties, ['doc_event_type', 'target_type', 'enabled']) } },
  view: {
    title: 'Notifications',
    modes: ['table'],
    defaultOrder: 'title asc',
    table: {
      schema: [
        idColumn,
        column('title', 'Title', { sort: true }),
        column('doc_event_type', 'Event', { type: 'enum', sort: true }),
        column('target_type', 'Document type', { type: 'enum', sort: true }),
        column('enabled', 'Enabled', { type: 'boolean' }),
        updatedColumn,
      ],
    },
  },
  export: {
    schema: [
      column('title', 'Title'),
      column('doc_event_type', 'Event'),
      column('target_type', 'Document type'),
      column('enabled', 'Enabled'),
    ],
  },
};
