/**
 * `GET /v2/identity/me/todo` (docs/product/workflow-and-timeline.md#todo): the caller's todo summary in the organisation in
 * context. `lang` (the screen's language) localises each item's `type_title`.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { todoFor } from './todo.service.ts';

export function registerTodoRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v2/identity/me/todo',
    {
      schema: {
        tags: ['todo'],
        summary: 'Open items assigned to me, approvals waiting for me, overdue documents and recent activity',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { app: { type: 'string', maxLength: 64 }, lang: { type: 'string', pattern: '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$' } },
        },
      },
    },
    async (request) => todoFor(ctx, await resolvePrincipal(ctx, request), request.query.lang),
  );
}
