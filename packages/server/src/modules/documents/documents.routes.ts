/**
 * Thin HTTP adapter of the generic document API (docs/product/documents-and-schemas.md#api): `/v3/{appId}/{type}` (list,
 * group_by, create), `/v3/{appId}/{type}/{id}` (read, update, delete), `GET /doc/{id}/children`,
 * and the legacy `GET /api/{api}` / `POST /api/{type}` answering the same shapes. Parses and checks
 * parameters, resolves the principal and the type, and calls the operations.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { notFound } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import {
  createDocument,
  deleteDocument,
  getDocument,
  groupTypeDocuments,
  listChildren,
  listTypeDocuments,
  updateDocument,
} from './documents.service.ts';
import { listOptionsFrom, type ListQueryString } from './list-params.ts';
import { listAnswerCacheOf, listAnswerKey } from './list-answer-cache.ts';
import { dataGeneration } from '../../platform/cache/data-generation.ts';
import { appQuery, docParams, documentBody, getQuery, legacyListQuery, listQuery, typeParams } from './documents.schema.ts';

export interface TypedRequest {
  principal: Principal;
  type: DocumentSchema;
}

/** The caller and the type named in the path (`type`, or the legacy `api`): 404 for an unknown type. */
export async function typedRequest(ctx: AppContext, request: FastifyRequest, typeName: string): Promise<TypedRequest> {
  const principal = await resolvePrincipal(ctx, request);
  return { principal, type: await namedType(ctx, typeName, principal) };
}

async function namedType(ctx: AppContext, typeName: string, principal: Principal): Promise<DocumentSchema> {
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, typeName);
  if (!type) throw notFound(`Unknown document type: ${typeName.slice(0, 64)}`);
  return type;
}

/** Answers a list or group_by as JSON text, from the list-answer cache when it holds the same question. */
async function listOrGroup(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, typeName: string, query: ListQueryString) {
  const principal = await resolvePrincipal(ctx, request);
  const cache = listAnswerCacheOf(ctx);
  const key = listAnswerKey(principal.org.id, principal.uuid, request.url);
  let body = cache.get(key);
  if (body === undefined) {
    const generation = dataGeneration();
    body = JSON.stringify(await computeListOrGroup(ctx, principal, typeName, query));
    cache.set(key, body, generation, { size: body.length });
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

async function computeListOrGroup(ctx: AppContext, principal: Principal, typeName: string, query: ListQueryString) {
  const type = await namedType(ctx, typeName, principal);
  const options = listOptionsFrom(query, principal, type);
  if (options.groupBy.length > 0) return groupTypeDocuments(ctx, principal, type, options);
  const answer = await listTypeDocuments(ctx, principal, type, options);
  return options.select ? { ...answer, dataAr: answer.dataAr.map((doc) => project(doc, options.select!)) } : answer;
}

export function registerDocumentRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const tags = ['documents'];
  app.get(
    '/v3/:appId/:type',
    {
      schema: {
        tags,
        summary: 'List documents of a type (or count them per group with group_by)',
        params: typeParams,
        querystring: listQuery,
      },
    },
    (request, reply) => listOrGroup(ctx, request, reply, request.params.type, request.query),
  );

  app.get(
    '/v3/:appId/:type/:id',
    { schema: { tags, summary: 'Get one document', params: docParams, querystring: getQuery } },
    async (request) => {
      const { principal, type } = await typedRequest(ctx, request, request.params.type);
      const doc = await getDocument(ctx, principal, type, request.params.id);
      const { select } = request.query;
      return select?.trim()
        ? project(
            doc,
            select.split(',').map((s) => s.trim()),
          )
        : doc;
    },
  );

  app.post(
    '/v3/:appId/:type',
    { schema: { tags, summary: 'Create a document (answered after its commit)', params: typeParams, body: documentBody } },
    async (request, reply) => {
      const { principal, type } = await typedRequest(ctx, request, request.params.type);
      return reply.status(201).send(await createDocument(ctx, principal, type, request.body));
    },
  );

  app.put(
    '/v3/:appId/:type/:id',
    {
      schema: {
        tags,
        summary: 'Update a document (the body replaces its fields; names the version read as meta.version or If-Match)',
        params: docParams,
        body: documentBody,
      },
    },
    async (request) => {
      const { principal, type } = await typedRequest(ctx, request, request.params.type);
      const ifMatch = request.headers['if-match'];
      return updateDocument(ctx, principal, type, request.params.id, request.body, ifMatch);
    },
  );

  app.delete(
    '/v3/:appId/:type/:id',
    { schema: { tags, summary: 'Delete a document with its child documents and their events', params: docParams } },
    async (request) => {
      const { principal, type } = await typedRequest(ctx, request, request.params.type);
      await deleteDocument(ctx, principal, type, request.params.id);
      return { error: false };
    },
  );

  app.get(
    // `docId` like the sibling `/doc/{docId}/events` routes: one parameter name per path segment.
    '/doc/:docId/children',
    {
      schema: {
        tags,
        summary: 'Child documents the caller may read, oldest first',
        params: { type: 'object', properties: { docId: { type: 'integer', minimum: 1 } }, required: ['docId'] } as const,
        querystring: appQuery,
      },
    },
    async (request) => listChildren(ctx, await resolvePrincipal(ctx, request), request.params.docId),
  );

  const legacyParams = { type: 'object', properties: { api: { type: 'string', maxLength: 64 } }, required: ['api'] } as const;
  const legacyTags = ['legacy'];
  app.get(
    '/api/:api',
    {
      schema: {
        tags: legacyTags,
        summary: 'Legacy list of a type: as GET /v3/{appId}/{type}, organisation from app / X-App',
        params: legacyParams,
        querystring: legacyListQuery,
      },
    },
    (request, reply) => listOrGroup(ctx, request, reply, request.params.api, request.query),
  );
  app.post(
    '/api/:api',
    {
      schema: {
        tags: legacyTags,
        summary: 'Legacy create: as POST /v3/{appId}/{type}',
        params: legacyParams,
        querystring: appQuery,
        body: documentBody,
      },
    },
    async (request, reply) => {
      const { principal, type } = await typedRequest(ctx, request, request.params.api);
      return reply.status(201).send(await createDocument(ctx, principal, type, request.body));
    },
  );
}

/** Keeps the selected fields plus the ones every answer carries. */
function project<T extends Record<string, unknown>>(doc: T, select: readonly string[]): T {
  const keep = new Set(['id', 'display_id', 'doc_type', 'meta', 'data_normalised', ...select]);
  return Object.fromEntries(Object.entries(doc).filter(([key]) => keep.has(key))) as T;
}
