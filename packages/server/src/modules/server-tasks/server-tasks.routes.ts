/** `GET /v3/{appId}/task/{name}` and `GET /v3/account/task/{name}`: run a server task (administrators). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { resolvePrincipal } from '../../http/request-context.ts';
import { typedServer } from '../../http/typed-server.ts';
import { storedMessagesFor, type StoredMessageReader } from '../../http/stored-messages.ts';
import { runServerTask } from './server-tasks.service.ts';
import type { ServerTaskAnswer } from '@docket/shared';

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
    async (request, reply) =>
      inCallersLanguage(
        storedMessagesFor(request, reply),
        await runServerTask(ctx, await resolvePrincipal(ctx, request), request.params.name),
      ),
  );
  app.get(
    '/v3/account/task/:name',
    { schema: { tags, summary: "Run a server task of the caller's organisation (administrators)", params: accountParams, querystring } },
    async (request, reply) =>
      inCallersLanguage(
        storedMessagesFor(request, reply),
        await runServerTask(ctx, await resolvePrincipal(ctx, request), request.params.name),
      ),
  );
}

/** A failed task's stored reason in the caller's language (http/stored-messages.ts); a result stays as the task wrote it. */
function inCallersLanguage(read: StoredMessageReader, answer: ServerTaskAnswer): ServerTaskAnswer {
  return answer.data.status === 'failed' ? { data: { ...answer.data, result: read(answer.data.result) } } : answer;
}
