/**
 * Timeline routes (docs/product/workflow-and-timeline.md#api): `GET /doc/{docId}/events` (order, count, start, parent_id, type),
 * `GET /doc/{docId}/event/{eventId}`, `POST /api/events/`, and the v3 `$$event` type — list (Recent
 * Activity), post (comments and workflow actions), read, edit (`PUT`, descrip) and delete.
 * Fastify matches the static `$$event` segment before the documents' `/v3/:appId/:type`.
 */
import { EVENT_PAGE_SIZE, MAX_EVENT_COUNT, MAX_LIST_START, WORKFLOW_EVENT_TYPES } from '@docket/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer, type Validated } from '../../http/typed-server.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { performWorkflowAction } from '../workflow/workflow.service.ts';
import { getDocumentEvent } from './event-reads.ts';
import { eventVersions } from './event-history.ts';
import { addComment, deleteEvent, editEvent, listDocumentEvents, parseEventTypes, recentActivity } from './events.service.ts';

const app_ = { type: 'string', maxLength: 64 } as const;
const id = { type: 'integer', minimum: 1 } as const;
const typeList = { type: 'string', maxLength: 200 } as const;

const docParams = { type: 'object', properties: { docId: id }, required: ['docId'] } as const;
const docEventParams = { type: 'object', properties: { docId: id, eventId: id }, required: ['docId', 'eventId'] } as const;
const v3Params = { type: 'object', properties: { appId: app_ }, required: ['appId'] } as const;
const v3EventParams = { type: 'object', properties: { appId: app_, id }, required: ['appId', 'id'] } as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    app: app_,
    order: {
      type: 'string',
      enum: ['asc', 'desc', 'sort_date asc', 'sort_date desc', 'created_date asc', 'created_date desc'],
      default: 'desc',
    },
    count: { type: 'integer', minimum: 1, maximum: MAX_EVENT_COUNT, default: EVENT_PAGE_SIZE },
    start: { type: 'integer', minimum: 0, maximum: MAX_LIST_START, default: 0 },
    parent_id: id,
    type: typeList,
  },
} as const;
const appOnly = { type: 'object', additionalProperties: false, properties: { app: app_, s: { type: 'string', maxLength: 8 } } } as const;
const recentQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    s: { type: 'string', maxLength: 8 },
    // Recent Activity is always newest first; the list view may still name that order.
    order: { type: 'string', enum: ['desc', 'sort_date desc', 'created_date desc'] },
    count: { type: 'integer', minimum: 1, maximum: MAX_EVENT_COUNT, default: 15 },
    start: { type: 'integer', minimum: 0, maximum: MAX_LIST_START, default: 0 },
    type: typeList,
  },
} as const;

const eventBody = {
  type: 'object',
  additionalProperties: false,
  required: ['doc_id', 'type'],
  properties: {
    doc_id: id,
    type: { type: 'string', enum: ['comment', ...WORKFLOW_EVENT_TYPES] },
    descrip: { type: 'string', maxLength: 100_000 },
    on_behalf_of: { type: 'string', maxLength: 320 },
    parent_id: id,
    subject: { type: 'string', maxLength: 300 },
  },
} as const;
const editBody = {
  type: 'object',
  additionalProperties: false,
  required: ['descrip'],
  properties: { descrip: { type: 'string', maxLength: 100_000 } },
} as const;

export function registerEventRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const tags = ['events'];

  app.get(
    '/doc/:docId/events',
    { schema: { tags, summary: "A document's events, newest first, 5 at a time", params: docParams, querystring: listQuery } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { query } = request;
      return listDocumentEvents(ctx, principal, request.params.docId, {
        order: query.order.endsWith('asc') ? 'asc' : 'desc',
        count: query.count,
        start: query.start,
        parentId: query.parent_id ?? null,
        types: parseEventTypes(query.type),
      });
    },
  );

  app.get(
    '/doc/:docId/event/:eventId',
    { schema: { tags, summary: 'One event of a document', params: docEventParams, querystring: appOnly } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { docId, eventId } = request.params;
      return getDocumentEvent(ctx, principal, docId, eventId);
    },
  );

  const post = async (input: Validated<typeof eventBody>, principal: Principal) => {
    if (input.type === 'comment') return addComment(ctx, principal, input);
    // `input.type` is narrowed to the workflow actions here; the copy carries that narrower type.
    return performWorkflowAction(ctx, principal, { ...input, type: input.type });
  };
  for (const url of ['/api/events', '/api/events/']) {
    app.post(
      url,
      { schema: { tags, summary: 'Add a comment or perform a workflow action (legacy path)', body: eventBody, querystring: appOnly } },
      async (request, reply) => {
        const principal = await resolvePrincipal(ctx, request);
        return reply.status(201).send(await post(request.body, principal));
      },
    );
  }
  app.post(
    '/v3/:appId/$$event',
    {
      schema: {
        tags,
        summary: 'Add a comment, or submit/approve/reject/reopen/close the workflow; answers the event with the document meta',
        params: v3Params,
        body: eventBody,
      },
    },
    async (request, reply) => {
      const principal = await resolvePrincipal(ctx, request);
      return reply.status(201).send(await post(request.body, principal));
    },
  );

  app.get(
    '/v3/:appId/$$event',
    {
      schema: {
        tags,
        summary: 'Recent Activity: events of every document the caller may read',
        params: v3Params,
        querystring: recentQuery,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { query } = request;
      return recentActivity(ctx, principal, { start: query.start, count: query.count, types: parseEventTypes(query.type) });
    },
  );

  app.get(
    '/v3/:appId/$$event/:id',
    { schema: { tags, summary: 'One event', params: v3EventParams, querystring: appOnly } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      return getDocumentEvent(ctx, principal, null, request.params.id);
    },
  );

  app.get(
    '/v3/:appId/$$event/:id/versions',
    {
      schema: {
        tags,
        summary: "An event's versions, oldest first; the last is the current text (docs/product/workflow-and-timeline.md#event-history)",
        params: v3EventParams,
        querystring: appOnly,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      return eventVersions(ctx, principal, request.params.id);
    },
  );

  app.put(
    '/v3/:appId/$$event/:id',
    {
      schema: {
        tags,
        summary: "Edit an event's text (docs/product/workflow-and-timeline.md#event-rules rules)",
        params: v3EventParams,
        body: editBody,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      return editEvent(ctx, principal, request.params.id, request.body.descrip);
    },
  );

  app.delete(
    '/v3/:appId/$$event/:id',
    {
      schema: {
        tags,
        summary: 'Delete an event, leaving a tombstone (docs/product/workflow-and-timeline.md#event-rules rules)',
        params: v3EventParams,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      await deleteEvent(ctx, principal, request.params.id);
      return { error: false };
    },
  );
}
