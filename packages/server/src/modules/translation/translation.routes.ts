/** `POST /v3/{appId}/translate`: translate a text into en, fr or es (any member, when the organisation allows it). */
import { MAX_TRANSLATION_TEXT, TRANSLATION_LANGUAGES } from '@docket/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { translateText } from './translation.service.ts';

const params = { type: 'object', properties: { appId: { type: 'string', maxLength: 64 } }, required: ['appId'] } as const;
const body = {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'target'],
  properties: {
    text: { type: 'string', minLength: 1, maxLength: MAX_TRANSLATION_TEXT },
    target: { type: 'string', enum: TRANSLATION_LANGUAGES },
  },
} as const;

export function registerTranslationRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.post(
    '/v3/:appId/translate',
    { schema: { tags: ['documents'], summary: 'Translate a text (cached per text and language)', params, body } },
    async (request) => translateText(ctx, await resolvePrincipal(ctx, request), request.body),
  );
}
