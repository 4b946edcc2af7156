/**
 * Who sees and creates what, as the web app decides it for display (spec 000 §2, §5, §6); the
 * server decides again on every call. Administrators pass every role check.
 */
import type { DocumentSchema, Grant } from '@docket/shared';

export interface Holder {
  roles: readonly string[];
  acl: readonly Grant[];
  isAdministrator: boolean;
}

/** A type's page requires all of its requiredRoles ('Not Authorised' otherwise). */
export function canViewType(type: DocumentSchema, holder: Holder): boolean {
  if (holder.isAdministrator) return true;
  return (type.requiredRoles ?? []).every((role) => holder.roles.includes(role));
}

/** Types with requiredRoles appear in the menu only for users holding one of them. */
export function isTypeInMenu(type: DocumentSchema, holder: Holder): boolean {
  const required = type.requiredRoles ?? [];
  return holder.isAdministrator || required.length === 0 || required.some((role) => holder.roles.includes(role));
}

function grantCovers(grant: Grant, type: DocumentSchema): boolean {
  const isTypeCovered = !grant.doc_types || grant.doc_types.length === 0 || grant.doc_types.includes(type.type);
  const isModuleCovered = !grant.module || grant.module === type.module || grant.module === type.category;
  return isTypeCovered && isModuleCovered;
}

/** Levels that may create (1 Depositor, 3 Author, 4 Editor, 6 Administrator), or the create flag. */
const CREATING_LEVELS = new Set([1, 3, 4, 6]);

/**
 * The Create button (spec 000 §5): the type has a form title and does not hide Create, and the
 * user holds one of requiredRolesForCreate (which overrides requiredRoles), else all of
 * requiredRoles, and has a grant that may create.
 */
export function canCreate(type: DocumentSchema, holder: Holder): boolean {
  if (!type.form?.title || type.view?.showCreate === false) return false;
  if (holder.isAdministrator) return true;
  const forCreate = type.requiredRolesForCreate ?? [];
  const hasRole = forCreate.length > 0 ? forCreate.some((role) => holder.roles.includes(role)) : canViewType(type, holder);
  const hasGrant = holder.acl.some((grant) => grantCovers(grant, type) && (grant.create || CREATING_LEVELS.has(grant.level)));
  return hasRole && hasGrant;
}
