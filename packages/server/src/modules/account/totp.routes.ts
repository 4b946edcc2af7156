/**
 * Authenticator-app enrolment for the signed-in identity (directory mfa_method `app`):
 * `POST /v3/account/totp/setup` answers a fresh secret and its otpauth:// URI (nothing stored);
 * `PUT /v3/account/totp` with that secret and a current code stores it; `DELETE` removes it;
 * `GET` tells whether the identity is enrolled. Until enrolled, one-time codes come by e-mail.
 * Replacing or removing an enrolled authenticator needs a current code from it or the password
 * (`current_code` / `password`), so a stolen session cannot swap the second factor; those proofs
 * count towards the account's failure limit like sign-in attempts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { authenticate } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { badRequest, HttpError } from '../../http/http-error.ts';
import { TOO_MANY_ATTEMPTS } from '../../platform/auth/oauth-error.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { SIGN_IN_LIMIT, releaseAttempt, reserveAttempt } from '../../platform/auth/rate-limiter.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { newTotpSecret, totpFor, verifyTotp } from '../../platform/auth/totp.ts';

const tags = ['account'];
const noQuery = { type: 'object', additionalProperties: false, properties: { app: { type: 'string', maxLength: 64 } } } as const;
const enrolBody = {
  type: 'object',
  additionalProperties: false,
  required: ['secret', 'code'],
  properties: {
    secret: { type: 'string', pattern: '^[A-Z2-7]{16,64}$' },
    code: { type: 'string', maxLength: 6 },
    current_code: { type: 'string', maxLength: 6, description: 'A code of the authenticator enrolled now (to replace it)' },
    password: { type: 'string', maxLength: 1024, description: 'Or the password' },
  },
} as const;
const removeBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', maxLength: 6, description: 'A current code of the enrolled authenticator' },
    password: { type: 'string', maxLength: 1024, description: 'Or the password' },
  },
} as const;

export const TOTP_PROOF_REQUIRED = 'Enter a current code from your authenticator app, or your password.';
export const TOTP_OWN_SIGN_IN_REQUIRED = 'Sign in with your own password to change your authenticator app.';

/**
 * A session one organisation vouched for (its directory, a password its administrator set) may
 * not change the second factor that other organisations of the identity rely on.
 */
async function ownSessionOrThrow(ctx: AppContext, identity: { uuid: string; boundOrgId: number | null }): Promise<void> {
  if (identity.boundOrgId === null) return;
  const elsewhere = await ctx.database.db
    .selectFrom('memberships')
    .select('org_id')
    .where('identity_uuid', '=', identity.uuid)
    .where('org_id', '<>', identity.boundOrgId)
    .executeTakeFirst();
  if (elsewhere) throw new HttpError('forbidden', TOTP_OWN_SIGN_IN_REQUIRED);
}

/**
 * When an authenticator is enrolled, a change needs proof: its current code or the password.
 * Each proof reserves a slot of the account's failure limit before it is checked.
 */
async function enrolledChangeAllowedOrThrow(
  ctx: AppContext,
  uuid: string,
  proof: { code?: string | undefined; password?: string | undefined },
): Promise<void> {
  const row = await ctx.database.db
    .selectFrom('identities')
    .select(['totp_secret', 'password_hash', 'email'])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  if (row.totp_secret === null) return;
  if (!proof.code && !proof.password) throw new HttpError('forbidden', TOTP_PROOF_REQUIRED);
  const key = `totp-change:${uuid}`;
  const reservation = await reserveAttempt(ctx.database, key, SIGN_IN_LIMIT);
  if (!reservation.allowed)
    throw new HttpError('rate_limited', TOO_MANY_ATTEMPTS, { headers: { 'retry-after': String(reservation.retryAfterSeconds) } });
  const codeOk = proof.code !== undefined && /^\d{6}$/.test(proof.code) && verifyTotp(row.totp_secret, proof.code);
  const passwordOk =
    !codeOk && proof.password !== undefined && row.password_hash !== null && (await verifyPassword(row.password_hash, proof.password));
  if (!codeOk && !passwordOk) throw new HttpError('forbidden', TOTP_PROOF_REQUIRED);
  await releaseAttempt(ctx.database, key);
}

export function registerTotpRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/account/totp',
    { schema: { tags, summary: 'Whether the signed-in identity uses an authenticator app', querystring: noQuery } },
    async (request) => {
      const identity = await authenticate(ctx, request);
      const row = await ctx.database.db
        .selectFrom('identities')
        .select('totp_secret')
        .where('uuid', '=', identity.uuid)
        .executeTakeFirstOrThrow();
      return { enrolled: row.totp_secret !== null };
    },
  );

  app.post(
    '/v3/account/totp/setup',
    { schema: { tags, summary: 'A fresh authenticator secret and its otpauth:// URI (not stored until confirmed)', querystring: noQuery } },
    async (request) => {
      const identity = await authenticate(ctx, request);
      const secret = newTotpSecret();
      return { secret, otpauth_url: totpFor(secret, identity.email).toString() };
    },
  );

  app.put(
    '/v3/account/totp',
    { schema: { tags, summary: 'Confirm enrolment with the secret and a current code', querystring: noQuery, body: enrolBody } },
    async (request) => {
      const identity = await authenticate(ctx, request);
      const { secret, code, current_code, password } = request.body;
      if (!/^\d{6}$/.test(code) || !verifyTotp(secret, code)) throw badRequest('Please enter a valid OTP code!');
      await ownSessionOrThrow(ctx, identity);
      await enrolledChangeAllowedOrThrow(ctx, identity.uuid, { code: current_code, password });
      await storeAuthenticator(ctx, identity, secret);
      return { enrolled: true };
    },
  );

  app.delete(
    '/v3/account/totp',
    {
      schema: {
        tags,
        summary: 'Stop using an authenticator app (codes come by e-mail again): needs a current code or the password',
        querystring: noQuery,
        body: removeBody,
      },
    },
    async (request) => {
      const identity = await authenticate(ctx, request);
      const proof = request.body ?? {};
      await ownSessionOrThrow(ctx, identity);
      await enrolledChangeAllowedOrThrow(ctx, identity.uuid, proof);
      await storeAuthenticator(ctx, identity, null);
      return { error: false };
    },
  );
}

/** Enrols (a secret) or removes (null) the identity's authenticator app, and logs which it was. */
async function storeAuthenticator(ctx: AppContext, identity: { uuid: string; email: string }, secret: string | null): Promise<void> {
  await ctx.database.db.updateTable('identities').set({ totp_secret: secret }).where('uuid', '=', identity.uuid).execute();
  await writeLog(ctx.database, {
    orgId: null,
    type: 1,
    subject: secret ? 'Authenticator enrolled' : 'Authenticator removed',
    summary: secret ? `${identity.email} enrolled an authenticator app` : `${identity.email} removed their authenticator app`,
    identityUuid: identity.uuid,
  });
}
