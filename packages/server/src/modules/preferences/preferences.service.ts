/**
 * The signed-in user's preferences (docs/product/identities-and-sign-in.md#preferences preferences): language, mail alerts,
 * starred documents and types, dashboard metrics, personal theme and interface settings. A PUT
 * stores each top-level key it sends and keeps the others (read and write in one transaction).
 * A personal theme needs the organisation's permission (themeUserAllow, docs/product/administration.md#theme). Recent
 * items are kept by the browser (local storage, docs/product/forms-and-lists.md#local-storage), not here.
 * The default site and currency must be ones the user may read in the organisation in context
 * (docs/product/identities-and-sign-in.md#preferences), as a document's lookup field must.
 */
import type { AppConfig, StarredItem, UserPreferences } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../http/http-error.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { checkNamedDocumentsOrThrow, type NamedReference } from '../documents/lookup-references.ts';

export const THEME_NOT_ALLOWED = 'Your organisation does not allow personal themes.';

export async function readPreferences(ctx: AppContext, uuid: string): Promise<UserPreferences> {
  const row = await ctx.database.db.selectFrom('identities').select('preferences').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  return readJson<UserPreferences>(row.preferences, {});
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

/** Preferences naming a document of the organisation, by the type it must be of; 0 is none. */
const PREFERRED_DOCUMENTS: Readonly<Record<string, string>> = { site_id: 'site', currency_id: 'currency' };

/**
 * The default site and currency a change names, unless 0 (none) or what is stored already (kept
 * as it is, like a document's unchanged reference): each must be a document of its type in the
 * caller's organisation that the caller may read.
 */
async function checkPreferredDocumentsOrThrow(
  ctx: AppContext,
  uuid: string,
  changes: UserPreferences,
  caller: () => Promise<Principal>,
): Promise<void> {
  const named = Object.entries(PREFERRED_DOCUMENTS).filter(([field]) => typeof changes[field] === 'number' && changes[field] !== 0);
  if (named.length === 0) return;
  const stored = await readPreferences(ctx, uuid);
  const references: NamedReference[] = named
    .filter(([field]) => changes[field] !== stored[field])
    .map(([field, docType]) => ({ path: field, field, docType, id: changes[field] as number }));
  if (references.length > 0) await checkNamedDocumentsOrThrow(ctx, await caller(), references);
}

/** `caller`: the user as a member of the organisation in context, asked only when a change needs it. */
export async function updatePreferences(
  ctx: AppContext,
  uuid: string,
  changes: UserPreferences,
  caller: () => Promise<Principal>,
): Promise<UserPreferences> {
  if (changes.theme !== undefined && !(await themeAllowed(ctx, (await caller()).org.id))) throw forbidden(THEME_NOT_ALLOWED);
  await checkPreferredDocumentsOrThrow(ctx, uuid, changes, caller);
  const next = { ...changes };
  if (next.starred) next.starred = uniqueStars(next.starred);
  return ctx.database.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('identities').select('preferences').where('uuid', '=', uuid);
    if (ctx.database.dialect === 'postgres') query = query.forUpdate();
    const current = readJson<UserPreferences>((await query.executeTakeFirstOrThrow()).preferences, {});
    const merged: UserPreferences = { ...current, ...next };
    await trx
      .updateTable('identities')
      .set({ preferences: writeJson(merged) })
      .where('uuid', '=', uuid)
      .execute();
    return merged;
  });
}
