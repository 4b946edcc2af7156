/**
 * `GET|PUT /v3/account/settings` and `GET /v3/account/storage` (docs/product/administration.md#settings):
 * the organisation named by `app` (or the caller's only one); administrators only.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { readOrgSettings, readStorageUsage, saveOrgSettings } from './org-settings.service.ts';

const tags = ['administration'];
const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: { app: { type: 'string', maxLength: 64 }, s: { type: 'string', maxLength: 8 } },
} as const;

// Each section is checked against its own schema by the operation, in the form's words.
const section = { type: 'object' } as const;
const body = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { general: section, theme: section, storage: section, mail: section },
} as const;

export function registerOrgSettingsRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/account/settings',
    { schema: { tags, summary: "The organisation's settings by section: general, theme, storage, mail (administrators)", querystring } },
    async (request) => readOrgSettings(ctx, await resolvePrincipal(ctx, request)),
  );
  app.put(
    '/v3/account/settings',
    {
      schema: {
        tags,
        summary:
          'Save settings sections (administrators): each section sent is merged over the stored one and checked whole; all or nothing',
        querystring,
        body,
      },
    },
    async (request) => saveOrgSettings(ctx, await resolvePrincipal(ctx, request), request.body),
  );
  app.get(
    '/v3/account/storage',
    { schema: { tags, summary: 'Storage used, in KB by category, against the 10 GB limit (administrators)', querystring } },
    async (request) => readStorageUsage(ctx, await resolvePrincipal(ctx, request)),
  );
}
