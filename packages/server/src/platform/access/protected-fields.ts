/**
 * Fields a type's view marks `protected` (docs/product/access.md#protected-fields) are hidden from non-editors everywhere a
 * value could leak (issue 3 item 2; docs/product/security.md#lesson-1, #lesson-8):
 * - answers (get, list, search, export): `redactProtectedFields` drops the values on every row
 *   the caller may not edit (`meta.access.editor` false);
 * - derived features (filter, sort, group, search, count): `canSeeProtectedFields` is true only
 *   when the caller may edit every row they may read, so a filter or order on a protected field
 *   can never probe a row whose value they may not see. Pass it to `fieldCatalogOf`;
 * - type definitions (`GET /v3/{appId}/$$types`): `protectedFieldsHiddenFrom` names the fields
 *   whose values the caller can never see, which the client projection leaves out of the form.
 */
import type { DocumentSchema } from '@docket/shared';
import { authorize } from './authorize.ts';
import type { Principal } from './principal.ts';

export function protectedFieldsOf(type: DocumentSchema): string[] {
  return (type.view?.table.schema ?? []).filter((column) => column.protected).map((column) => column.id);
}

export function canSeeProtectedFields(principal: Principal, type: DocumentSchema): boolean {
  const read = authorize(principal, type, 'read');
  const update = authorize(principal, type, 'update');
  if (!read.allowed || !update.allowed) return false;
  if (update.scope.rowFilter === null) return true;
  // Editing reaches exactly the readable rows (same scopes, no own-only part): nothing to hide.
  return JSON.stringify(update.scope.rowFilter) === JSON.stringify(read.scope.rowFilter);
}

/**
 * The protected fields of the type whose values this caller can never see: they may neither edit
 * any row (answers redact the values on every row they may not edit) nor create one (whoever
 * creates fills them in). So readers lose them; editors, authors and depositors keep them.
 */
export function protectedFieldsHiddenFrom(principal: Principal, type: DocumentSchema): string[] {
  if (authorize(principal, type, 'update').allowed || authorize(principal, type, 'create').allowed) return [];
  return protectedFieldsOf(type);
}

/**
 * The document without its protected field values unless the caller may edit this row. Works on
 * the flat answer shape (fields beside `meta`); answers a copy, never mutates its argument.
 */
export function redactProtectedFields<T extends Record<string, unknown>>(principal: Principal, type: DocumentSchema, doc: T): T {
  const fields = protectedFieldsOf(type);
  if (fields.length === 0) return doc;
  const meta = doc.meta as { access?: { editor?: boolean } } | undefined;
  if (meta?.access?.editor === true || canSeeProtectedFields(principal, type)) return doc;
  const copy: Record<string, unknown> = { ...doc };
  for (const field of fields) delete copy[field];
  return copy as T;
}
