/**
 * The one-time-code step of sign-in (docs/product/identities-and-sign-in.md#sign-in; issue 3 item 5). After a good
 * password for an identity with mfa on, the token endpoint answers `{client_code, otp_required}`
 * and e-mails 6 random digits to the identity's *stored* address (docs/product/security.md#lesson-9). Then
 * `grant_type=otp_code` with client_code and otp_code gives the tokens.
 *
 * - Codes are single use, valid 10 minutes, stored only as an HMAC keyed by a server secret
 *   (six digits hashed without a key could be brute-forced from a stolen database).
 * - At most 5 tries per code: each try reserves its slot with one conditional UPDATE before the
 *   code is compared, so parallel guesses cannot exceed it (docs/product/security.md#lesson-15); failed
 *   guesses also count towards the sign-in limits per e-mail and per client address.
 * - With the directory's mfa_method `app`, an enrolled identity answers with its authenticator
 *   app's TOTP code instead (totp.ts); nothing is e-mailed then.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { OtpChallengeAnswer, TokenAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { nowIso } from '../db/json.ts';
import { writeLog } from '../logs/logs.ts';
import { sendMail } from '../mail/mailer.ts';
import { OAuthError, TOO_MANY_ATTEMPTS } from './oauth-error.ts';
import { ADDRESS_LIMIT, SIGN_IN_LIMIT, releaseAttempt, reserveAttempt, type RateLimit } from './rate-limiter.ts';
import { hashToken, newOpaqueToken } from './refresh-tokens.ts';
import { loadOrCreateSecret } from './secrets.ts';
import { verifyTotp } from './totp.ts';
import { issueTokens } from './sessions.ts';

export const OTP_LIFETIME_MS = 10 * 60 * 1000;
export const OTP_MAX_TRIES = 5;
export const OTP_INVALID = 'Please enter a valid OTP code!';
export const OTP_WRONG = 'The OTP code is incorrect.';
export const OTP_EXPIRED = 'The OTP code has expired or was used too many times. Please sign in again.';

export interface OtpIdentity {
  uuid: string;
  email: string;
  displayName: string;
  totpSecret: string | null;
}

/** `boundOrgId`: the organisation the session will be bound to (auth.service.ts), or null. */
export async function startOtpChallenge(
  ctx: AppContext,
  identity: OtpIdentity,
  method: 'email' | 'app',
  boundOrgId: number | null,
): Promise<OtpChallengeAnswer> {
  const clientCode = newOpaqueToken();
  const clientCodeHash = hashToken(clientCode);
  const useApp = method === 'app' && identity.totpSecret !== null;
  const code = useApp ? null : String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await ctx.database.db
    .insertInto('sign_in_codes')
    .values({
      client_code_hash: clientCodeHash,
      purpose: 'otp',
      identity_uuid: identity.uuid,
      code_hash: code === null ? null : await codeHash(ctx, clientCodeHash, code),
      method: useApp ? 'app' : 'email',
      attempts: 0,
      created_date: now.toISOString(),
      expires_date: new Date(now.getTime() + OTP_LIFETIME_MS).toISOString(),
      used_date: null,
      org_id: boundOrgId,
    })
    .execute();
  if (code !== null) {
    await sendMail(ctx, {
      orgId: null,
      recipientUuid: identity.uuid,
      to: identity.email,
      subject: 'Your Docket sign-in code',
      text: `Hello ${identity.displayName},\n\nYour one-time sign-in code is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not try to sign in, ignore this message.`,
    });
  }
  return { client_code: clientCode, otp_required: true };
}

/**
 * The answer to a wrong password once the account's failure limit is reached: shaped like a real
 * challenge (so it tells a guesser nothing), e-mails nothing and matches no code.
 */
export async function unfinishableChallenge(ctx: AppContext, identityUuid: string | undefined): Promise<OtpChallengeAnswer> {
  const clientCode = newOpaqueToken();
  const now = new Date();
  await ctx.database.db
    .insertInto('sign_in_codes')
    .values({
      client_code_hash: hashToken(clientCode),
      purpose: 'otp',
      identity_uuid: identityUuid ?? '',
      code_hash: null,
      method: 'email',
      attempts: 0,
      created_date: now.toISOString(),
      expires_date: new Date(now.getTime() + OTP_LIFETIME_MS).toISOString(),
      used_date: null,
      org_id: null,
    })
    .execute();
  return { client_code: clientCode, otp_required: true };
}

export async function otpGrant(
  ctx: AppContext,
  input: { clientCode: string; otpCode: string; clientAddress: string },
): Promise<TokenAnswer> {
  // Exact type and shape first (docs/product/security.md#lesson-4): 6 digits, nothing else.
  if (!/^\d{6}$/.test(input.otpCode)) throw new OAuthError('invalid_request', OTP_INVALID);
  const clientCodeHash = hashToken(input.clientCode);
  const challenge = await ctx.database.db
    .selectFrom('sign_in_codes as c')
    .innerJoin('identities as i', 'i.uuid', 'c.identity_uuid')
    .select([
      'c.id',
      'c.code_hash',
      'c.method',
      'c.expires_date',
      'c.used_date',
      'c.org_id',
      'i.uuid',
      'i.email',
      'i.totp_secret',
      'i.active',
      'i.login_enabled',
    ])
    .where('c.client_code_hash', '=', clientCodeHash)
    .where('c.purpose', '=', 'otp')
    .executeTakeFirst();
  if (!challenge || challenge.used_date || challenge.expires_date < nowIso()) throw new OAuthError('invalid_grant', OTP_EXPIRED);
  const keys: Array<[string, RateLimit]> = [
    [`otp:email:${challenge.email}`, SIGN_IN_LIMIT],
    [`otp:ip:${input.clientAddress}`, ADDRESS_LIMIT],
  ];
  for (const [key, rule] of keys) {
    const reservation = await reserveAttempt(ctx.database, key, rule);
    if (!reservation.allowed) throw new OAuthError('rate_limited', TOO_MANY_ATTEMPTS, 429, reservation.retryAfterSeconds);
  }
  // Reserve one of the code's tries before comparing anything.
  const tried = await ctx.database.db
    .updateTable('sign_in_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challenge.id)
    .where('attempts', '<', OTP_MAX_TRIES)
    .where('used_date', 'is', null)
    .executeTakeFirst();
  if (Number(tried.numUpdatedRows) !== 1) throw new OAuthError('invalid_grant', OTP_EXPIRED);
  const matches =
    challenge.method === 'app'
      ? challenge.totp_secret !== null && verifyTotp(challenge.totp_secret, input.otpCode)
      : challenge.code_hash !== null && safeEqual(challenge.code_hash, await codeHash(ctx, clientCodeHash, input.otpCode));
  if (!matches || !challenge.active || !challenge.login_enabled) {
    await writeLog(ctx.database, {
      orgId: null,
      type: 2,
      subject: 'Sign-in failed',
      summary: `Wrong one-time code for ${challenge.email}`,
      descrip: `Client address ${input.clientAddress}`,
      identityUuid: challenge.uuid,
    });
    throw new OAuthError('invalid_grant', OTP_WRONG);
  }
  const spent = await ctx.database.db
    .updateTable('sign_in_codes')
    .set({ used_date: nowIso() })
    .where('id', '=', challenge.id)
    .where('used_date', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new OAuthError('invalid_grant', OTP_EXPIRED);
  for (const [key] of keys) await releaseAttempt(ctx.database, key);
  const boundOrgId = challenge.org_id === null ? null : Number(challenge.org_id);
  await writeLog(ctx.database, {
    orgId: boundOrgId,
    type: 1,
    subject: 'Signed in',
    summary: `${challenge.email} signed in with a one-time code`,
    descrip: `Client address ${input.clientAddress}`,
    identityUuid: challenge.uuid,
  });
  return issueTokens(ctx, challenge.uuid, true, boundOrgId);
}

async function codeHash(ctx: AppContext, clientCodeHash: string, code: string): Promise<string> {
  const key = await loadOrCreateSecret(ctx.database, 'otp-key');
  return createHmac('sha256', key).update(`${clientCodeHash}:${code}`).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
