/**
 * Attachment routes (docs/product/workflow-and-timeline.md#api): `POST /files/doc/{id}/uploadAtt` and `/uploadAttWithEvent`
 * (multipart: `file` parts and an optional `descrip` field), `POST /files/user/me` (the caller's
 * picture), and the downloads `GET /file/doc/{docId}/{file}`, `/file/event/{eventId}/{file}`,
 * `/file/user/{uuid}` (`thumb=true`), authorised by a bearer token or the `access_token` cookie
 * on path /file. Multipart parsing is registered only inside this module's scope.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { MediaWork } from '../../platform/files/media-work.ts';
import { typedServer } from '../../http/typed-server.ts';
import { sendDocumentFile, sendEventFile, sendUserPicture } from './file-downloads.ts';
import { uploadAttachments } from './files.service.ts';
import { uploadUserPicture } from './user-picture.service.ts';

const app_ = { type: 'string', maxLength: 64 } as const;
const id = { type: 'integer', minimum: 1 } as const;
const fileName = { type: 'string', minLength: 1, maxLength: 300 } as const;
const uploadQuery = { type: 'object', additionalProperties: false, properties: { app: app_ } } as const;
const downloadQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { app: app_, thumb: { type: 'boolean', default: false } },
} as const;

export async function registerFileRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = typedServer(fastify);
  // Image and PDF work runs in this pool, off the event loop; its threads end with the app.
  const media = new MediaWork(ctx.config.media);
  app.addHook('onClose', () => media.close());
  const tags = ['files'];
  await app.register(async (plainScope) => {
    const scope = typedServer(plainScope);
    // Limits per request are set by the upload (the organisation's size limit); these are ceilings.
    await scope.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 11, fields: 20 } });
    const params = { type: 'object', properties: { id }, required: ['id'] } as const;
    scope.post(
      '/files/doc/:id/uploadAtt',
      { schema: { tags, summary: 'Attach files to a document (multipart, at most 10 files)', params, querystring: uploadQuery } },
      async (request) => {
        const principal = await resolvePrincipal(ctx, request);
        return uploadAttachments(ctx, media, principal, request.params.id, request, false);
      },
    );
    scope.post(
      '/files/doc/:id/uploadAttWithEvent',
      {
        schema: { tags, summary: 'Attach files and record an import_file event with the descrip field', params, querystring: uploadQuery },
      },
      async (request) => {
        const principal = await resolvePrincipal(ctx, request);
        return uploadAttachments(ctx, media, principal, request.params.id, request, true);
      },
    );
    scope.post(
      '/files/user/me',
      { schema: { tags, summary: "Upload the caller's picture", querystring: uploadQuery } },
      async (request) => {
        const principal = await resolvePrincipal(ctx, request);
        return uploadUserPicture(ctx, media, principal, request);
      },
    );
  });

  app.get(
    '/file/doc/:docId/:file',
    {
      schema: {
        tags,
        summary: 'Download an attachment (or its thumbnail)',
        params: { type: 'object', properties: { docId: id, file: fileName }, required: ['docId', 'file'] } as const,
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const principal = await resolvePrincipal(ctx, request);
      const { params } = request;
      return sendDocumentFile(ctx, principal, reply, params.docId, params.file, request.query.thumb);
    },
  );
  app.get(
    '/file/event/:eventId/:file',
    {
      schema: {
        tags,
        summary: 'Download a file an event brought',
        params: { type: 'object', properties: { eventId: id, file: fileName }, required: ['eventId', 'file'] } as const,
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const principal = await resolvePrincipal(ctx, request);
      const { params } = request;
      return sendEventFile(ctx, principal, reply, params.eventId, params.file, request.query.thumb);
    },
  );
  app.get(
    '/file/user/:uuid',
    {
      schema: {
        tags,
        summary: "A user's picture",
        params: { type: 'object', properties: { uuid: { type: 'string', maxLength: 64 } }, required: ['uuid'] } as const,
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const principal = await resolvePrincipal(ctx, request);
      return sendUserPicture(ctx, principal, reply, request.params.uuid, request.query.thumb);
    },
  );
}
