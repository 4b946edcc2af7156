/** HTTP adapter of the token endpoint (docs/product/identities-and-sign-in.md#sign-in; issue 2 item 6). Form-encoded, OAuth2-style. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { ACCESS_TOKEN_LIFETIME_S, type TokenAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { OAuthError } from './oauth-error.ts';
import { logout, passwordGrant, refreshGrant } from './auth.service.ts';
import { OTP_INVALID, otpGrant } from './otp.ts';
import { FEDERATED_BROWSER_COOKIE, authorizationCodeGrant, federatedCookieOptions } from './oidc.ts';

const tokenBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    grant_type: { type: 'string', maxLength: 64 },
    username: { type: 'string', maxLength: 320 },
    password: { type: 'string', maxLength: 1024 },
    refresh_token: { type: 'string', maxLength: 512 },
    authorization_code: { type: 'string', maxLength: 4096 },
    code: { type: 'string', maxLength: 4096 },
    client_code: { type: 'string', maxLength: 512 },
    otp_code: { type: 'string', maxLength: 32 },
    client_id: { type: 'string', maxLength: 128 },
    client_name: { type: 'string', maxLength: 128 },
    client_version: { type: 'string', maxLength: 64 },
  },
} as const;

/** The checked value of a schema (as http/typed-server.ts's `Validated`, which platform/ does not import). */
type Validated<Schema> = (JsonSchemaToTsProvider & { schema: Schema })['validator'];

export type GrantHandler = (
  ctx: AppContext,
  body: Record<string, string | undefined>,
  clientAddress: string,
  cookies: Record<string, string | undefined>,
) => Promise<TokenAnswer | object>;

/** Grant types by name (docs/product/identities-and-sign-in.md#sign-in token endpoint). */
export const grantHandlers = new Map<string, GrantHandler>([
  [
    'password',
    async (ctx, body, clientAddress) => {
      // Exact types only (docs/product/security.md#lesson-4): the schema has already refused non-strings.
      if (!body.username || !body.password) throw new OAuthError('invalid_request', 'Email or password is blank!');
      return passwordGrant(ctx, { username: body.username, password: body.password, clientAddress });
    },
  ],
  [
    'refresh_token',
    async (ctx, body) => {
      if (!body.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
      return refreshGrant(ctx, body.refresh_token);
    },
  ],
  [
    'otp_code',
    async (ctx, body, clientAddress) => {
      if (!body.client_code) throw new OAuthError('invalid_request', 'client_code is required');
      if (!body.otp_code) throw new OAuthError('invalid_request', OTP_INVALID);
      return otpGrant(ctx, { clientCode: body.client_code, otpCode: body.otp_code, clientAddress });
    },
  ],
  [
    'authorization_code',
    async (ctx, body, _clientAddress, cookies) => {
      // The one-time code the federated callback handed to the web app (oidc.ts), not the
      // provider's: only the browser that started the sign-in (its cookie) may exchange it.
      const code = body.authorization_code ?? body.code;
      if (!code) throw new OAuthError('invalid_request', 'authorization_code is required');
      return authorizationCodeGrant(ctx, code, cookies[FEDERATED_BROWSER_COOKIE]);
    },
  ],
]);

export function registerAuthRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  // What http/typed-server.ts does (platform/ does not import http/): schemas type the input.
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const tokenRoute = {
    schema: {
      tags: ['auth'],
      summary: 'Sign in (password, refresh token, one-time code, authorization code)',
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      body: tokenBodySchema,
    },
  };
  // The body's type comes from tokenBodySchema; a missing body never gets here (validation answers
  // "Invalid body: must be object").
  const handler = async (
    request: { body: Validated<typeof tokenBodySchema>; ip: string; cookies: Record<string, string | undefined> },
    reply: FastifyReply,
  ) => {
    const { body } = request;
    const grant = grantHandlers.get(body.grant_type ?? '');
    try {
      if (!grant) throw new OAuthError('unsupported_grant_type', `Unsupported grant_type: ${body.grant_type ?? '(none)'}`);
      const answer = await grant(ctx, body, request.ip, request.cookies);
      if ('access_token' in answer) setFileCookie(reply, (answer as TokenAnswer).access_token);
      // The federated sign-in's browser value has served its purpose.
      if (body.grant_type === 'authorization_code') void reply.clearCookie(FEDERATED_BROWSER_COOKIE, federatedCookieOptions(ctx));
      void reply.header('Cache-Control', 'no-store');
      return answer;
    } catch (error) {
      if (error instanceof OAuthError) {
        if (error.retryAfterSeconds) void reply.header('Retry-After', String(error.retryAfterSeconds));
        void reply.header('Cache-Control', 'no-store');
        return reply.status(error.status).send({ error: error.error, error_description: error.message, code: error.error });
      }
      throw error;
    }
  };
  app.post('/oauth/token', tokenRoute, handler);
  app.post('/oauth/login', tokenRoute, handler);

  app.delete(
    '/oauth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke a refresh token and its family',
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['refresh_token'],
          properties: { refresh_token: { type: 'string', maxLength: 512 } },
        } as const,
      },
    },
    async (request, reply) => {
      await logout(ctx, request.query.refresh_token);
      void reply.clearCookie('access_token', { path: '/file' });
      return { error: false };
    },
  );
}

/** The access token also rides in an HttpOnly cookie scoped to /file so <img> tags can load files. */
function setFileCookie(reply: FastifyReply, accessToken: string): void {
  void reply.setCookie('access_token', accessToken, {
    path: '/file',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: ACCESS_TOKEN_LIFETIME_S,
  });
}
