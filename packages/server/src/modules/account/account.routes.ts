import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { getSession } from './account.service.ts';

export function registerAccountRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/account/session',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user and the subscription of the organisation in context',
        querystring: { type: 'object', additionalProperties: false, properties: { app: { type: 'string', maxLength: 64 } } },
      },
    },
    async (request) => getSession(ctx, await resolvePrincipal(ctx, request)),
  );
}
