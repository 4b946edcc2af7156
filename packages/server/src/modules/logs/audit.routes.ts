/** `GET /v3/{appId}/$$audit?doc_id=`: the read-only audit trail, for administrators. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { listQuerySchema, parseListQuery } from '../../platform/lists/table-list.ts';
import { auditListSpec } from './audit.repository.ts';
import { listAudit } from './audit.service.ts';

const params = { type: 'object', properties: { appId: { type: 'string', maxLength: 64 } }, required: ['appId'] } as const;
const query = {
  ...listQuerySchema,
  properties: { ...listQuerySchema.properties, doc_id: { type: 'integer', minimum: 1, description: "Only this document's rows" } },
} as const;

export function registerAuditRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/$$audit',
    {
      schema: {
        tags: ['administration'],
        summary: 'Audit trail of document changes (who, when, fields before and after), newest first (administrators)',
        params,
        querystring: query,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { query } = request;
      return listAudit(ctx, principal, query.doc_id, parseListQuery(query, auditListSpec));
    },
  );
}
