/** The outbox (`/v3/{appId}/$$outbox`): mail kept while no SMTP server is configured; a row opens the message. */
import { createElement } from 'react';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import type { DocumentSchema, JsonSchema } from '@docket/shared';
import { adminRecordApi } from '../../../api/record-api.ts';
import type { AdminSection } from '../admin-section.ts';
import { adminI18n } from './admin-i18n.ts';

const properties: Record<string, JsonSchema> = {
  mail_to: { type: 'string', title: 'To' },
  subject: { type: 'string', title: 'Subject' },
  status: {
    type: 'string',
    title: 'Status',
    oneOf: [
      { const: 'outbox', title: 'Outbox' },
      { const: 'sent', title: 'Sent' },
      { const: 'failed', title: 'Failed' },
    ],
  },
  created_date: { type: 'string', title: 'Created', format: 'date-time' },
  mail_sent: { type: 'string', title: 'Sent', format: 'date-time' },
  content: { type: 'string', title: 'Message' },
};

export const outboxType: DocumentSchema = {
  version: 3,
  i18n: adminI18n,
  type: '$$outbox',
  requiredRoles: ['administrator'],
  form: { title: 'Message', schema: { type: 'object', properties } },
  filter: {
    schema: { type: 'object', properties: { mail_to: properties.mail_to!, subject: properties.subject!, status: properties.status! } },
  },
  view: {
    title: 'Outbox',
    modes: ['table'],
    defaultOrder: 'created_date desc',
    uiSchemas: {
      card: {
        type: 'VerticalLayout',
        elements: [
          {
            type: 'HorizontalLayout',
            elements: [
              { type: 'Control', scope: '#/properties/mail_to' },
              { type: 'Control', scope: '#/properties/status' },
            ],
          },
          { type: 'Control', scope: '#/properties/subject' },
          { type: 'Control', scope: '#/properties/content', options: { multi: true } },
        ],
      },
    },
    table: {
      schema: [
        { id: 'created_date', label: 'Created', type: 'timestamp', format: 'YYYY/MM/DD HH:mm', sort: true },
        { id: 'mail_to', label: 'To', sort: true },
        { id: 'subject', label: 'Subject', sort: true },
        { id: 'status', label: 'Status', type: 'enum', sort: true },
      ],
    },
  },
};

export const section: AdminSection = {
  id: 'outbox',
  titleKey: 'admin.outbox',
  hintKey: 'admin.outboxHint',
  icon: createElement(OutboxIcon),
  order: 40,
  type: outboxType,
  api: (appId) => adminRecordApi(appId, '$$outbox'),
  hasForm: false,
};
