/**
 * `GET /v3/{appId}/$$configuration` (the list: the organisation's own subscription),
 * `GET|PUT /v3/{appId}/$$configuration/{id}`: administrators of that organisation only. Creating,
 * suspending and listing organisations is the platform operator's, from the command line only
 * (`npm run operator -w @docket/server`), never through an organisation's API.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_LIST_START } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { getSubscription, listSubscriptions, updateSubscription } from './subscription.service.ts';

const tags = ['administration'];
const params = { type: 'object', properties: { appId: { type: 'string', maxLength: 64 } }, required: ['appId'] } as const;
const idParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, id: { type: 'integer', minimum: 1 } },
  required: ['appId', 'id'],
} as const;
/** The list query's keys; one row at most, so they change nothing. */
const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    s: { type: 'string', maxLength: 8 },
    select: { type: 'string', maxLength: 2000 },
    filter: { type: 'string', maxLength: 4000 },
    order: { type: 'string', maxLength: 200 },
    count: { type: 'integer', minimum: 0, maximum: 1000 },
    start: { type: 'integer', minimum: 0, maximum: MAX_LIST_START },
  },
} as const;
const getQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { s: { type: 'string', maxLength: 8 }, select: { type: 'string', maxLength: 2000 } },
} as const;
const domain = { type: 'string', minLength: 1, maxLength: 253 } as const;
const body = {
  type: 'object',
  additionalProperties: false,
  required: ['company', 'primary_domain', 'customer_schema', 'email_signup'],
  properties: {
    id: { type: 'integer' },
    app_id: { type: 'string', maxLength: 64, description: 'Ignored' },
    created_date: { type: 'string', maxLength: 40, description: 'Ignored' },
    company: { type: 'string', minLength: 1, maxLength: 200 },
    primary_domain: domain,
    // null (as an organisation made before it was asked for answers it): unchanged.
    customer_schema: { type: ['string', 'null'], maxLength: 100 },
    email_signup: { type: 'boolean' },
    active: { type: 'boolean', description: "The platform operator's: a change is refused" },
    authorized_domains: { type: 'array', maxItems: 50, items: domain },
    license: {
      type: ['object', 'null'],
      additionalProperties: false,
      description: "The platform operator's: a change is refused",
      properties: {
        plan: { type: 'string', maxLength: 100 },
        seats: { type: 'integer', minimum: 1 },
        expiry_date: { type: 'string', maxLength: 40 },
      },
    },
  },
} as const;

export function registerSubscriptionRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/$$configuration',
    { schema: { tags, summary: "The organisation's subscription, as a list of one (administrators)", params, querystring: listQuery } },
    async (request) => listSubscriptions(ctx, await resolvePrincipal(ctx, request)),
  );
  app.get(
    '/v3/:appId/$$configuration/:id',
    { schema: { tags, summary: "The organisation's subscription (administrators)", params: idParams, querystring: getQuery } },
    async (request) => getSubscription(ctx, await resolvePrincipal(ctx, request), request.params.id),
  );
  app.put(
    '/v3/:appId/$$configuration/:id',
    {
      schema: {
        tags,
        summary: "Save the organisation's subscription (administrators; active and licence are the operator's)",
        params: idParams,
        body,
      },
    },
    async (request) => {
      const { company, primary_domain, customer_schema, email_signup, active, authorized_domains, license } = request.body;
      return updateSubscription(ctx, await resolvePrincipal(ctx, request), request.params.id, {
        company,
        primary_domain,
        customer_schema,
        email_signup,
        ...(active === undefined ? {} : { active }),
        ...(authorized_domains === undefined ? {} : { authorized_domains: [...authorized_domains] }),
        ...(license === undefined ? {} : { license }),
      });
    },
  );
}
