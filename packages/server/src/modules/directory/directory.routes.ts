/** `GET|PUT /v3/{appId}/$$directory`: directory and federated sign-in settings (administrators). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { getDirectorySettings, putDirectorySettings } from './directory.service.ts';

const tags = ['administration'];
const params = { type: 'object', properties: { appId: { type: 'string', maxLength: 64 } }, required: ['appId'] } as const;
const getQuery = { type: 'object', additionalProperties: false, properties: { s: { type: 'string', maxLength: 8 } } } as const;

/** docs/product/identities-and-sign-in.md#directory-settings: provider required (at least 1 character); federated_login, provider, allow_users_internal required. */
const body = {
  type: 'object',
  additionalProperties: false,
  required: ['federated_login', 'provider', 'allow_users_internal'],
  properties: {
    mfa_method: {
      type: 'string',
      enum: ['email', 'app'],
      description: 'email: one-time code by e-mail; app: authenticator app (TOTP) for enrolled users',
    },
    legacy_acl: { type: 'boolean' },
    lock_workflow_events: { type: 'boolean', description: 'Created and workflow events cannot be edited or deleted (on by default)' },
    federated_login: { type: 'boolean' },
    provider: { type: 'string', minLength: 1, maxLength: 200, description: 'The federated tenant directory' },
    allow_users_internal: { type: 'boolean', description: 'Hybrid: password users beside federated ones' },
    issuer: { type: 'string', maxLength: 500, description: 'OpenID Connect issuer URL' },
    client_id: { type: 'string', maxLength: 200 },
    client_secret: { type: 'string', maxLength: 500, description: 'Write-only; empty keeps the stored secret' },
    allowed_hosts: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', maxLength: 260, pattern: '^[A-Za-z0-9.\\-\\[\\]:]+$' },
      description:
        "The only public hosts (host or host:port) the server may reach for this organisation's provider; empty: any public host. Private and local addresses need the operator's OUTBOUND_ALLOW_PRIVATE.",
    },
    client_secret_set: { type: 'boolean', description: 'Ignored (answered by GET)' },
    scim_url: {
      type: 'string',
      maxLength: 500,
      description: "SCIM 2.0 base URL of the organisation's directory, read by the directory sync task; empty: no sync",
    },
    scim_token: { type: 'string', maxLength: 4000, description: 'Write-only SCIM bearer token; empty keeps the stored token' },
    scim_token_set: { type: 'boolean', description: 'Ignored (answered by GET)' },
  },
} as const;

export function registerDirectoryRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/$$directory',
    { schema: { tags, summary: 'Directory settings (administrators)', params, querystring: getQuery } },
    async (request) => {
      return getDirectorySettings(ctx, await resolvePrincipal(ctx, request));
    },
  );
  app.put(
    '/v3/:appId/$$directory',
    { schema: { tags, summary: 'Save directory settings (administrators)', params, body } },
    async (request) => {
      return putDirectorySettings(ctx, await resolvePrincipal(ctx, request), request.body);
    },
  );
}
