/** `GET /v3/{appId}/$$log`: the organisation's logs for administrators (list query shape). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { listQuerySchema, parseListQuery, projectFields } from '../../platform/lists/table-list.ts';
import { logListSpec } from './logs.repository.ts';
import { listLogs } from './logs.service.ts';

const params = { type: 'object', properties: { appId: { type: 'string', maxLength: 64 } }, required: ['appId'] } as const;

export function registerLogRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/$$log',
    {
      schema: {
        tags: ['administration'],
        summary: 'Logs (1 info, 2 warning, 3 severe), newest first (administrators)',
        params,
        querystring: listQuerySchema,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { query } = request;
      const answer = await listLogs(ctx, principal, parseListQuery(query, logListSpec));
      return { ...answer, dataAr: answer.dataAr.map((row) => projectFields(row, query.select)) };
    },
  );
}
