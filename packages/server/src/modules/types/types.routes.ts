/**
 * `GET /v3/{appId}/$$types` and `GET /v3/{appId}/$$types/{type}`: the client projections of the
 * types the caller may read or create (types.service.ts). The `$$types` segment is static, so
 * Fastify's router prefers it to the documents' `/v3/:appId/:type`, and no type can be named so
 * (type names start with a letter). Clients send it as is: `$` is a valid path character, and the
 * router compares static segments before decoding (`%24%24types` would reach the document routes).
 */
import type { FastifyInstance } from 'fastify';
import { CLIENT_TYPES_SEGMENT } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { getClientType, listClientTypes } from './types.service.ts';

const appId = { type: 'string', maxLength: 64 } as const;
const noQuery = { type: 'object', additionalProperties: false, properties: { s: { type: 'string', maxLength: 8 } } } as const;

export function registerTypeRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const tags = ['types'];
  app.get(
    `/v3/:appId/${CLIENT_TYPES_SEGMENT}`,
    {
      schema: {
        tags,
        summary:
          'The types the caller may read or create, as the screens need them: {dataAr: [definition with access: {create}], total}, the organisation’s stored overrides included, without indexes, workflow step users and the protected fields the caller can never see; access.create is the decision a create would get',
        params: { type: 'object', properties: { appId }, required: ['appId'] },
        querystring: noQuery,
      },
    },
    async (request) => listClientTypes(ctx, await resolvePrincipal(ctx, request)),
  );
  app.get(
    `/v3/:appId/${CLIENT_TYPES_SEGMENT}/:type`,
    {
      schema: {
        tags,
        summary:
          'One type as the screens need it, with access: {create} (404 unknown type, 403 when the caller may neither read nor create it)',
        params: { type: 'object', properties: { appId, type: { type: 'string', maxLength: 64 } }, required: ['appId', 'type'] } as const,
        querystring: noQuery,
      },
    },
    async (request) => getClientType(ctx, await resolvePrincipal(ctx, request), request.params.type),
  );
}
