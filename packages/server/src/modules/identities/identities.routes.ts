/**
 * HTTP adapter of identities: `/v3/{appId}/users` (administrators), `POST /identities/{id}/merge`
 * (administrators), `PUT /v2/identity/me/password` (the caller's own) and `GET /identities/all` (identity options for any member). The last two name
 * their organisation with `app` (or the X-App header, or the caller's only organisation).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { authenticate, resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { listQuerySchema, parseListQuery, projectFields } from '../../platform/lists/table-list.ts';
import { identityListSpec } from './identities.repository.ts';
import { identityBody, mergeParams, ownPasswordBody, mergeQuery, optionsQuery, userParams, usersParams } from './identities.schema.ts';
import { createIdentity, getIdentity, listIdentities, removeIdentity, updateIdentity } from './identities.service.ts';
import { mergeIdentities } from './merge.service.ts';
import { identityOptions } from './identity-options.service.ts';
import { changeOwnPassword } from './own-password.service.ts';

const tags = ['identities'];
const getQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { s: { type: 'string', maxLength: 8 }, select: { type: 'string', maxLength: 2000 } },
} as const;

export function registerIdentityRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/users',
    { schema: { tags, summary: "List the organisation's identities (administrators)", params: usersParams, querystring: listQuerySchema } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const { query } = request;
      const answer = await listIdentities(ctx, principal, parseListQuery(query, identityListSpec));
      return { ...answer, dataAr: answer.dataAr.map((row) => projectFields(row, query.select, ['id', 'uuid', 'meta'])) };
    },
  );

  app.get(
    '/v3/:appId/users/:uuid',
    { schema: { tags, summary: 'Get one identity', params: userParams, querystring: getQuery } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const row = await getIdentity(ctx, principal, request.params.uuid);
      return projectFields(row, request.query.select, ['id', 'uuid', 'meta']);
    },
  );

  app.post(
    '/v3/:appId/users',
    {
      schema: {
        tags,
        summary:
          'Create an identity as a member (201). An address that already has an identity gets an e-mailed invitation instead (202 {invited, invitation}): no membership until its owner accepts',
        params: usersParams,
        body: identityBody,
      },
    },
    async (request, reply) => {
      const principal = await resolvePrincipal(ctx, request);
      const result = await createIdentity(ctx, principal, request.body);
      return reply.status(result.status).send(result.answer);
    },
  );

  app.put(
    '/v2/identity/me/password',
    {
      schema: {
        tags,
        summary:
          "Change the caller's own password: 400 wrong current password or too short, 409 directory-only account, 429 too many wrong tries; ends the caller's other sessions",
        body: ownPasswordBody,
      },
    },
    async (request) => {
      const identity = await authenticate(ctx, request);
      await changeOwnPassword(ctx, identity, request.body.current_password, request.body.new_password);
      return { error: false };
    },
  );

  app.put(
    '/v3/:appId/users/:uuid',
    {
      schema: {
        tags,
        summary:
          "Edit an identity: profile, flags, password and preferences; each preference key sent replaces the stored one, the others stay. For an identity in other organisations too, only this organisation's preferences (site_id, currency_id, metrics, starred, on its membership here) and federated_id: a profile field, flag, password or personal preference key (language, mail switches, theme, ui) sent refuses the whole request (403)",
        params: userParams,
        body: identityBody,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      return updateIdentity(ctx, principal, request.params.uuid, request.body);
    },
  );

  app.delete(
    '/v3/:appId/users/:uuid',
    { schema: { tags, summary: 'Remove an identity from the organisation (membership and grants)', params: userParams } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      await removeIdentity(ctx, principal, request.params.uuid);
      return { error: false };
    },
  );

  app.post(
    '/identities/:id/merge',
    {
      schema: {
        tags,
        summary:
          "Merge identities into uuid_to: documents, events, grants and memberships move. Answers {merged, failed, descrip: '{n} user(s) successfully merged (m could not be merged).', moved, failures}",
        params: mergeParams,
        querystring: mergeQuery,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const sources = request.params.id
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return mergeIdentities(ctx, principal, sources, request.query.uuid_to);
    },
  );

  app.get(
    '/identities/all',
    {
      schema: {
        tags,
        summary: 'Identity options {uuid, display_name} of the organisation in context (any member)',
        querystring: optionsQuery,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      return identityOptions(ctx, principal, request.query);
    },
  );
}
