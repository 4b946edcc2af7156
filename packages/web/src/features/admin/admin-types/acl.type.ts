/**
 * Access control entries (`/v3/{appId}/acl`, docs/product/access.md#grants): group or identity, members, level,
 * create/delete, roles, granular document types, module and scope (group, region, site).
 */
import { createElement } from 'react';
import SecurityIcon from '@mui/icons-material/SecurityOutlined';
import { ACL_LEVEL_LABELS, ACL_SCOPE_LABELS, type DocumentSchema, type JsonSchema } from '@docket/shared';
import { adminRecordApi } from '../../../api/record-api.ts';
import type { AdminSection } from '../admin-section.ts';
import { adminI18n } from './admin-i18n.ts';

const labelled = (labels: Readonly<Record<number, string>>) =>
  Object.entries(labels).map(([value, title]) => ({ const: Number(value), title }));

const properties: Record<string, JsonSchema> = {
  group: { type: 'string', title: 'Group', maxLength: 200 },
  identity_id: { type: 'string', title: 'Identity', 'x-lookup': { identity: true } },
  members: { type: 'array', title: 'Members', uniqueItems: true, items: { type: 'string' }, 'x-lookup': { identity: true } },
  level: { type: 'integer', title: 'Level', oneOf: labelled(ACL_LEVEL_LABELS), default: 4 },
  create: { type: 'boolean', title: 'Create', default: true },
  delete: { type: 'boolean', title: 'Delete', default: false },
  roles: { type: 'array', title: 'Roles', items: { type: 'string', minLength: 1, maxLength: 64 } },
  granular: {
    type: 'object',
    title: 'Granular',
    properties: { doc_types: { type: 'array', title: 'Document types', items: { type: 'string' } } },
  },
  module: { type: 'string', title: 'Module', maxLength: 64 },
  scope: { type: 'integer', title: 'Scope', oneOf: labelled(ACL_SCOPE_LABELS), default: 1 },
  region_id: { type: 'integer', title: 'Region', 'x-lookup': { doc_type: 'region' } },
  site_id: { type: 'integer', title: 'Site', 'x-lookup': { doc_type: 'site', filterBy: { region_id: 'region_id' } } },
};

const row = (...names: string[]) => ({
  type: 'HorizontalLayout',
  elements: names.map((name) => ({ type: 'Control', scope: `#/properties/${name}` })),
});

export const aclType: DocumentSchema = {
  version: 3,
  i18n: adminI18n,
  type: 'acl',
  requiredRoles: ['administrator'],
  form: {
    title: 'Access Control Entry',
    schema: { type: 'object', properties, required: ['level', 'scope'] },
    uiSchema: {
      type: 'VerticalLayout',
      elements: [
        row('group', 'identity_id'),
        { type: 'Control', scope: '#/properties/members' },
        row('level', 'create', 'delete'),
        // Picked from lists, not typed (choice-list.renderer.tsx).
        { type: 'Control', scope: '#/properties/roles', options: { choices: 'roles' } },
        row('module', 'scope'),
        { ...row('region_id', 'site_id'), rule: { effect: 'HIDE', condition: { scope: '#/properties/scope', schema: { const: 1 } } } },
        { type: 'Control', scope: '#/properties/granular/properties/doc_types', options: { choices: 'docTypes' } },
      ],
    },
  },
  filter: {
    schema: {
      type: 'object',
      properties: {
        group: properties.group!,
        level: properties.level!,
        scope: properties.scope!,
        roles: { type: 'array', title: 'Roles', items: { type: 'string' } },
      },
    },
  },
  view: {
    title: 'Access Control Entries',
    modes: ['table'],
    defaultOrder: 'id asc',
    table: {
      schema: [
        { id: 'id', label: 'Id', type: 'number', sort: true },
        { id: 'group', label: 'Group', sort: true },
        { id: 'identity', subId: 'display_name', label: 'Identity' },
        { id: 'members', arrayId: 'display_name', label: 'Members' },
        { id: 'level', label: 'Level', type: 'enum', sort: true },
        { id: 'roles', label: 'Roles' },
        { id: 'scope', label: 'Scope', type: 'enum', sort: true },
        { id: 'create', label: 'Create', type: 'boolean' },
        { id: 'delete', label: 'Delete', type: 'boolean' },
      ],
    },
  },
};

type Person = { uuid?: string } | string;

export const section: AdminSection = {
  id: 'acl',
  titleKey: 'admin.acl',
  hintKey: 'admin.aclHint',
  icon: createElement(SecurityIcon),
  order: 20,
  type: aclType,
  api: (appId) => adminRecordApi(appId, 'acl', { supportsCreate: true }),
  hasForm: true,
  // The API answers members as {uuid, display_name}; the picker edits uuids.
  toForm: (entry) => ({
    ...entry,
    members: ((entry.members as Person[] | undefined) ?? []).map((m) => (typeof m === 'string' ? m : m.uuid)).filter(Boolean),
  }),
};
