/**
 * Identities (`/v3/{appId}/users`, docs/product/identities-and-sign-in.md#identities, docs/product/administration.md#identities): dates as YYYY/MM/DD HH:mm, the
 * default filter "federated yes", ordered by display name; a password of at least 10 characters.
 */
import { createElement } from 'react';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import { PASSWORD_MIN_LENGTH, type DocumentSchema, type JsonSchema } from '@docket/shared';
import { adminRecordApi } from '../../../api/record-api.ts';
import type { AdminSection } from '../admin-section.ts';
import { adminI18n } from './admin-i18n.ts';

export const IDENTITY_DATE_FORMAT = 'YYYY/MM/DD HH:mm';

const properties: Record<string, JsonSchema> = {
  display_name: { type: 'string', title: 'Display name', minLength: 1, maxLength: 200 },
  email: {
    type: 'string',
    title: 'Email',
    format: 'email',
    minLength: 3,
    maxLength: 320,
    description:
      'If this address already has a Docket account (here or in another organisation), the person is sent an invitation and joins when they accept it.',
  },
  job_title: { type: 'string', title: 'Job title', maxLength: 200 },
  password: {
    type: 'string',
    title: 'New password',
    format: 'password',
    minLength: PASSWORD_MIN_LENGTH,
    description: 'At least 10 characters. Changing it signs the user out elsewhere.',
  },
  manager: { type: 'string', title: 'Manager', 'x-lookup': { identity: true } },
  mfa: { type: 'boolean', title: 'One-time code at sign-in (MFA)', default: true },
  user: { type: 'boolean', title: 'Login enabled', default: true },
  active: { type: 'boolean', title: 'Active', default: true },
  federated_id: { type: 'string', title: 'Federated id' },
  federated: { type: 'boolean', title: 'Federated' },
  created_date: { type: 'string', title: 'Created', format: 'date-time' },
  last_login: { type: 'string', title: 'Last login', format: 'date-time' },
};

export const usersType: DocumentSchema = {
  version: 3,
  i18n: adminI18n,
  type: 'users',
  requiredRoles: ['administrator'],
  form: {
    title: 'Identity',
    schema: { type: 'object', properties, required: ['display_name', 'email'] },
    uiSchema: {
      type: 'VerticalLayout',
      elements: [
        {
          type: 'HorizontalLayout',
          elements: [
            { type: 'Control', scope: '#/properties/display_name' },
            { type: 'Control', scope: '#/properties/email' },
          ],
        },
        {
          type: 'HorizontalLayout',
          elements: [
            { type: 'Control', scope: '#/properties/job_title' },
            { type: 'Control', scope: '#/properties/manager' },
          ],
        },
        { type: 'Control', scope: '#/properties/password' },
        {
          type: 'HorizontalLayout',
          elements: [
            { type: 'Control', scope: '#/properties/user' },
            { type: 'Control', scope: '#/properties/active' },
            { type: 'Control', scope: '#/properties/mfa' },
          ],
        },
        { type: 'Control', scope: '#/properties/federated_id' },
      ],
    },
  },
  filter: {
    schema: {
      type: 'object',
      properties: {
        display_name: properties.display_name!,
        email: properties.email!,
        federated: properties.federated!,
        active: properties.active!,
      },
    },
    defaultFilter: 'federated = true',
  },
  view: {
    title: 'Identities',
    modes: ['table', 'card'],
    defaultOrder: 'display_name asc',
    table: {
      schema: [
        { id: 'display_name', label: 'Display name', sort: true },
        { id: 'email', label: 'Email', sort: true },
        { id: 'job_title', label: 'Job title', sort: true },
        { id: 'user', label: 'Login enabled', type: 'boolean', sort: true },
        { id: 'active', label: 'Active', type: 'boolean', sort: true },
        { id: 'mfa', label: 'MFA', type: 'boolean', sort: true },
        { id: 'last_login', label: 'Last login', type: 'timestamp', format: IDENTITY_DATE_FORMAT, sort: true },
        { id: 'created_date', label: 'Created', type: 'timestamp', format: IDENTITY_DATE_FORMAT, sort: true },
        { id: 'session_count', label: 'Sessions', numeric: true, sort: true },
      ],
    },
  },
};

export const section: AdminSection = {
  id: 'users',
  titleKey: 'admin.users',
  hintKey: 'admin.usersHint',
  icon: createElement(PeopleIcon),
  order: 10,
  type: usersType,
  api: (appId) => adminRecordApi(appId, 'users', { idField: 'uuid', supportsCreate: true }),
  hasForm: true,
  // Never send an empty password back: it would be refused as too short.
  fromForm: ({ password, ...rest }) => (typeof password === 'string' && password !== '' ? { ...rest, password } : rest),
};
