/** `GET /v3/{appId}/$$outbox[/{id}]`: kept outgoing mail, for administrators. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { listQuerySchema, parseListQuery, projectFields } from '../../platform/lists/table-list.ts';
import { outboxListSpec } from './outbox.repository.ts';
import { getOutboxMessage, listOutbox } from './outbox.service.ts';

const tags = ['administration'];
const params = { type: 'object', properties: { appId: { type: 'string', maxLength: 64 } }, required: ['appId'] } as const;
const idParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, id: { type: 'integer', minimum: 1 } },
  required: ['appId', 'id'],
} as const;
const getQuery = { type: 'object', additionalProperties: false, properties: { s: { type: 'string', maxLength: 8 } } } as const;

export function registerOutboxRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/$$outbox',
    {
      schema: {
        tags,
        summary:
          'Outgoing mail kept while no SMTP server is configured (SMTP_URL), newest first (administrators). Sign-in codes of members appear here in the demo.',
        params,
        querystring: listQuerySchema,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { query } = request;
      const answer = await listOutbox(ctx, principal, parseListQuery(query, outboxListSpec));
      return { ...answer, dataAr: answer.dataAr.map((row) => projectFields(row, query.select)) };
    },
  );

  app.get(
    '/v3/:appId/$$outbox/:id',
    { schema: { tags, summary: 'One kept message', params: idParams, querystring: getQuery } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      return getOutboxMessage(ctx, principal, request.params.id);
    },
  );
}
