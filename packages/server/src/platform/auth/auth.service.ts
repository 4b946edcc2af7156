/**
 * Sign-in operations behind the token endpoint: password grant, refresh grant and logout.
 * Failed passwords are counted per account and per client address before any check runs.
 */
import type { OrganisationRef, TokenAnswer } from '@docket/shared';
import { ACCESS_TOKEN_LIFETIME_S } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { nowIso } from '../db/json.ts';
import { normaliseEmail } from './email.ts';
import { INVALID_CREDENTIALS, OAuthError, SESSION_EXPIRED, TOO_MANY_ATTEMPTS } from './oauth-error.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { releaseAttempt, reserveAttempt, type RateLimit } from './rate-limiter.ts';
import { revokeFamilyOf, rotate, startFamily } from './refresh-tokens.ts';
import { writeLog } from '../logs/logs.ts';

export const SIGN_IN_LIMIT: RateLimit = { limit: 10, windowMs: 15 * 60 * 1000 };

export interface PasswordGrantInput {
  username: string;
  password: string;
  clientAddress: string;
}

export async function passwordGrant(ctx: AppContext, input: PasswordGrantInput): Promise<TokenAnswer> {
  const email = normaliseEmail(input.username);
  const keys = [`signin:email:${email}`, `signin:ip:${input.clientAddress}`];
  for (const key of keys) {
    const reservation = await reserveAttempt(ctx.database, key, SIGN_IN_LIMIT);
    if (!reservation.allowed) {
      throw new OAuthError('rate_limited', TOO_MANY_ATTEMPTS, 429, reservation.retryAfterSeconds);
    }
  }
  const identity = await ctx.database.db
    .selectFrom('identities')
    .select(['uuid', 'password_hash', 'active', 'login_enabled'])
    .where('email', '=', email)
    .executeTakeFirst();
  // Unknown accounts verify against a dummy hash so the answer takes as long as for known ones.
  const passwordOk = await verifyPassword(identity?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!identity || !identity.password_hash || !passwordOk || !identity.active || !identity.login_enabled) {
    await writeLog(ctx.database, { orgId: null, type: 2, subject: 'Sign-in failed', summary: `Failed sign-in for ${email}`, descrip: `Client address ${input.clientAddress}` });
    throw new OAuthError('invalid_grant', INVALID_CREDENTIALS);
  }
  for (const key of keys) await releaseAttempt(ctx.database, key);
  return issueTokens(ctx, identity.uuid, true);
}

export async function refreshGrant(ctx: AppContext, refreshToken: string): Promise<TokenAnswer> {
  const rotation = await rotate(ctx.database, refreshToken);
  if (!rotation.ok) throw new OAuthError('invalid_grant', SESSION_EXPIRED);
  const identity = await ctx.database.db
    .selectFrom('identities')
    .select(['active', 'login_enabled'])
    .where('uuid', '=', rotation.identityUuid)
    .executeTakeFirst();
  if (!identity?.active || !identity.login_enabled) throw new OAuthError('invalid_grant', SESSION_EXPIRED);
  return {
    access_token: await ctx.accessTokens.issue(rotation.identityUuid, rotation.familyId),
    refresh_token: rotation.token,
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    token_type: 'Bearer',
    organisations: await organisationsOf(ctx, rotation.identityUuid),
  };
}

export async function logout(ctx: AppContext, refreshToken: string): Promise<void> {
  await revokeFamilyOf(ctx.database, refreshToken);
}

/** Starts a session family for a verified identity (password, and later one-time code or OIDC). */
export async function issueTokens(ctx: AppContext, identityUuid: string, countSession: boolean): Promise<TokenAnswer> {
  const family = await startFamily(ctx.database, identityUuid);
  if (countSession) {
    await ctx.database.db
      .updateTable('identities')
      .set((eb) => ({ last_login: nowIso(), session_count: eb('session_count', '+', 1) }))
      .where('uuid', '=', identityUuid)
      .execute();
  }
  return {
    access_token: await ctx.accessTokens.issue(identityUuid, family.familyId),
    refresh_token: family.token,
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    token_type: 'Bearer',
    organisations: await organisationsOf(ctx, identityUuid),
  };
}

export async function organisationsOf(ctx: AppContext, identityUuid: string): Promise<OrganisationRef[]> {
  const rows = await ctx.database.db
    .selectFrom('memberships')
    .innerJoin('organisations', 'organisations.id', 'memberships.org_id')
    .select(['organisations.app_id', 'organisations.company'])
    .where('memberships.identity_uuid', '=', identityUuid)
    .where('organisations.active', '=', 1)
    .orderBy('organisations.company')
    .execute();
  return rows.map((row) => ({ app_id: row.app_id, company: row.company }));
}
