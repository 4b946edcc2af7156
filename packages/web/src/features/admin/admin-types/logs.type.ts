/** Logs (`/v3/{appId}/$$log`, docs/product/administration.md#logs): 1 info, 2 warning, 3 severe, newest first; a row opens its card. */
import { createElement } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { DocumentSchema, JsonSchema } from '@docket/shared';
import { adminRecordApi } from '../../../api/record-api.ts';
import type { AdminSection } from '../admin-section.ts';
import { adminI18n } from './admin-i18n.ts';

const properties: Record<string, JsonSchema> = {
  type: {
    type: 'integer',
    title: 'Type',
    oneOf: [
      { const: 1, title: 'Info' },
      { const: 2, title: 'Warning' },
      { const: 3, title: 'Severe' },
    ],
  },
  created_date: { type: 'string', title: 'Date', format: 'date-time' },
  subject: { type: 'string', title: 'Subject' },
  summary: { type: 'string', title: 'Summary' },
  descrip: { type: 'string', title: 'Details' },
};

export const logsType: DocumentSchema = {
  version: 3,
  i18n: adminI18n,
  type: '$$log',
  requiredRoles: ['administrator'],
  form: { title: 'Log', schema: { type: 'object', properties } },
  filter: {
    schema: {
      type: 'object',
      properties: { type: properties.type!, subject: properties.subject!, created_date: properties.created_date! },
    },
  },
  view: {
    title: 'Logs',
    modes: ['table'],
    defaultOrder: 'created_date desc',
    uiSchemas: {
      card: {
        type: 'VerticalLayout',
        elements: [
          {
            type: 'HorizontalLayout',
            elements: [
              { type: 'Control', scope: '#/properties/type' },
              { type: 'Control', scope: '#/properties/created_date' },
            ],
          },
          { type: 'Control', scope: '#/properties/subject' },
          { type: 'Control', scope: '#/properties/summary' },
          { type: 'Control', scope: '#/properties/descrip', options: { multi: true } },
        ],
      },
    },
    table: {
      schema: [
        { id: 'type', label: 'Type', type: 'enum', sort: true },
        { id: 'created_date', label: 'Date', type: 'timestamp', format: 'YYYY/MM/DD HH:mm', sort: true },
        { id: 'subject', label: 'Subject', sort: true },
        { id: 'summary', label: 'Summary' },
      ],
    },
  },
};

export const section: AdminSection = {
  id: 'logs',
  titleKey: 'admin.logs',
  hintKey: 'admin.logsHint',
  icon: createElement(ReceiptLongIcon),
  order: 30,
  type: logsType,
  api: (appId) => adminRecordApi(appId, '$$log'),
  hasForm: false,
};
