/**
 * `POST /v3/signup` (no sign-in): ask for an account set-up link by e-mail (self sign-up for
 * authorised domains); `POST /v3/signup/confirm` (no sign-in, the link's token): choose a name and
 * password and join the organisation.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { completeSetup } from './account-setup.ts';
import { requestSignup } from './signup.service.ts';

const tags = ['account'];
const requestBody = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email: { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' } },
} as const;
const confirmBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'display_name', 'password'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200 },
    display_name: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: 1, maxLength: 1000 },
  },
} as const;

export function registerSignupRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.post(
    '/v3/signup',
    { schema: { tags, summary: 'Self sign-up: e-mails an account set-up link to an address of an authorised domain', body: requestBody } },
    async (request, reply) => {
      reply.code(202);
      return requestSignup(ctx, request.body.email, request.ip);
    },
  );
  app.post(
    '/v3/signup/confirm',
    {
      schema: {
        tags,
        summary: "Set up the account of an e-mailed link: name and password; joins the link's organisation",
        body: confirmBody,
      },
    },
    async (request) => completeSetup(ctx, request.body),
  );
}
