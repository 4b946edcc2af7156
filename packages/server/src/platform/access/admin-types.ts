/**
 * Administrator-only types (docs/product/access.md#administrator-only: identities, access control entries, logs, schemas; plus
 * our outbox, directory settings and audit trail). `canSeeType` refuses them to everyone without
 * the administrator role, whatever a stored schema says. The administration modules authorize
 * through these definitions so their decisions come from the same `authorize()`.
 */
import type { DocumentSchema } from '@docket/shared';

export const ADMIN_ONLY_TYPE_NAMES: ReadonlySet<string> = new Set([
  'users',
  'identities',
  'acl',
  '$$log',
  '$$schema',
  '$$outbox',
  '$$directory',
  '$$audit',
  '$$task',
  '$$configuration',
  '$$settings',
]);

export function isAdminOnlyType(typeName: string): boolean {
  return ADMIN_ONLY_TYPE_NAMES.has(typeName);
}

function adminType(type: string, description: string): DocumentSchema {
  return {
    version: 3,
    type,
    description,
    category: 'Administration',
    requiredRoles: ['administrator'],
    requiredRolesForCreate: ['administrator'],
    requiredRolesForEdit: ['administrator'],
  };
}

export const adminTypes = {
  users: adminType('users', 'Identities (members of the organisation)'),
  acl: adminType('acl', 'Access control entries'),
  log: adminType('$$log', 'Logs'),
  outbox: adminType('$$outbox', 'Outgoing mail kept when no SMTP server is configured'),
  directory: adminType('$$directory', 'Directory and federated sign-in settings'),
  audit: adminType('$$audit', 'Audit trail of document changes'),
  tasks: adminType('$$task', 'Server tasks (directory sync, search index, reporting refresh, file purge)'),
  configuration: adminType('$$configuration', "The organisation's subscription"),
  settings: adminType('$$settings', "The organisation's settings: general, theme, storage, mail"),
} as const;
