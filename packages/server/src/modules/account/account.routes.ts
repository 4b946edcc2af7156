import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { getSession } from './account.service.ts';

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
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
