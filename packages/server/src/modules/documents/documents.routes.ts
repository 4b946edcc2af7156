/**
 * Thin HTTP adapter of the generic document API (spec 000 §7): `/v3/{appId}/{type}` and
 * `/v3/{appId}/{type}/{id}`. Parses and checks parameters, resolves the principal and the type,
 * and calls the operations in documents.service.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkFilter, fieldCatalogOf, FilterError, MAX_LIST_COUNT, parseFilter, type DocumentSchema, type FilterNode } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { TypeRegistry } from '../../platform/records/type-registry.ts';
import { sortableColumns, type OrderTerm, type SortableColumn } from '../../platform/records/documents.repository.ts';
import { createDocument, deleteDocument, getDocument, listTypeDocuments, updateDocument } from './documents.service.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { authorize } from '../../platform/access/authorize.ts';

const typeParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, type: { type: 'string', maxLength: 64 } },
  required: ['appId', 'type'],
} as const;

const docParams = {
  type: 'object',
  properties: { ...typeParams.properties, id: { type: 'integer', minimum: 1 } },
  required: ['appId', 'type', 'id'],
} as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    s: { type: 'string', maxLength: 8 },
    select: { type: 'string', maxLength: 2000 },
    filter: { type: 'string', maxLength: 10_000 },
    order: { type: 'string', maxLength: 500 },
    count: { type: 'integer', minimum: 1, maximum: MAX_LIST_COUNT, default: 15 },
    start: { type: 'integer', minimum: 0, default: 0 },
  },
} as const;

const getQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { s: { type: 'string', maxLength: 8 }, select: { type: 'string', maxLength: 2000 } },
} as const;

const documentBody = { type: 'object' } as const;

interface ListQuery {
  select?: string;
  filter?: string;
  order?: string;
  count: number;
  start: number;
}

export function registerDocumentRoutes(app: FastifyInstance, ctx: AppContext, types: TypeRegistry): void {
  async function context(request: FastifyRequest): Promise<{ principal: Principal; type: DocumentSchema }> {
    const principal = await resolvePrincipal(ctx, request);
    const typeName = (request.params as { type: string }).type;
    const type = await types.get(principal.org.id, typeName);
    if (!type) throw notFound(`Unknown document type: ${typeName}`);
    return { principal, type };
  }

  app.get('/v3/:appId/:type', { schema: { tags: ['documents'], summary: 'List documents of a type', params: typeParams, querystring: listQuery } }, async (request) => {
    const { principal, type } = await context(request);
    const query = request.query as ListQuery;
    const answer = await listTypeDocuments(ctx, principal, type, {
      filter: parseListFilter(query.filter, principal, type),
      order: parseOrder(query.order),
      start: query.start,
      count: query.count,
    });
    return { ...answer, dataAr: answer.dataAr.map((doc) => project(doc, query.select)) };
  });

  app.get('/v3/:appId/:type/:id', { schema: { tags: ['documents'], summary: 'Get one document', params: docParams, querystring: getQuery } }, async (request) => {
    const { principal, type } = await context(request);
    const doc = await getDocument(ctx, principal, type, (request.params as { id: number }).id);
    return project(doc, (request.query as { select?: string }).select);
  });

  app.post('/v3/:appId/:type', { schema: { tags: ['documents'], summary: 'Create a document', params: typeParams, body: documentBody } }, async (request, reply) => {
    const { principal, type } = await context(request);
    const created = await createDocument(ctx, principal, type, request.body as Record<string, unknown>);
    return reply.status(201).send(created);
  });

  app.put('/v3/:appId/:type/:id', { schema: { tags: ['documents'], summary: 'Update a document', params: docParams, body: documentBody } }, async (request) => {
    const { principal, type } = await context(request);
    return updateDocument(ctx, principal, type, (request.params as { id: number }).id, request.body as Record<string, unknown>);
  });

  app.delete('/v3/:appId/:type/:id', { schema: { tags: ['documents'], summary: 'Delete a document with its children and events', params: docParams } }, async (request) => {
    const { principal, type } = await context(request);
    await deleteDocument(ctx, principal, type, (request.params as { id: number }).id);
    return { error: false };
  });
}

/** Parses the filter text and checks every referenced field against what this caller may read. */
function parseListFilter(text: string | undefined, principal: Principal, type: DocumentSchema): FilterNode | null {
  if (!text?.trim()) return null;
  const catalog = fieldCatalogOf(type, { canSeeProtected: authorize(principal, type, 'update').allowed });
  try {
    return checkFilter(parseFilter(text), catalog);
  } catch (error) {
    if (error instanceof FilterError) throw new HttpError('invalid_filter', error.message);
    throw error;
  }
}

/** `order=created_date desc, summary asc` → terms on sortable columns only. */
export function parseOrder(text: string | undefined): OrderTerm[] {
  if (!text?.trim()) return [{ column: 'created_date', direction: 'desc' }];
  return text.split(',').map((part) => {
    const [field = '', direction = 'asc', ...rest] = part.trim().split(/\s+/);
    const dir = direction.toLowerCase();
    if (rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) throw new HttpError('bad_request', `Invalid order: ${part.trim()}`);
    if (!(sortableColumns as readonly string[]).includes(field)) throw new HttpError('bad_request', `Cannot order by field: ${field}`);
    return { column: field as SortableColumn, direction: dir };
  });
}

/** `select=summary,status` keeps those fields plus id, display_id, doc_type and meta. */
function project<T extends Record<string, unknown>>(doc: T, select: string | undefined): T {
  if (!select?.trim()) return doc;
  const keep = new Set(['id', 'display_id', 'doc_type', 'meta', ...select.split(',').map((s) => s.trim())]);
  return Object.fromEntries(Object.entries(doc).filter(([key]) => keep.has(key))) as T;
}
