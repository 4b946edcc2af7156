/** HTTP adapter of `/v3/{appId}/acl` (access control entries, administrators only). */
import type { FastifyInstance } from 'fastify';
import type { AclEntryInput } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { listQuerySchema, parseListQuery, projectFields, type ListQueryParams } from '../../platform/lists/table-list.ts';
import { aclListSpec } from './acl.repository.ts';
import { aclBody, aclIdParams, aclParams } from './acl.schema.ts';
import { createAcl, deleteAclEntry, getAcl, listAcl, updateAclEntry } from './acl.service.ts';

const tags = ['access control'];
const getQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { s: { type: 'string', maxLength: 8 }, select: { type: 'string', maxLength: 2000 } },
} as const;

export function registerAclRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/v3/:appId/acl',
    { schema: { tags, summary: 'List access control entries (administrators)', params: aclParams, querystring: listQuerySchema } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const query = request.query as ListQueryParams;
      const answer = await listAcl(ctx, principal, parseListQuery(query, aclListSpec));
      return { ...answer, dataAr: answer.dataAr.map((entry) => projectFields(entry, query.select, ['id', 'acl_id', 'meta'])) };
    },
  );

  app.get(
    '/v3/:appId/acl/:id',
    { schema: { tags, summary: 'Get one access control entry', params: aclIdParams, querystring: getQuery } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const entry = await getAcl(ctx, principal, (request.params as { id: number }).id);
      return projectFields(entry, (request.query as { select?: string }).select, ['id', 'acl_id', 'meta']);
    },
  );

  app.post(
    '/v3/:appId/acl',
    { schema: { tags, summary: 'Create an access control entry', params: aclParams, body: aclBody } },
    async (request, reply) => {
      const principal = await resolvePrincipal(ctx, request);
      return reply.status(201).send(await createAcl(ctx, principal, request.body as AclEntryInput));
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
      return updateAclEntry(ctx, principal, (request.params as { id: number }).id, request.body as AclEntryInput);
    },
  );

  app.delete(
    '/v3/:appId/acl/:id',
    { schema: { tags, summary: 'Delete an access control entry (409 when it is your own last administrator grant)', params: aclIdParams } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      await deleteAclEntry(ctx, principal, (request.params as { id: number }).id);
      return { error: false };
    },
  );
}
