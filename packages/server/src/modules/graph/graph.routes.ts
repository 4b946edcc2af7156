/** Thin HTTP adapter of the chart call `GET /v3/{appId}/graph/{type}` (docs/product/reporting.md#charts). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { typedRequest } from '../documents/documents.routes.ts';
import { graphCounts } from './graph.service.ts';
import { graphParams, graphQuery } from './graph.schema.ts';

export function registerGraphRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/graph/:type',
    {
      schema: {
        tags: ['reporting'],
        summary: 'Counts for charts: documents per field value and/or month, under the caller’s access',
        params: graphParams,
        querystring: graphQuery,
      },
    },
    async (request) => {
      const { principal, type } = await typedRequest(ctx, request, request.params.type);
      return graphCounts(ctx, principal, type, request.query);
    },
  );
}
