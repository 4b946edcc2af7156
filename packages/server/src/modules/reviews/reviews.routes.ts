/**
 * `PUT /v3/{appId}/~{type}/{id}` saves the caller's review of document `id` (docs/product/workflow-and-timeline.md#reviews "PUT on a
 * type prefixed with a tilde"); `DELETE` on the same path deletes it. Fastify's router gives a
 * static `~` prefix priority over the documents' `/v3/:appId/:type/:id`, so no constraint or
 * rewrite is needed and the documents route never sees tilde types.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { deleteReview, saveReview } from './reviews.service.ts';

const params = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, type: { type: 'string', maxLength: 64 }, id: { type: 'integer', minimum: 1 } },
  required: ['appId', 'type', 'id'],
} as const;

export function registerReviewRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const tags = ['reviews'];
  app.put(
    '/v3/:appId/~:type/:id',
    {
      schema: {
        tags,
        summary: "Save the caller's review of a document (validated against the type's review schema)",
        params,
        body: { type: 'object' } as const,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { type, id } = request.params;
      return saveReview(ctx, principal, type, id, request.body);
    },
  );
  app.delete(
    '/v3/:appId/~:type/:id',
    { schema: { tags, summary: "Delete the caller's review of a document", params } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { type, id } = request.params;
      await deleteReview(ctx, principal, type, id);
      return { error: false };
    },
  );
}
