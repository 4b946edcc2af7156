/**
 * Opaque, rotating refresh tokens stored only as SHA-256 hashes. Every sign-in starts a family;
 * each refresh spends the presented token and issues the next one in the family. Presenting a
 * spent token again means it was stolen or replayed, so the whole family is revoked.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/json.ts';

const REFRESH_LIFETIME_MS = 30 * 24 * 3600 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * `boundOrgId`: the one organisation the session may act in (a federated sign-in, a password an
 * administrator set); null for the person's own password, valid for every membership.
 */
export async function startFamily(
  database: Database,
  identityUuid: string,
  boundOrgId: number | null,
): Promise<{ token: string; familyId: string }> {
  const familyId = randomUUID();
  const token = await insertToken(database, identityUuid, familyId, boundOrgId);
  return { token, familyId };
}

async function insertToken(database: Database, identityUuid: string, familyId: string, boundOrgId: number | null): Promise<string> {
  const token = newOpaqueToken();
  const now = new Date();
  await database.db
    .insertInto('refresh_tokens')
    .values({
      token_hash: hashToken(token),
      family_id: familyId,
      identity_uuid: identityUuid,
      created_date: now.toISOString(),
      expires_date: new Date(now.getTime() + REFRESH_LIFETIME_MS).toISOString(),
      used_date: null,
      revoked_date: null,
      org_id: boundOrgId,
    })
    .execute();
  return token;
}

export type RotationResult =
  | { ok: true; identityUuid: string; familyId: string; boundOrgId: number | null; token: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** Spends `token` and answers its successor; one transaction so two racing refreshes cannot both win. */
export async function rotate(database: Database, token: string): Promise<RotationResult> {
  const now = nowIso();
  return database.db.transaction().execute(async (trx) => {
    const tokenHash = hashToken(token);
    const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked_date) return { ok: false, reason: 'revoked' } as const;
    if (row.expires_date < now) return { ok: false, reason: 'expired' } as const;
    const spent = await trx
      .updateTable('refresh_tokens')
      .set({ used_date: now })
      .where('id', '=', row.id)
      .where('used_date', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) {
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_date: now })
        .where('family_id', '=', row.family_id)
        .where('revoked_date', 'is', null)
        .execute();
      return { ok: false, reason: 'reused' } as const;
    }
    const next = newOpaqueToken();
    await trx
      .insertInto('refresh_tokens')
      .values({
        token_hash: hashToken(next),
        family_id: row.family_id,
        identity_uuid: row.identity_uuid,
        created_date: now,
        expires_date: new Date(Date.now() + REFRESH_LIFETIME_MS).toISOString(),
        used_date: null,
        revoked_date: null,
        org_id: row.org_id,
      })
      .execute();
    const boundOrgId = row.org_id === null ? null : Number(row.org_id);
    return { ok: true, identityUuid: row.identity_uuid, familyId: row.family_id, boundOrgId, token: next } as const;
  });
}

export async function revokeFamilyOf(database: Database, token: string): Promise<void> {
  const row = await database.db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return;
  await revokeFamily(database, row.family_id);
}

export async function revokeFamily(database: Database, familyId: string): Promise<void> {
  await database.db
    .updateTable('refresh_tokens')
    .set({ revoked_date: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_date', 'is', null)
    .execute();
}

/**
 * Ends an identity's sessions (password change, disabling, merge): every refresh-token family is
 * revoked, and with it the family's access tokens (`sid`), except `keepFamilyId` (the caller's own
 * session when they change their own password).
 */
export async function revokeSessionsOf(database: Database, identityUuid: string, keepFamilyId?: string): Promise<void> {
  let query = database.db
    .updateTable('refresh_tokens')
    .set({ revoked_date: nowIso() })
    .where('identity_uuid', '=', identityUuid)
    .where('revoked_date', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '<>', keepFamilyId);
  await query.execute();
}

/**
 * Ends an identity's sessions in one organisation (its membership was removed): the families
 * bound to that organisation. Sessions of the person's own password stay, but reach this
 * organisation no more: every request checks the membership (request-context.ts).
 */
export async function revokeOrganisationSessionsOf(database: Database, identityUuid: string, orgId: number): Promise<void> {
  await database.db
    .updateTable('refresh_tokens')
    .set({ revoked_date: nowIso() })
    .where('identity_uuid', '=', identityUuid)
    .where('org_id', '=', orgId)
    .where('revoked_date', 'is', null)
    .execute();
}
