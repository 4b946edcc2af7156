/**
 * `GET /doc/{docId}/workflow`: the document's workflow as the caller sees it — status, due date
 * and overdue, the current block's steps and their users, the actions offered (with
 * commentRequired and invalid flags) and the problems a submit or approve would meet. Actions
 * themselves are posted as events (`POST /v3/{appId}/$$event`, events.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { workflowView } from './workflow.service.ts';

export function registerWorkflowRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/doc/:docId/workflow',
    {
      schema: {
        tags: ['workflow'],
        summary: "The caller's view of a document's workflow and the actions offered",
        params: { type: 'object', properties: { docId: { type: 'integer', minimum: 1 } }, required: ['docId'] } as const,
        querystring: { type: 'object', additionalProperties: false, properties: { app: { type: 'string', maxLength: 64 } } } as const,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      return workflowView(ctx, principal, request.params.docId);
    },
  );
}
