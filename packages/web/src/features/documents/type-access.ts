/**
 * What the web shows of a type's access. Who may create is never decided here: the server
 * answers it per type and caller (`access.create` in `$$types`, from the same decision a create
 * runs), kept in the type catalog (docs/product/access.md). What remains are the screens' own
 * rules: requiredRoles for the menu and the type's pages, which only matter when the catalog fell
 * back to the built-in types (the server's `$$types` already leaves out what a member may not see).
 */
import type { DocumentSchema } from '@docket/shared';
import type { TypeCatalog } from '../../api/type-catalog.ts';

export interface Holder {
  roles: readonly string[];
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

/**
 * The Create button and the new-document form (docs/product/forms-and-lists.md): the server lets
 * the caller create the type, the type has a form title and its view does not hide Create.
 */
export function canCreate(type: DocumentSchema, catalog: TypeCatalog | undefined): boolean {
  if (!type.form?.title || type.view?.showCreate === false) return false;
  return catalog?.creatable.has(type.type) === true;
}
