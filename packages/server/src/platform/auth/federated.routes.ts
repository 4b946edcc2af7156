/**
 * Browser routes of federated sign-in (oidc.ts): the start redirect and the provider's return.
 * Both answer redirects; problems go back to the sign-in screen as its `message` query, a code
 * (docs/product/identities-and-sign-in.md#federated-sign-in), never as a bare error page. The
 * start puts the sign-in's browser value in a cookie; the return and the code exchange need it.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FederatedFailure } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { FEDERATED_BROWSER_COOKIE, FederatedSignInError, completeFederated, federatedCookieOptions, startFederated } from './oidc.ts';

const startQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['app'],
  properties: { app: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const providerValue = { type: 'string', maxLength: 4096 } as const;
/** What providers may put on the return (RFC 6749 §4.1.2, RFC 9207 `iss`, Azure's admin_consent). */
const callbackQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    code: providerValue,
    state: providerValue,
    iss: providerValue,
    session_state: providerValue,
    scope: providerValue,
    error: providerValue,
    error_description: providerValue,
    error_uri: providerValue,
    admin_consent: providerValue,
    tenant: providerValue,
    authuser: providerValue,
    prompt: providerValue,
    hd: providerValue,
  },
} as const;

export function registerFederatedRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  // What http/typed-server.ts does (platform/ does not import http/): schemas type the input.
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const toLogin = (reply: FastifyReply, params: Record<string, string>) =>
    reply.header('Cache-Control', 'no-store').redirect(`${ctx.config.publicUrl}/#/login?${new URLSearchParams(params).toString()}`, 302);

  app.get(
    '/oauth/federated/start',
    {
      schema: {
        tags: ['auth'],
        summary: "Start federated sign-in: redirects to the organisation's OpenID Connect provider",
        querystring: startQuery,
        security: [],
      },
    },
    async (request, reply) => {
      try {
        const { target, browserValue } = await startFederated(ctx, request.query.app);
        // Binds the sign-in to this browser (docs/product/security.md#federated-sign-in).
        void reply.setCookie(FEDERATED_BROWSER_COOKIE, browserValue, federatedCookieOptions(ctx));
        return reply.header('Cache-Control', 'no-store').redirect(target.href, 302);
      } catch (error) {
        return toLogin(reply, { message: failureMessage(error) });
      }
    },
  );

  app.get(
    '/oauth/federated/callback',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Return from the provider: redirects to #/login?code= (exchanged with grant_type=authorization_code), or #/admin/configuration for admin_consent=True',
        querystring: callbackQuery,
        security: [],
      },
    },
    async (request, reply) => {
      const { query } = request;
      // docs/product/identities-and-sign-in.md#sign-in: an administrator's consent round-trip (admin_consent=True) returns to the configuration.
      if (query.admin_consent?.toLowerCase() === 'true' && !query.code) {
        return reply.header('Cache-Control', 'no-store').redirect(`${ctx.config.publicUrl}/#/admin/configuration`, 302);
      }
      try {
        const code = await completeFederated(ctx, query, request.cookies[FEDERATED_BROWSER_COOKIE]);
        return toLogin(reply, { code });
      } catch (error) {
        return toLogin(reply, { message: failureMessage(error) });
      }
    },
  );
}

/** A code the sign-in screen words in the user's language (docs/product/security.md#sign-in-messages). */
function failureMessage(error: unknown): FederatedFailure {
  return error instanceof FederatedSignInError ? error.code : 'federated_failed';
}
