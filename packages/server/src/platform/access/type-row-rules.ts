/**
 * Rows of a type that only administrators may change. Report data of group, region and site scope
 * is edited and deleted by administrators; a personal item (scope 9) by whoever the ordinary
 * grants allow (docs/product/reporting.md#report-data). `authorize()` ANDs the filter into the
 * update and delete row filters of every grant below administrator, so lists (`meta.access`),
 * single checks and the repository's UPDATE and DELETE all agree.
 *
 * Rows of a type that belong to the caller whatever their grants' scope: a personal report data
 * item names its one user, who reads and fills it in (users get their own manual item, wherever
 * their grants place them). `authorize()` ORs the filter into the read and update row filters of
 * any member with a grant on the type.
 *
 * Rows of a type that grants below editor do not read: another user's personal report data item is
 * theirs (docs/product/reporting.md#report-data), and readers do not find it in lists, single
 * reads, search or counts either, not only in the period's snapshot; editors read those of their
 * scope, which they may edit. `authorize()` keeps these rows out of the read filter of every grant
 * below editor; `rowsNamingTheCaller` gives back the caller's own.
 */
import { andAll, containsValue, currentUser, eq, REPORT_DATA_TYPE, ITEM_SCOPE, type FilterNode } from '@docket/shared';

const rowsOthersMayChange: Readonly<Record<string, FilterNode>> = {
  [REPORT_DATA_TYPE]: eq('scope', ITEM_SCOPE.manual),
};

/** The rows non-administrators may update or delete, or undefined when the type sets no limit. */
export function rowsNonAdministratorsMayChange(type: string): FilterNode | undefined {
  return Object.hasOwn(rowsOthersMayChange, type) ? rowsOthersMayChange[type] : undefined;
}

const rowsOfTheirOwn: Readonly<Record<string, FilterNode>> = {
  [REPORT_DATA_TYPE]: andAll([eq('scope', ITEM_SCOPE.manual), containsValue('actionee_ids', currentUser)]),
};

/** The rows a member reads and updates because they name the caller, or undefined. */
export function rowsNamingTheCaller(type: string): FilterNode | undefined {
  return Object.hasOwn(rowsOfTheirOwn, type) ? rowsOfTheirOwn[type] : undefined;
}

const rowsOnlyTheirOwnRead: Readonly<Record<string, FilterNode>> = {
  [REPORT_DATA_TYPE]: eq('scope', ITEM_SCOPE.manual),
};

/** The rows that grants below editor do not read (their own people do), or undefined. */
export function rowsPrivateToTheirPeople(type: string): FilterNode | undefined {
  return Object.hasOwn(rowsOnlyTheirOwnRead, type) ? rowsOnlyTheirOwnRead[type] : undefined;
}
