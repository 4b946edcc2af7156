/**
 * HTTP adapter of external approvers (docs/product/workflow-and-timeline.md#external-approvers):
 * no sign-in, the e-mailed token is the only credential. Tokens ride in bodies, never in URLs,
 * so they stay out of request logs (as invitation links do).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { actOnExternalApproval, readExternalApproval } from './external-approval.service.ts';

const tags = ['workflow'];
const params = {
  type: 'object',
  additionalProperties: false,
  required: ['appId'],
  properties: { appId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
const tokenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
const actBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'action', 'comment'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200 },
    action: { type: 'string', enum: ['approve', 'reject'] },
    comment: { type: 'string', maxLength: 4000 },
  },
} as const;

export function registerExternalApprovalRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.post(
    '/v3/:appId/external-approval/lookup',
    {
      schema: {
        tags,
        summary:
          "An external approver's link: a read-only summary of the document (no sign-in). 404 not valid, 410 used or expired, 409 moved on",
        params,
        body: tokenBody,
      },
    },
    async (request) => readExternalApproval(ctx, request.ip, request.params.appId, request.body.token),
  );

  app.post(
    '/v3/:appId/external-approval/act',
    {
      schema: {
        tags,
        summary: 'Approve or reject with a comment as the external person the link was sent to (no sign-in); the link is then used',
        params,
        body: actBody,
      },
    },
    async (request) => actOnExternalApproval(ctx, request.ip, request.params.appId, request.body),
  );
}
