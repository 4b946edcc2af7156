/**
 * Lookup routes: `GET /api/$$keywords`, `GET /api/tags` (organisation from `app` / X-App / the
 * caller's only one) and `GET /v3/{appId}/{type}/options` (see lookups.service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { FIRST_LOOKUP_COUNT, TAG_COUNT } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { keywordLookup, selectOptions, tagLookup } from './lookups.service.ts';

const s = { type: 'string', maxLength: 8 } as const;
const app = { type: 'string', maxLength: 64, description: 'Application id of the organisation (else X-App, else the only one).' } as const;
const searchTerm = { type: 'string', maxLength: 200, description: 'Case-insensitive text the label contains.' } as const;

export function registerLookupRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const server = typedServer(fastify);
  const tags = ['lookups'];
  server.get(
    '/api/$$keywords',
    {
      schema: {
        tags,
        summary: 'Keyword options: the options of the keyword list whose key is `value` (or the lists themselves without it)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { s, app, value: { type: 'string', maxLength: 100 }, searchTerm },
        },
      },
    },
    async (request) => {
      const { query } = request;
      return keywordLookup(ctx, await resolvePrincipal(ctx, request), query.value, query.searchTerm);
    },
  );

  server.get(
    '/api/tags',
    {
      schema: {
        tags,
        summary: 'Tags of the posts the caller may read, most used first',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { s, app, searchTerm, count: { type: 'integer', minimum: 1, maximum: 100, default: TAG_COUNT } },
        },
      },
    },
    async (request) => {
      const { query } = request;
      return tagLookup(ctx, await resolvePrincipal(ctx, request), query.searchTerm, query.count);
    },
  );

  server.get(
    '/v3/:appId/:type/options',
    {
      schema: {
        tags,
        summary: 'Select options of a type: {value: id, label: summary}, 10 per search, 100 on the first load',
        params: {
          type: 'object',
          properties: { appId: { type: 'string', maxLength: 64 }, type: { type: 'string', maxLength: 64 } },
          required: ['appId', 'type'],
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            s,
            searchTerm,
            value: { type: 'string', maxLength: 2000, description: 'Comma-separated ids always answered (the current selection).' },
            // Bounded by the filter parser, whose refusal names the limit.
            filter: {
              type: 'string',
              description: 'Filter-language narrowing, e.g. region_id = 3 for the sites of a region.',
            },
            first: { type: 'boolean', description: 'The first load of a select: 100 results instead of 10.' },
            count: { type: 'integer', minimum: 1, maximum: FIRST_LOOKUP_COUNT },
            creatableFor: {
              type: 'string',
              maxLength: 64,
              description: 'For site and region options: only the places where the caller may create a document of this type.',
            },
          },
        },
      },
    },
    async (request) => {
      return selectOptions(ctx, await resolvePrincipal(ctx, request), request.params.type, request.query);
    },
  );
}
