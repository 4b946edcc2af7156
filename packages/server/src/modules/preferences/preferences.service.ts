/**
 * The signed-in user's preferences (docs/product/identities-and-sign-in.md#preferences preferences): language, mail alerts,
 * starred documents and types, dashboard metrics, personal theme and interface settings. A PUT
 * stores each top-level key it sends and keeps the others (read and write in one transaction).
 * A personal theme needs the organisation's permission (themeUserAllow, docs/product/administration.md#theme). Recent
 * items are kept by the browser (local storage, docs/product/forms-and-lists.md#local-storage), not here.
 * The default site, the currency and the starred metrics' reports are kept per organisation
 * (member-preferences.ts) and must be records the user may read in the organisation in context
 * (docs/product/identities-and-sign-in.md#preferences), as a document's lookup field must.
 */
import type { AppConfig, StarredItem, UserPreferences } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../http/http-error.ts';
import { readJson } from '../../platform/db/json.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { checkNamedDocumentsOrThrow } from '../documents/lookup-references.ts';
import { readPreferencesIn, writePreferencesIn } from './member-preferences.ts';
import { newlyNamedInPreferences } from './preference-references.ts';

export const THEME_NOT_ALLOWED = 'Your organisation does not allow personal themes.';

/** The caller's preferences in the organisation in context. */
export async function readPreferences(ctx: AppContext, caller: Principal): Promise<UserPreferences> {
  return readPreferencesIn(ctx.database.db, caller.uuid, caller.org.id);
}

/** Whether the organisation lets members choose their own theme. */
export async function themeAllowed(ctx: AppContext, orgId: number): Promise<boolean> {
  const row = await ctx.database.db.selectFrom('organisations').select('app_config').where('id', '=', orgId).executeTakeFirstOrThrow();
  const config = readJson<AppConfig>(row.app_config, {});
  return config.general?.themeUserAllow === true || config.themeVersion3?.themeUserAllow === true;
}

function uniqueStars(starred: StarredItem[]): StarredItem[] {
  const seen = new Set<string>();
  return starred.filter((item) => {
    const key = `${item.type}\u0000${item.id ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `changes` to a member's preferences in `actor`'s organisation, ready to store: a personal theme
 * only where the organisation allows one, the records newly named (against what the member holds
 * there, `stored`) checked with `actor`'s read rights (an unchanged one is not checked again, so
 * older preferences stay saveable), each star once. The member's own call and an administrator's
 * write (identity-preferences.ts) both pass here, so one rule holds for both.
 */
export async function checkedPreferenceChangesOrThrow(
  ctx: AppContext,
  actor: Principal,
  changes: UserPreferences,
  stored: UserPreferences,
): Promise<UserPreferences> {
  if (changes.theme !== undefined && !(await themeAllowed(ctx, actor.org.id))) throw forbidden(THEME_NOT_ALLOWED);
  const named = newlyNamedInPreferences(changes, stored);
  if (named.length > 0) await checkNamedDocumentsOrThrow(ctx, actor, named);
  const next = { ...changes };
  if (next.starred) next.starred = uniqueStars(next.starred);
  return next;
}

/** Stores `changes` for `caller` in the organisation in context: each key sent replaces the stored one, the others stay. */
export async function updatePreferences(ctx: AppContext, caller: Principal, changes: UserPreferences): Promise<UserPreferences> {
  const checked = await checkedPreferenceChangesOrThrow(ctx, caller, changes, await readPreferences(ctx, caller));
  return writePreferencesIn(ctx, caller.uuid, caller.org.id, checked);
}
