/** `GET /v3/{appId}/task/{name}` and `GET /v3/account/task/{name}`: run a server task (administrators). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { runServerTask } from './server-tasks.service.ts';

const tags = ['administration'];
const name = { type: 'string', minLength: 1, maxLength: 64 } as const;
const orgParams = { type: 'object', properties: { appId: { type: 'string', maxLength: 64 }, name }, required: ['appId', 'name'] } as const;
const accountParams = { type: 'object', properties: { name }, required: ['name'] } as const;
/** The spec's payload is `flag=true`; `app` names the organisation on the account path. */
const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: { flag: { type: 'string', maxLength: 8 }, app: { type: 'string', maxLength: 64 }, s: { type: 'string', maxLength: 8 } },
} as const;

export function registerServerTaskRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = typedServer(fastify);
  app.get(
    '/v3/:appId/task/:name',
    {
      schema: {
        tags,
        summary: "Run a server task of the organisation (administrators); answers the task's descrip",
        params: orgParams,
        querystring,
      },
    },
    async (request) => runServerTask(ctx, await resolvePrincipal(ctx, request), request.params.name),
  );
  app.get(
    '/v3/account/task/:name',
    { schema: { tags, summary: "Run a server task of the caller's organisation (administrators)", params: accountParams, querystring } },
    async (request) => runServerTask(ctx, await resolvePrincipal(ctx, request), request.params.name),
  );
}
