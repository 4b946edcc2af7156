/** HTTP adapter of `/v3/{appId}/acl` (access control entries, administrators only). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { listQuerySchema, parseListQuery, projectFields } from '../../platform/lists/table-list.ts';
import { aclListSpec } from './acl.repository.ts';
import { aclBody, aclIdParams, aclParams } from './acl.schema.ts';
import { createAcl, deleteAclEntry, getAcl, listAcl, updateAclEntry } from './acl.service.ts';

const tags = ['access control'];
const getQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { s: { type: 'string', maxLength: 8 }, select: { type: 'string', maxLength: 2000 } },
} as const;

export function registerAclRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/acl',
    { schema: { tags, summary: 'List access control entries (administrators)', params: aclParams, querystring: listQuerySchema } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { query } = request;
      const answer = await listAcl(ctx, principal, parseListQuery(query, aclListSpec));
      return { ...answer, dataAr: answer.dataAr.map((entry) => projectFields(entry, query.select, ['id', 'acl_id', 'meta'])) };
    },
  );

  app.get(
    '/v3/:appId/acl/:id',
    { schema: { tags, summary: 'Get one access control entry', params: aclIdParams, querystring: getQuery } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const entry = await getAcl(ctx, principal, request.params.id);
      return projectFields(entry, request.query.select, ['id', 'acl_id', 'meta']);
    },
  );

  app.post(
    '/v3/:appId/acl',
    { schema: { tags, summary: 'Create an access control entry', params: aclParams, body: aclBody } },
    async (request, reply) => {
      const principal = await resolvePrincipal(ctx, request);
      return reply.status(201).send(await createAcl(ctx, principal, request.body));
    },
  );

  app.put(
    '/v3/:appId/acl/:id',
    {
      schema: {
        tags,
        summary: 'Update an access control entry (409 when it would remove your own last administrator grant)',
        params: aclIdParams,
        body: aclBody,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      return updateAclEntry(ctx, principal, request.params.id, request.body);
    },
  );

  app.delete(
    '/v3/:appId/acl/:id',
    { schema: { tags, summary: 'Delete an access control entry (409 when it is your own last administrator grant)', params: aclIdParams } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      await deleteAclEntry(ctx, principal, request.params.id);
      return { error: false };
    },
  );
}
