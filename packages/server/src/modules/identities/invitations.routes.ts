/**
 * HTTP adapter of invitations: the inviting organisation's administrators list, resend and cancel
 * them (`/v3/{appId}/invitations`); the invited person looks one up from the link (signed in or
 * not) and accepts it signed in (`/v3/invitations/lookup`, `/v3/invitations/accept`), or, when the
 * account has no password of its own, from the link alone by choosing one
 * (`/v3/invitations/accept-with-password`). Tokens ride
 * in bodies, never in URLs, so they stay out of request logs.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { authenticate, resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { invitationAcceptBody, invitationListQuery, invitationParams, invitationTokenBody, usersParams } from './identities.schema.ts';
import {
  acceptInvitation,
  acceptInvitationWithNewPassword,
  cancelInvitation,
  listInvitations,
  lookupInvitation,
  resendInvitation,
} from './invitations.service.ts';

const tags = ['identities'];

const invitationNewPasswordBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'password'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 512 },
    password: { type: 'string', minLength: 1, maxLength: 1024, description: 'Your own new password (at least 10 characters)' },
  },
} as const;

export function registerInvitationRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/invitations',
    {
      schema: {
        tags,
        summary: "The organisation's pending invitations (administrators): the address typed, status and dates only",
        params: usersParams,
        querystring: invitationListQuery,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      const dataAr = await listInvitations(ctx, principal, request.query.all);
      return { dataAr, total: dataAr.length };
    },
  );

  app.post(
    '/v3/:appId/invitations/:id/resend',
    {
      schema: {
        tags,
        summary: 'E-mail a pending invitation again with a fresh link (the old one stops working)',
        params: invitationParams,
      },
    },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      return resendInvitation(ctx, principal, request.params.id);
    },
  );

  app.delete(
    '/v3/:appId/invitations/:id',
    { schema: { tags, summary: 'Cancel a pending invitation', params: invitationParams } },
    async (request) => {
      const principal = await resolvePrincipal(ctx, request);
      await cancelInvitation(ctx, principal, request.params.id);
      return { error: false };
    },
  );

  app.post(
    '/v3/invitations/lookup',
    {
      schema: {
        tags,
        summary: 'The organisation and address of an invitation link (no sign-in needed); 404 unknown, 410 expired, accepted or cancelled',
        body: invitationTokenBody,
      },
    },
    async (request) => lookupInvitation(ctx, request.body.token),
  );

  app.post(
    '/v3/invitations/accept',
    {
      schema: {
        tags,
        summary:
          'Accept an invitation as the signed-in identity (the invited address). 403 own_password_required: send your own new password with it',
        body: invitationAcceptBody,
      },
    },
    async (request) => {
      const identity = await authenticate(ctx, request);
      return acceptInvitation(ctx, identity, request.body.token, request.body.password);
    },
  );

  app.post(
    '/v3/invitations/accept-with-password',
    {
      schema: {
        tags,
        summary:
          'Accept an invitation without signing in, for an account with no password of its own (lookup: own_password false): the password sent becomes its own and every session ends. 403 when the account has its own password: sign in and accept',
        body: invitationNewPasswordBody,
      },
    },
    async (request) => acceptInvitationWithNewPassword(ctx, request.body.token, request.body.password),
  );
}
