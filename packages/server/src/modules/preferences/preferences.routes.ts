/**
 * `GET` and `PUT /v2/identity/me/prefs`: the caller's own preferences (preferences.service.ts) in
 * the organisation in context, named by `app` (or X-App) when the caller belongs to several: the
 * default site, currency and metrics are that organisation's (docs/product/identities-and-sign-in.md#preferences).
 */
import type { FastifyInstance } from 'fastify';
import { preferencesBodySchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { readPreferences, updatePreferences } from './preferences.service.ts';

const appQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    s: { type: 'string', maxLength: 8 },
    app: {
      type: 'string',
      maxLength: 64,
      description:
        "Organisation in context (its application id, or the X-App header): whose default site, currency, metrics and stars are read and written, whose theme rule applies. Required of a person in several organisations: without it, 400 'You belong to several organisations: send the app parameter or the X-App header, set to one of: {their application ids}.'",
    },
  },
} as const;

export function registerPreferenceRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  const tags = ['preferences'];
  app.get('/v2/identity/me/prefs', { schema: { tags, summary: "The caller's preferences", querystring: appQuery } }, async (request) =>
    readPreferences(ctx, await resolvePrincipal(ctx, request)),
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
    async (request) => updatePreferences(ctx, await resolvePrincipal(ctx, request), request.body),
  );
}
