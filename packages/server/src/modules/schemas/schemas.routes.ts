/**
 * Routes of type-schema versions. The `$$schema` documents themselves are served by the generic
 * document routes (`/v3/{appId}/$$schema`, validated by schema-hooks.ts); this module adds
 * `GET /v3/{appId}/$$schema/{id}/versions`, `…/versions/{version}` and
 * `…/diff?from=&to=`. (The expression indexes of every type are created at start, by
 * `createAppContext`.)
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { compareVersions, getVersion, listVersions } from './schemas.service.ts';

/**
 * `schema_versions` holds the schema's id and its version numbers in 32-bit columns (migration
 * 003): a larger number names no version, and PostgreSQL refuses to compare one with them (a 500
 * before; docs/product/README.md#messages-and-limits).
 */
const versionNumber = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const idParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, id: versionNumber },
  required: ['appId', 'id'],
} as const;
const versionParams = {
  ...idParams,
  properties: { ...idParams.properties, version: versionNumber },
  required: ['appId', 'id', 'version'],
} as const;
const noQuery = { type: 'object', additionalProperties: false, properties: { s: { type: 'string', maxLength: 8 } } } as const;
const diffQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: { s: noQuery.properties.s, from: versionNumber, to: versionNumber },
} as const;

export function registerSchemaRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const tags = ['schemas'];
  app.get(
    '/v3/:appId/$$schema/:id/versions',
    {
      schema: {
        tags,
        summary: 'Saved versions of a type schema, newest first (who, when, changed properties)',
        params: idParams,
        querystring: noQuery,
      },
    },
    async (request) => {
      return listVersions(ctx, await resolvePrincipal(ctx, request), request.params.id);
    },
  );
  app.get(
    '/v3/:appId/$$schema/:id/versions/:version',
    { schema: { tags, summary: 'One saved version of a type schema, in full', params: versionParams, querystring: noQuery } },
    async (request) => {
      const { id, version } = request.params;
      return getVersion(ctx, await resolvePrincipal(ctx, request), id, version);
    },
  );
  app.get(
    '/v3/:appId/$$schema/:id/diff',
    {
      schema: {
        tags,
        summary: 'Differences between two versions (JSON Pointer paths, before and after)',
        params: idParams,
        querystring: diffQuery,
      },
    },
    async (request) => {
      const { from, to } = request.query;
      return compareVersions(ctx, await resolvePrincipal(ctx, request), request.params.id, from, to);
    },
  );
}
