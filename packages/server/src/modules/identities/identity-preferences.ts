/**
 * A member's preferences as an administrator reads and writes them on the identities screen
 * (docs/product/identities-and-sign-in.md#preferences). The keys naming the organisation's records
 * (default site, currency, starred metrics and items) are the membership's in this organisation;
 * the rest is the person's own. An administrator's write is the member's own call made for them:
 * each key sent replaces the stored one and the keys not sent stay, each goes where the member's
 * call would put it (member-preferences.ts) and passes the same checks (preferences.service.ts),
 * with the administrator's read rights: a site or report of another organisation, or one the
 * administrator may not read, is refused, never stored. For a person who belongs to other
 * organisations too, only the organisation keys may be written: they are this organisation's
 * membership, while the person's own settings are theirs in every organisation.
 */
import type { UserPreferences } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { forbidden } from '../../http/http-error.ts';
import { writeJson } from '../../platform/db/json.ts';
import { ORGANISATION_KEYS, preferencesSeenIn, splitPreferences } from '../preferences/member-preferences.ts';
import { checkedPreferenceChangesOrThrow } from '../preferences/preferences.service.ts';

/** The stored columns of a member row that make up what their preferences are in this organisation. */
export interface StoredMemberPreferences {
  preferences: unknown;
  member_preferences: unknown;
}

/** A member's preferences in the administrator's organisation. */
export function memberPreferencesOf(row: StoredMemberPreferences): UserPreferences {
  return preferencesSeenIn(row.preferences, row.member_preferences);
}

/**
 * What an administrator reads of a member's preferences: all of them for a person in this
 * organisation only; for a person in others too, only this organisation's keys (its membership's,
 * naming its own records), never the person's own settings.
 */
export function memberPreferencesAnswered(row: StoredMemberPreferences, isShared: boolean): UserPreferences {
  const preferences = memberPreferencesOf(row);
  return isShared ? splitPreferences(preferences).organisational : preferences;
}

/** The refusal of the person's own settings, named from the keys sent, for a person in other organisations too. */
function sharedPersonalKeysRefusal(keys: readonly string[]): string {
  return `This identity also belongs to another organisation: its own settings (${keys.join(', ')}) cannot be changed here, only this organisation's ${ORGANISATION_KEYS.join(', ')}.`;
}

/**
 * The keys of `preferences` an administrator's write changes for a member whose preferences here
 * are `row`'s, checked; none (`{}`) when it sends none or sends back what the member holds (a
 * client may send back what it read). Merged by `mergePreferencesIn`, they leave every other key.
 * For a member who belongs to other organisations too (`isShared`), a personal key sent refuses
 * the whole write (403) before anything is checked: decided from the keys sent alone, a value the
 * person holds included, so the answer tells nothing of their settings. The organisation keys
 * left are compared with this organisation's membership only, which reveals nothing of the others.
 */
export async function preferenceChangesOrThrow(
  ctx: AppContext,
  administrator: Principal,
  row: StoredMemberPreferences,
  preferences: UserPreferences | undefined,
  isShared: boolean,
): Promise<UserPreferences> {
  if (isShared) {
    const personal = Object.keys(splitPreferences(preferences ?? {}).personal);
    if (personal.length > 0) throw forbidden(sharedPersonalKeysRefusal(personal));
  }
  const stored = memberPreferencesOf(row);
  const changes = Object.fromEntries(
    Object.entries(preferences ?? {}).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(stored[key])),
  );
  if (Object.keys(changes).length === 0) return {};
  return checkedPreferenceChangesOrThrow(ctx, administrator, changes, stored);
}

/** The two columns a new member's preferences fill: the identity's and the membership's. */
export interface PreferenceColumns {
  identity: string;
  membership: string;
}

/** The columns of a member created with `preferences`, checked as any write is. */
export async function newMemberPreferenceColumnsOrThrow(
  ctx: AppContext,
  administrator: Principal,
  preferences: UserPreferences,
): Promise<PreferenceColumns> {
  const checked = await checkedPreferenceChangesOrThrow(ctx, administrator, preferences, {});
  const { personal, organisational } = splitPreferences(checked);
  return { identity: writeJson(personal), membership: writeJson(organisational) };
}
