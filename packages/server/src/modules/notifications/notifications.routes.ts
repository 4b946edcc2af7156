/** `POST /v3/{appId}/notification/preview`: the mail a notification rule being edited would send (notification-preview.ts). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { previewNotification } from './notification-preview.ts';

export function registerNotificationRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const server = typedServer(fastify);
  server.post(
    '/v3/:appId/notification/preview',
    {
      schema: {
        tags: ['notifications'],
        summary: "A notification rule's mail rendered with the newest readable document of its type (nothing is sent)",
        params: { type: 'object', properties: { appId: { type: 'string', maxLength: 64 } }, required: ['appId'] },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['title'],
          properties: {
            title: { type: 'string', maxLength: 500 },
            message: { type: 'string', maxLength: 20_000 },
            target_type: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (request) => previewNotification(ctx, await resolvePrincipal(ctx, request), request.body),
  );
}
