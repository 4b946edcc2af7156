/**
 * Authenticator-app enrolment for the signed-in identity (directory mfa_method `app`):
 * `POST /v3/account/totp/setup` answers a fresh secret and its otpauth:// URI (nothing stored);
 * `PUT /v3/account/totp` with that secret and a current code stores it; `DELETE` removes it;
 * `GET` tells whether the identity is enrolled. Until enrolled, one-time codes come by e-mail.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { authenticate } from '../../http/request-context.ts';
import { badRequest } from '../../http/http-error.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { newTotpSecret, totpFor, verifyTotp } from '../../platform/auth/totp.ts';

const tags = ['account'];
const noQuery = { type: 'object', additionalProperties: false, properties: { app: { type: 'string', maxLength: 64 } } } as const;
const enrolBody = {
  type: 'object',
  additionalProperties: false,
  required: ['secret', 'code'],
  properties: { secret: { type: 'string', pattern: '^[A-Z2-7]{16,64}$' }, code: { type: 'string', maxLength: 6 } },
} as const;

export function registerTotpRoutes(app: FastifyInstance, ctx: AppContext): void {
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
      const { secret, code } = request.body as { secret: string; code: string };
      if (!/^\d{6}$/.test(code) || !verifyTotp(secret, code)) throw badRequest('Please enter a valid OTP code!');
      await ctx.database.db.updateTable('identities').set({ totp_secret: secret }).where('uuid', '=', identity.uuid).execute();
      await writeLog(ctx.database, {
        orgId: null,
        type: 1,
        subject: 'Authenticator enrolled',
        summary: `${identity.email} enrolled an authenticator app`,
        identityUuid: identity.uuid,
      });
      return { enrolled: true };
    },
  );

  app.delete(
    '/v3/account/totp',
    { schema: { tags, summary: 'Stop using an authenticator app (codes come by e-mail again)', querystring: noQuery } },
    async (request) => {
      const identity = await authenticate(ctx, request);
      await ctx.database.db.updateTable('identities').set({ totp_secret: null }).where('uuid', '=', identity.uuid).execute();
      await writeLog(ctx.database, {
        orgId: null,
        type: 1,
        subject: 'Authenticator removed',
        summary: `${identity.email} removed their authenticator app`,
        identityUuid: identity.uuid,
      });
      return { error: false };
    },
  );
}
