/**
 * Sign-in operations behind the token endpoint: password grant, refresh grant and logout.
 * Failed passwords are counted per account and per client address before any check runs.
 */
import type { OtpChallengeAnswer, TokenAnswer } from '@docket/shared';
import { ACCESS_TOKEN_LIFETIME_S } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { normaliseEmail } from './email.ts';
import { INVALID_CREDENTIALS, OAuthError, SESSION_EXPIRED, TOO_MANY_ATTEMPTS } from './oauth-error.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { ADDRESS_LIMIT, SIGN_IN_LIMIT, releaseAttempt, reserveAttempt, type RateLimit } from './rate-limiter.ts';
import { issueTokens, organisationsOf } from './sessions.ts';
import { revokeFamilyOf, rotate } from './refresh-tokens.ts';
import { writeLog } from '../logs/logs.ts';
import { isPasswordSignInAllowed, mfaMethodOf, settingsOfIdentity } from './directory-settings.ts';
import { startOtpChallenge, unfinishableChallenge } from './otp.ts';

export { SIGN_IN_LIMIT } from './rate-limiter.ts';
export { issueTokens, organisationsOf } from './sessions.ts';

export interface PasswordGrantInput {
  username: string;
  password: string;
  clientAddress: string;
}

/**
 * A good password gives tokens, or, when the identity's mfa is on, the one-time-code challenge
 * `{client_code, otp_required:true}` (otp.ts).
 *
 * Limits (rate-limiter.ts), each slot reserved before the password is checked: per client address
 * (all accounts), per account from this address, and per account. The first two refuse (429).
 * Past the account's own limit — someone guessing from elsewhere — the answer is a challenge
 * whatever the password: a right one e-mails a code to the stored address, a wrong one e-mails
 * nothing and can never be completed. The owner signs in; the guesser learns nothing.
 */
export async function passwordGrant(ctx: AppContext, input: PasswordGrantInput): Promise<TokenAnswer | OtpChallengeAnswer> {
  const email = normaliseEmail(input.username);
  const refusingKeys: Array<[string, RateLimit]> = [
    [`signin:ip:${input.clientAddress}`, ADDRESS_LIMIT],
    [`signin:email-ip:${email}|${input.clientAddress}`, SIGN_IN_LIMIT],
  ];
  for (const [key, rule] of refusingKeys) {
    const reservation = await reserveAttempt(ctx.database, key, rule);
    if (!reservation.allowed) {
      throw new OAuthError('rate_limited', TOO_MANY_ATTEMPTS, 429, reservation.retryAfterSeconds);
    }
  }
  const accountKey = `signin:email:${email}`;
  const isStepUp = !(await reserveAttempt(ctx.database, accountKey, SIGN_IN_LIMIT)).allowed;
  const identity = await ctx.database.db
    .selectFrom('identities')
    .select(['uuid', 'email', 'display_name', 'password_hash', 'active', 'login_enabled', 'mfa', 'totp_secret', 'password_org_id'])
    .where('email', '=', email)
    .executeTakeFirst();
  // Unknown accounts verify against a dummy hash so the answer takes as long as for known ones.
  const passwordOk = await verifyPassword(identity?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!identity || !identity.password_hash || !passwordOk || !identity.active || !identity.login_enabled) {
    await writeLog(ctx.database, {
      orgId: null,
      type: 2,
      subject: 'Sign-in failed',
      summary: `Failed sign-in for ${email}`,
      descrip: `Client address ${input.clientAddress}`,
      identityUuid: identity?.uuid ?? null,
    });
    if (isStepUp) return unfinishableChallenge(ctx, identity?.uuid);
    throw new OAuthError('invalid_grant', INVALID_CREDENTIALS);
  }
  for (const [key] of refusingKeys) await releaseAttempt(ctx.database, key);
  await releaseAttempt(ctx.database, accountKey);
  const directories = await settingsOfIdentity(ctx.database, identity.uuid);
  if (!isPasswordSignInAllowed(directories)) throw new OAuthError('invalid_grant', FEDERATED_ONLY);
  // A password an administrator set reaches that administrator's organisation only.
  const boundOrgId = identity.password_org_id === null ? null : Number(identity.password_org_id);
  if (identity.mfa || isStepUp) {
    const otpIdentity = {
      uuid: identity.uuid,
      email: identity.email,
      displayName: identity.display_name,
      totpSecret: identity.totp_secret,
    };
    return startOtpChallenge(ctx, otpIdentity, isStepUp ? 'email' : mfaMethodOf(directories), boundOrgId);
  }
  await writeLog(ctx.database, {
    orgId: boundOrgId,
    type: 1,
    subject: 'Signed in',
    summary: `${email} signed in with a password`,
    descrip: `Client address ${input.clientAddress}`,
    identityUuid: identity.uuid,
  });
  return issueTokens(ctx, identity.uuid, true, boundOrgId);
}

export const FEDERATED_ONLY = "Please sign in with your organisation's account.";

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
    organisations: await organisationsOf(ctx, rotation.identityUuid, rotation.boundOrgId),
  };
}

export async function logout(ctx: AppContext, refreshToken: string): Promise<void> {
  await revokeFamilyOf(ctx.database, refreshToken);
}
