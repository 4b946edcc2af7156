/**
 * THE authorization choke point (docs/engineering.md#habit-4). For a principal, a document type and an action
 * it answers deny (with the reason shown to the user) or allow with an AccessScope whose row
 * filter the repository ANDs into every query. `documentAccess` computes `meta.access` for each
 * returned document by evaluating the same row filters on that row, so lists never offer what a
 * single check would refuse.
 *
 * A user's rights are the union of their grants (entries naming them directly or through a
 * group's members). Per grant, with its scope (grant-rules.ts):
 *   1 Depositor creates and reads its own; 2 Reader reads; 3 Author reads and edits its own;
 *   4 Editor reads and edits; 6 Administrator (or the administrator role) does everything.
 * Deleting needs the grant's `delete` flag (administrators always may). Type rules: requiredRoles
 * (all needed to see the type), requiredRolesForCreate (one needed to create; overrides),
 * requiredRolesForEdit (one needed to edit or delete), administrator-only types.
 */
import {
  andAll,
  eq,
  evaluateFilter,
  notFilter,
  orAny,
  type DocumentAccess,
  type DocumentSchema,
  type FilterNode,
  type Grant,
} from '@docket/shared';
import { AccessScope, type ScopeAction } from './access-scope.ts';
import { ADMINISTRATOR_LEVEL, filterContextOf, isAdministrator, type Principal } from './principal.ts';
import { adminTypes, isAdminOnlyType } from './admin-types.ts';
import {
  AUTHOR_LEVEL,
  EDITOR_LEVEL,
  READER_LEVEL,
  effectiveLevel,
  grantAppliesTo,
  isLocatedType,
  scopeFilter,
  unionFilter,
} from './grant-rules.ts';
import { rowsNamingTheCaller, rowsNonAdministratorsMayChange, rowsPrivateToTheirPeople } from './type-row-rules.ts';

/** `workflow`: acting on the document's workflow (the engine decides which step; the row stays readable). */
export type DocumentAction = Exclude<ScopeAction, 'merge'>;

/** An allowed decision carries a scope of exactly the action asked for (access-scope.ts). */
export type Decision<A extends ScopeAction = DocumentAction> =
  { allowed: true; scope: AccessScope<A> } | { allowed: false; reason: string };

export const NOT_AUTHORISED = 'You do not have sufficient access rights to view this page.';
export const CANNOT_EDIT = 'You do not have sufficient access rights to edit this document.';
export const CANNOT_DELETE = 'You do not have access to delete this document!';
export const CANNOT_CREATE = 'You do not have sufficient access rights to create this document.';

/**
 * Decisions are pure functions of (principal, type, action); lists ask them for every row
 * (meta.access, redaction), so each principal object remembers its own. A principal lives for
 * one request and never changes.
 */
const decisions = new WeakMap<Principal, WeakMap<DocumentSchema, Map<DocumentAction, Decision>>>();

export function authorize<A extends DocumentAction>(principal: Principal, type: DocumentSchema, action: A): Decision<A> {
  let byType = decisions.get(principal);
  if (!byType) decisions.set(principal, (byType = new WeakMap()));
  let byAction = byType.get(type);
  if (!byAction) byType.set(type, (byAction = new Map()));
  let decision = byAction.get(action);
  if (!decision) byAction.set(action, (decision = decide(principal, type, action)));
  return decision as Decision<A>;
}

function decide(principal: Principal, type: DocumentSchema, action: DocumentAction): Decision {
  if (!canSeeType(principal, type)) return deny(NOT_AUTHORISED);
  const grants = principal.grants.filter((g) => grantAppliesTo(g, type));
  if (grants.length === 0) return deny(NOT_AUTHORISED);
  const located = isLocatedType(type);
  const at = (min: number) => grants.filter((g) => effectiveLevel(g) >= min);
  const exactly = (level: number) => grants.filter((g) => effectiveLevel(g) === level);
  switch (action) {
    case 'read':
      return allowWhere(principal, action, withOwnRows(type, readFilter(type, at(READER_LEVEL), exactly(1), located)), NOT_AUTHORISED);
    case 'workflow':
      return allowWhere(principal, action, unionFilter(at(READER_LEVEL), exactly(1), located), NOT_AUTHORISED);
    case 'create': {
      const creators = creatingGrants(principal, type, grants);
      if (creators === null) return deny(CANNOT_CREATE);
      return allowWhere(principal, action, scopeFilter(creators, located), CANNOT_CREATE);
    }
    case 'update':
      if (!mayAuthorType(principal, type)) return deny(CANNOT_EDIT);
      return allowWhere(
        principal,
        action,
        withOwnRows(type, changeFilter(type, at(EDITOR_LEVEL), exactly(AUTHOR_LEVEL), located)),
        CANNOT_EDIT,
      );
    case 'delete': {
      if (!mayAuthorType(principal, type)) return deny(CANNOT_DELETE);
      const full = grants.filter((g) => effectiveLevel(g) >= ADMINISTRATOR_LEVEL || (effectiveLevel(g) >= EDITOR_LEVEL && g.delete));
      const own = grants.filter((g) => effectiveLevel(g) === AUTHOR_LEVEL && g.delete);
      return allowWhere(principal, action, changeFilter(type, full, own, located), CANNOT_DELETE);
    }
  }
}

/**
 * The rows `full` and `own` grants may change; where the type lets only administrators change some
 * rows (type-row-rules.ts), grants below administrator reach only the others.
 */
function changeFilter(type: DocumentSchema, full: Grant[], own: Grant[], located: boolean): FilterNode {
  const limit = rowsNonAdministratorsMayChange(type.type);
  if (!limit) return unionFilter(full, own, located);
  const administrators = full.filter((g) => effectiveLevel(g) >= ADMINISTRATOR_LEVEL);
  const others = full.filter((g) => effectiveLevel(g) < ADMINISTRATOR_LEVEL);
  return orAny([scopeFilter(administrators, located), andAll([limit, unionFilter(others, own, located)])]);
}

/**
 * The rows `readers` and `depositors` read; where the type keeps some rows to their own people
 * (type-row-rules.ts), only grants that may also change them there (editor and above) read them.
 */
function readFilter(type: DocumentSchema, readers: Grant[], depositors: Grant[], located: boolean): FilterNode {
  const privateRows = rowsPrivateToTheirPeople(type.type);
  if (!privateRows) return unionFilter(readers, depositors, located);
  const editors = readers.filter((g) => effectiveLevel(g) >= EDITOR_LEVEL);
  const others = readers.filter((g) => effectiveLevel(g) < EDITOR_LEVEL);
  return orAny([scopeFilter(editors, located), andAll([notFilter(privateRows), unionFilter(others, depositors, located)])]);
}

/** `filter`, or the rows naming the caller where the type has such rows (type-row-rules.ts). */
function withOwnRows(type: DocumentSchema, filter: FilterNode): FilterNode {
  const own = rowsNamingTheCaller(type.type);
  return own ? orAny([filter, own]) : filter;
}

/**
 * The scope of one document for a user named on a step of its workflow, who reads it and acts on
 * its workflow even outside their grants (docs/product/workflow-and-timeline.md#who-may-act). The
 * caller decided the naming (the workflow's facts); this keeps the type's own rules — its
 * requiredRoles, administrator-only types — and limits the scope to that one row.
 */
export function namedOnWorkflowScope<A extends 'read' | 'workflow'>(
  principal: Principal,
  type: DocumentSchema,
  action: A,
  docId: number,
): AccessScope<A> | null {
  if (!canSeeType(principal, type)) return null;
  return AccessScope.forPrincipal(principal, action, eq('id', docId));
}

/** `meta.access` of one readable document, from the same row filters as `authorize`. */
export function documentAccess(
  principal: Principal,
  type: DocumentSchema,
  doc: { created_by: string; ref: string | null; site_id?: number | null; region_id?: number | null },
): DocumentAccess {
  // Documents with an external reference are maintained by their source system (docs/product/access.md#external-documents).
  if (doc.ref) return { editor: false, delete: false };
  return { editor: rowAllows(principal, type, 'update', doc), delete: rowAllows(principal, type, 'delete', doc) };
}

/** Whether `action` is allowed on this one row (an `update`/`delete` decision evaluated on it). */
export function rowAllows(
  principal: Principal,
  type: DocumentSchema,
  action: DocumentAction,
  row: Record<string, unknown> | { created_by: string },
): boolean {
  const decision = authorize(principal, type, action);
  if (!decision.allowed) return false;
  const filter = decision.scope.rowFilter;
  return filter === null || evaluateFilter(filter, row, filterContextOf(principal));
}

/**
 * Whether a new document with these location fields may be created: the create decision's row
 * filter evaluated on the new row (a site-scoped editor creates only at their own site).
 */
export function mayCreateAt(
  principal: Principal,
  type: DocumentSchema,
  row: { site_id?: number | null; region_id?: number | null },
): boolean {
  return rowAllows(principal, type, 'create', { ...row, created_by: principal.uuid });
}

/** All of the type's requiredRoles are needed to see it; administrators see every type. */
export function canSeeType(principal: Principal, type: DocumentSchema): boolean {
  if (isAdministrator(principal)) return true;
  if (isAdminOnlyType(type.type)) return false;
  return (type.requiredRoles ?? []).every((role) => principal.roles.has(role));
}

/** requiredRolesForCreate: one of them is needed, and it overrides requiredRoles (docs/product/access.md#type-rules). */
export function canCreate(principal: Principal, type: DocumentSchema): boolean {
  return authorize(principal, type, 'create').allowed;
}

/**
 * The grants whose scope a new document may land in, or null when creating is refused. With
 * requiredRolesForCreate the role decides (any applicable grant carrying one of the roles);
 * otherwise administrators, and depositors, authors and editors whose entry allows create.
 */
function creatingGrants(principal: Principal, type: DocumentSchema, grants: Grant[]): Grant[] | null {
  const required = type.requiredRolesForCreate ?? [];
  if (required.length > 0) {
    if (!required.some((role) => principal.roles.has(role))) return null;
    const holders = grants.filter((g) => effectiveLevel(g) >= ADMINISTRATOR_LEVEL || g.roles.some((r) => required.includes(r)));
    return holders.length > 0 ? holders : null;
  }
  const creators = grants.filter((g) => {
    const level = effectiveLevel(g);
    return level >= ADMINISTRATOR_LEVEL || (level >= 1 && level !== READER_LEVEL && g.create);
  });
  return creators.length > 0 ? creators : null;
}

/** requiredRolesForEdit: one of them is needed to edit or delete (posts: administrators, docs/product/documents-and-schemas.md#posts). */
function mayAuthorType(principal: Principal, type: DocumentSchema): boolean {
  if (!type.requiredRolesForEdit?.length) return true;
  return type.requiredRolesForEdit.some((role) => principal.roles.has(role));
}

function allowWhere(principal: Principal, action: DocumentAction, rowFilter: FilterNode, reasonIfNone: string): Decision {
  if (rowFilter.type === 'const') {
    return rowFilter.value ? { allowed: true, scope: AccessScope.forPrincipal(principal, action, null) } : deny(reasonIfNone);
  }
  return { allowed: true, scope: AccessScope.forPrincipal(principal, action, rowFilter) };
}

/**
 * Merging identities rewrites who created and last changed documents of every type in the
 * organisation: allowed to whoever may administer its users, scoped to their organisation.
 */
export function authorizeMerge(principal: Principal): Decision<'merge'> {
  const decision = authorize(principal, adminTypes.users, 'update');
  if (!decision.allowed) return deny(decision.reason);
  return { allowed: true, scope: AccessScope.forPrincipal(principal, 'merge', null) };
}

function deny(reason: string): { allowed: false; reason: string } {
  return { allowed: false, reason };
}

export { ADMINISTRATOR_LEVEL };
