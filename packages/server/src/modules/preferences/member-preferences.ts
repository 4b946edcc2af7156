/**
 * Where each preference is kept (docs/product/identities-and-sign-in.md#preferences). The ones
 * that name an organisation's records — the default site, the preferred currency, the starred
 * metrics (each naming a report), the starred types and documents (which also choose the mail
 * alerts followed) — are the member's, per organisation (`memberships.preferences`, migration
 * 034): an id saved in one organisation is never read, shown or applied in another, and choosing
 * in one leaves the other's choice alone. The rest (language, mail switches, theme, interface) is
 * the person's own, the same everywhere (`identities.preferences`).
 */
import type { UserPreferences } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../platform/db/database.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';

/** The keys kept per organisation: each names records of the organisation it was saved in. */
export const ORGANISATION_KEYS: readonly string[] = ['site_id', 'currency_id', 'metrics', 'starred'];

type Executor = Database['db'];

/** `preferences` split into the person's own keys and the organisation's. */
export function splitPreferences(preferences: UserPreferences): { personal: UserPreferences; organisational: UserPreferences } {
  const personal: UserPreferences = {};
  const organisational: UserPreferences = {};
  for (const [key, value] of Object.entries(preferences)) {
    if (ORGANISATION_KEYS.includes(key)) organisational[key] = value;
    else personal[key] = value;
  }
  return { personal, organisational };
}

/**
 * The preferences as the person sees them in organisation `orgId`: their own settings and that
 * organisation's references. Organisation keys left on the identity (from before migration 034
 * or an administrator's write before the identities screen split them) are not read: which
 * organisation they were meant for is unknown.
 */
export function preferencesSeenIn(identityPreferences: unknown, memberPreferences: unknown): UserPreferences {
  const { personal } = splitPreferences(readJson<UserPreferences>(identityPreferences, {}));
  const { organisational } = splitPreferences(readJson<UserPreferences>(memberPreferences, {}));
  return { ...personal, ...organisational };
}

/** The stored preferences of `uuid` in `orgId` (the caller's membership there). */
export async function readPreferencesIn(executor: Executor, uuid: string, orgId: number): Promise<UserPreferences> {
  const row = await executor
    .selectFrom('identities')
    .leftJoin('memberships', (join) => join.onRef('memberships.identity_uuid', '=', 'identities.uuid').on('memberships.org_id', '=', orgId))
    .select(['identities.preferences as personal', 'memberships.preferences as member'])
    .where('identities.uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  return preferencesSeenIn(row.personal, row.member);
}

/** Stores `changes` (each top-level key replaces the stored one), each key where it belongs, in one transaction. */
export async function writePreferencesIn(ctx: AppContext, uuid: string, orgId: number, changes: UserPreferences): Promise<UserPreferences> {
  return ctx.database.db.transaction().execute(async (trx) => {
    await mergePreferencesIn(trx, ctx.database.dialect, uuid, orgId, changes);
    return readPreferencesIn(trx, uuid, orgId);
  });
}

/**
 * Merges `changes` into what `uuid` holds, inside the caller's transaction `trx`: each top-level key
 * sent replaces the stored one and every key not sent stays, the person's own keys on the identity
 * and the organisation keys on the membership in `orgId` only. The member's own call and an
 * administrator's write both store through here, so neither can wipe what it did not send.
 */
export async function mergePreferencesIn(
  trx: Executor,
  dialect: Database['dialect'],
  uuid: string,
  orgId: number,
  changes: UserPreferences,
): Promise<void> {
  const { personal, organisational } = splitPreferences(changes);
  const forUpdate = dialect === 'postgres';
  if (Object.keys(personal).length > 0) {
    let query = trx.selectFrom('identities').select('preferences').where('uuid', '=', uuid);
    if (forUpdate) query = query.forUpdate();
    const current = readJson<UserPreferences>((await query.executeTakeFirstOrThrow()).preferences, {});
    await trx
      .updateTable('identities')
      .set({ preferences: writeJson({ ...current, ...personal }) })
      .where('uuid', '=', uuid)
      .execute();
  }
  if (Object.keys(organisational).length > 0) {
    let query = trx.selectFrom('memberships').select('preferences').where('identity_uuid', '=', uuid).where('org_id', '=', orgId);
    if (forUpdate) query = query.forUpdate();
    const current = readJson<UserPreferences>((await query.executeTakeFirstOrThrow()).preferences, {});
    await trx
      .updateTable('memberships')
      .set({ preferences: writeJson({ ...current, ...organisational }) })
      .where('identity_uuid', '=', uuid)
      .where('org_id', '=', orgId)
      .execute();
  }
}
