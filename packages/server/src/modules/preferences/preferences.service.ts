/**
 * The signed-in user's preferences (docs/product/identities-and-sign-in.md#preferences preferences): language, mail alerts,
 * starred documents and types, dashboard metrics, personal theme and interface settings. A PUT
 * stores each top-level key it sends and keeps the others (read and write in one transaction).
 * A personal theme needs the organisation's permission (themeUserAllow, docs/product/administration.md#theme). Recent
 * items are kept by the browser (local storage, docs/product/forms-and-lists.md#local-storage), not here.
 */
import type { AppConfig, StarredItem, UserPreferences } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { forbidden } from '../../http/http-error.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';

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

export async function updatePreferences(
  ctx: AppContext,
  uuid: string,
  changes: UserPreferences,
  orgForTheme: (() => Promise<number>) | null,
): Promise<UserPreferences> {
  if (changes.theme !== undefined && (!orgForTheme || !(await themeAllowed(ctx, await orgForTheme())))) throw forbidden(THEME_NOT_ALLOWED);
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
