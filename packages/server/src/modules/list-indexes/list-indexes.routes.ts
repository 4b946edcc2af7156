/**
 * Thin routes of the schema admin's Indexes tab (docs/product/forms-and-lists.md#list-indexes):
 * `GET|POST /v3/{appId}/$$schema/indexes/{type}` and `DELETE …/{type}/{name}`.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { addListIndex, dropListIndex, listIndexesOf } from './list-indexes.service.ts';

const typeParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, type: { type: 'string', maxLength: 64 } },
  required: ['appId', 'type'],
} as const;
const nameParams = {
  type: 'object',
  properties: { ...typeParams.properties, name: { type: 'string', maxLength: 63 } },
  required: ['appId', 'type', 'name'],
} as const;
const appQuery = { type: 'object', additionalProperties: false, properties: { s: { type: 'string', maxLength: 8 } } } as const;
/** `sizes=false`: the indexes without their sizes, which on the embedded database are a walk of every page (list-indexes.service.ts). */
const listQuery = { ...appQuery, properties: { ...appQuery.properties, sizes: { type: 'boolean' } } } as const;
const field = { type: 'string', minLength: 1, maxLength: 200 } as const;
const addBody = {
  type: 'object',
  additionalProperties: false,
  required: ['equality', 'order'],
  properties: { equality: { type: 'array', maxItems: 4, items: field }, order: field, forLimited: { type: 'boolean' } },
} as const;

export function registerListIndexRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const tags = ['schemas'];
  app.get(
    '/v3/:appId/$$schema/indexes/:type',
    {
      schema: {
        tags,
        summary: "A type's indexes (with size unless sizes=false) and the slow list shapes worth one",
        params: typeParams,
        querystring: listQuery,
      },
    },
    async (request) =>
      listIndexesOf(ctx, await resolvePrincipal(ctx, request), request.params.type, { withSizes: request.query.sizes !== false }),
  );
  app.post(
    '/v3/:appId/$$schema/indexes/:type',
    {
      schema: {
        tags,
        summary: 'Queue the build of an index for a list shape (a durable job)',
        params: typeParams,
        querystring: appQuery,
        body: addBody,
      },
    },
    async (request, reply) => {
      const body = { equality: [...request.body.equality], order: request.body.order, forLimited: request.body.forLimited === true };
      return reply.status(202).send(await addListIndex(ctx, await resolvePrincipal(ctx, request), request.params.type, body));
    },
  );
  app.delete(
    '/v3/:appId/$$schema/indexes/:type/:name',
    { schema: { tags, summary: 'Drop an index an administrator added (answers never change)', params: nameParams, querystring: appQuery } },
    async (request) => {
      await dropListIndex(ctx, await resolvePrincipal(ctx, request), request.params.type, request.params.name);
      return { error: false };
    },
  );
}
