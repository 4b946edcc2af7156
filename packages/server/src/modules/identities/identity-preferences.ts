/**
 * A member's preferences as an administrator reads and writes them on the identities screen
 * (docs/product/identities-and-sign-in.md#preferences). The keys naming the organisation's records
 * (default site, currency, starred metrics) are the membership's in this organisation; the rest is
 * the person's own. An administrator's write goes where the member's own call would put it and
 * passes the same reference check, with the administrator's read rights: a site or report of
 * another organisation, or one the administrator may not read, is refused, never stored.
 */
import type { UserPreferences } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { writeJson } from '../../platform/db/json.ts';
import { checkNamedDocumentsOrThrow } from '../documents/lookup-references.ts';
import { preferencesSeenIn, splitPreferences } from '../preferences/member-preferences.ts';
import { newlyNamedInPreferences } from '../preferences/preference-references.ts';

/** The stored columns of a member row that make up what their preferences are in this organisation. */
export interface StoredMemberPreferences {
  preferences: unknown;
  member_preferences: unknown;
}

/** A member's preferences in the administrator's organisation. */
export function memberPreferencesOf(row: StoredMemberPreferences): UserPreferences {
  return preferencesSeenIn(row.preferences, row.member_preferences);
}

/** The two columns an administrator's `preferences` replace: the identity's and the membership's. */
export interface PreferenceColumns {
  identity: string;
  membership: string;
}

/**
 * Checks the records `preferences` newly names (against what the member holds here, `stored`)
 * and answers the two columns to store. Like the member's own call, an unchanged reference is
 * not checked again, so older preferences stay saveable.
 */
export async function preferenceColumnsOrThrow(
  ctx: AppContext,
  administrator: Principal,
  preferences: UserPreferences,
  stored: UserPreferences,
): Promise<PreferenceColumns> {
  const named = newlyNamedInPreferences(preferences, stored);
  if (named.length > 0) await checkNamedDocumentsOrThrow(ctx, administrator, named);
  const { personal, organisational } = splitPreferences(preferences);
  return { identity: writeJson(personal), membership: writeJson(organisational) };
}
