/**
 * THE authorization choke point (GUIDE habit 4). For a principal, a document type and an action
 * it answers deny (with the reason shown to the user) or allow with an AccessScope whose row
 * filter the repository ANDs into every query. `documentAccess` computes `meta.access` for each
 * returned document with the same rules, so lists never offer what a single check would refuse.
 *
 * Levels (spec 000 §3 ACL): 1 Depositor creates and reads its own; 2 Reader reads; 3 Author reads
 * and edits its own; 4 Editor reads and edits; 6 Administrator does everything. Site and region
 * scoping of grants is added by the identity-and-access issue on this same function.
 */
import { andAll, eq, type DocumentAccess, type DocumentSchema, type FilterNode } from '@docket/shared';
import { AccessScope } from './access-scope.ts';
import { ADMINISTRATOR_LEVEL, isAdministrator, type Principal } from './principal.ts';

export type DocumentAction = 'read' | 'create' | 'update' | 'delete';

export type Decision = { allowed: true; scope: AccessScope } | { allowed: false; reason: string };

export const NOT_AUTHORISED = 'You do not have sufficient access rights to view this page.';
export const CANNOT_EDIT = 'You do not have sufficient access rights to edit this document.';
export const CANNOT_DELETE = 'You do not have access to delete this document!';
export const CANNOT_CREATE = 'You do not have sufficient access rights to create this document.';

const READER_LEVEL = 2;
const AUTHOR_LEVEL = 3;
const EDITOR_LEVEL = 4;

export function authorize(principal: Principal, type: DocumentSchema, action: DocumentAction): Decision {
  const level = highestLevel(principal);
  if (level <= 0 || !canSeeType(principal, type)) return deny(NOT_AUTHORISED);
  const ownOnly = eq('created_by', { kind: 'user' });
  switch (action) {
    case 'read':
      return allow(principal, level >= READER_LEVEL ? null : ownOnly);
    case 'create':
      return canCreate(principal, type) ? allow(principal, null) : deny(CANNOT_CREATE);
    case 'update':
      if (!mayAuthorType(principal, type)) return deny(CANNOT_EDIT);
      if (isAdministrator(principal) || level >= EDITOR_LEVEL) return allow(principal, null);
      return level >= AUTHOR_LEVEL ? allow(principal, ownOnly) : deny(CANNOT_EDIT);
    case 'delete':
      if (!mayAuthorType(principal, type)) return deny(CANNOT_DELETE);
      if (isAdministrator(principal)) return allow(principal, null);
      if (!principal.grants.some((g) => g.level >= AUTHOR_LEVEL && g.delete)) return deny(CANNOT_DELETE);
      return allow(principal, level >= EDITOR_LEVEL ? null : ownOnly);
  }
}

/** `meta.access` of one readable document, consistent with `authorize` for update and delete. */
export function documentAccess(principal: Principal, type: DocumentSchema, doc: { created_by: string; ref: string | null }): DocumentAccess {
  // Documents with an external reference are maintained by their source system (spec 000 §6).
  if (doc.ref) return { editor: false, delete: false };
  const own = doc.created_by === principal.uuid;
  const editDecision = authorize(principal, type, 'update');
  const deleteDecision = authorize(principal, type, 'delete');
  return {
    editor: editDecision.allowed && (editDecision.scope.rowFilter === null || own),
    delete: deleteDecision.allowed && (deleteDecision.scope.rowFilter === null || own),
  };
}

/** All of the type's requiredRoles are needed to see it; administrators see every type. */
export function canSeeType(principal: Principal, type: DocumentSchema): boolean {
  if (isAdministrator(principal)) return true;
  return (type.requiredRoles ?? []).every((role) => principal.roles.has(role));
}

/** requiredRolesForCreate: one of them is needed, and it overrides requiredRoles (spec 000 §6). */
export function canCreate(principal: Principal, type: DocumentSchema): boolean {
  if (type.requiredRolesForCreate?.length) {
    return type.requiredRolesForCreate.some((role) => principal.roles.has(role));
  }
  if (isAdministrator(principal)) return true;
  return principal.grants.some((g) => g.level >= 1 && g.level !== READER_LEVEL && g.create);
}

/** requiredRolesForEdit: one of them is needed to edit or delete (posts: administrators, spec 002 §3.4). */
function mayAuthorType(principal: Principal, type: DocumentSchema): boolean {
  if (!type.requiredRolesForEdit?.length) return true;
  return type.requiredRolesForEdit.some((role) => principal.roles.has(role));
}

function highestLevel(principal: Principal): number {
  return principal.grants.reduce((max, g) => Math.max(max, g.level), 0);
}

function allow(principal: Principal, rowFilter: FilterNode | null): Decision {
  return { allowed: true, scope: AccessScope.forPrincipal(principal, rowFilter === null ? null : andAll([rowFilter])) };
}

function deny(reason: string): Decision {
  return { allowed: false, reason };
}

export { ADMINISTRATOR_LEVEL };
