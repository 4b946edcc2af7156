/** `GET /v3/{appId}/search?query=…&mode=text|query` → `{dataAr, total}` (search.service.ts). */
import type { FastifyInstance } from 'fastify';
import { MAX_LIST_COUNT, MAX_LIST_START } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { searchDocuments } from './search.service.ts';

const searchQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['query'],
  properties: {
    s: { type: 'string', maxLength: 8 },
    query: { type: 'string', maxLength: 10_000, description: 'Words (text mode) or a filter-language expression (query mode).' },
    mode: {
      type: 'string',
      enum: ['text', 'query'],
      default: 'text',
      description:
        'text: ranked word search over summary, description, display id and reference. query: filter language over the common fields (or the type’s, with type).',
    },
    type: { type: 'string', maxLength: 64, description: 'Only documents of this type.' },
    count: { type: 'integer', minimum: 1, maximum: MAX_LIST_COUNT, default: 15 },
    start: { type: 'integer', minimum: 0, maximum: MAX_LIST_START, default: 0 },
  },
} as const;

export function registerSearchRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search every document the caller may read',
        params: { type: 'object', properties: { appId: { type: 'string', maxLength: 64 } }, required: ['appId'] },
        querystring: searchQuery,
      },
    },
    async (request) => searchDocuments(ctx, await resolvePrincipal(ctx, request), request.query),
  );
}
