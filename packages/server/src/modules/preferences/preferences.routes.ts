/** `GET` and `PUT /v2/identity/me/prefs`: the caller's own preferences (preferences.service.ts). */
import type { FastifyInstance } from 'fastify';
import { preferencesBodySchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { authenticate, resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { readPreferences, updatePreferences } from './preferences.service.ts';

const appQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    s: { type: 'string', maxLength: 8 },
    app: { type: 'string', maxLength: 64, description: 'Organisation whose theme rule applies to a theme change.' },
  },
} as const;

export function registerPreferenceRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const tags = ['preferences'];
  app.get('/v2/identity/me/prefs', { schema: { tags, summary: "The caller's preferences", querystring: appQuery } }, async (request) =>
    readPreferences(ctx, (await authenticate(ctx, request)).uuid),
  );
  app.put(
    '/v2/identity/me/prefs',
    {
      schema: {
        tags,
        summary: 'Store preferences: each top-level key sent replaces the stored one, the others stay (unknown keys refused)',
        querystring: appQuery,
        body: preferencesBodySchema,
      },
    },
    async (request) => {
      const identity = await authenticate(ctx, request);
      return updatePreferences(ctx, identity.uuid, request.body, () => resolvePrincipal(ctx, request));
    },
  );
}
