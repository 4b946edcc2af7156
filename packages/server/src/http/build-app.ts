/**
 * Builds the Fastify application on an assembled context (`createAppContext`): parsers and
 * limits, the error shape, security headers, the OpenAPI description, every module's routes (from
 * the route-module registry), the built web app, and this process's job worker while the app is
 * up. One process serves the API and the web app.
 */
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_BODY_BYTES } from '@docket/shared';
import type { AppContext } from '../app-context.ts';
import { installJsonBodyParser } from './json-body-parser.ts';
import { installExactCredentials } from './exact-credentials.ts';
import { bodyStrictSchemaController } from './body-validation.ts';
import { answerFrameworkError, installErrorHandler } from './error-handler.ts';
import { installLocalisedRefusals } from './localised-refusals.ts';
import { answerClientError, MAX_REQUEST_HEAD_BYTES } from './client-errors.ts';
import { decodedRoutingUrl } from './path-decoding.ts';
import { redactUrl } from './redact.ts';
import { nulRefusal, refuseNul, urlHasNul, valueHasNul } from './request-text.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerWebApp } from './web-app.ts';
import { routeModules } from './route-modules.ts';
import { SERVER_VERSION } from '../version.ts';
import { accessChangeMark, bumpAfterCommit } from '../platform/cache/data-generation.ts';
import { startJobWorker, type JobWorker } from '../platform/jobs/job-worker.ts';

export interface BuildOptions {
  logger?: boolean;
  webDist?: string | undefined;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: MAX_BODY_BYTES,
    // A path part may be as long as the longest name it carries (a file name: 300 in the route schemas).
    routerOptions: { maxParamLength: 1000 },
    frameworkErrors: answerFrameworkError,
    http: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
    clientErrorHandler: answerClientError,
    trustProxy: ctx.config.trustProxy,
    // `/v3/demo/%24%24log` is routed like `/v3/demo/$$log` (path-decoding.ts).
    rewriteUrl: (request) => decodedRoutingUrl(request.url ?? '/'),
    logger: options.logger
      ? {
          level: ctx.config.logLevel,
          // Tokens may travel in query strings (logout): never let them reach the request log.
          serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url) }) },
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          // Written asynchronously: lines that arrive while a write is under way go out together
          // in the next one, instead of one blocking write(2) per line on the event loop (5–10 %
          // of a cold list request under load; bench/README.md, issue 18 item 6). pino flushes
          // what is left when the process exits.
          stream: pino.destination({ dest: 1, sync: false }),
        }
      : false,
    // One line per request (requestLog below) instead of Fastify's two: on a cold list request
    // the two lines cost about a third of the server's time (bench/README.md, issue 18 item 6).
    logController: new LogController({ disableRequestLogging: true }),
    // Unknown parameters are refused, not silently dropped (docs/product/security.md#lesson-3);
    // bodies are checked as sent, without type coercion (body-validation.ts).
    schemaController: bodyStrictSchemaController(),
  });

  installErrorHandler(app);
  installLocalisedRefusals(app);
  await registerSecurityHeaders(app, { publicUrl: ctx.config.publicUrl });
  // The API speaks JSON and forms (and multipart for uploads): plain text is a 415, not a string body.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  installExactCredentials(app);
  await app.register(formbody);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Docket API',
        version: SERVER_VERSION,
        description: 'Docket: schema-driven records platform. Errors answer {error:true, error_description, code}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // A path or query naming a NUL (`%00`) is refused before routing, a form body's decoded values
  // before validation, as JSON bodies are when parsed (request-text.ts).
  // Callback-style: an async hook costs every request a promise; this one almost never refuses.
  app.addHook('onRequest', (request, _reply, done) => {
    if (urlHasNul(request.raw.url ?? '')) done(nulRefusal());
    else done();
  });
  app.addHook('preValidation', async (request) => {
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') && valueHasNul(request.body)) refuseNul();
  });

  // Where the access changes stood when each write request came in (bumpAfterCommit).
  const accessMarks = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method)) accessMarks.set(request, accessChangeMark());
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // After a write's commit and before its answer leaves: answer caches must not serve what
    // this request may have changed (platform/cache/data-generation.ts).
    if (!SAFE_METHODS.has(request.method)) bumpAfterCommit(accessMarks.get(request) ?? Number.NaN);
    if (isApiPath(request.url)) void reply.header('Cache-Control', 'no-store');
    return payload;
  });

  if (options.logger) app.addHook('onResponse', requestLog);

  for (const register of routeModules) await register(app, ctx);

  if (options.webDist && existsSync(options.webDist)) await registerWebApp(app, options.webDist);
  runJobWorkerWhileUp(app, ctx);
  return app;
}

/** This process polls the jobs table while the app is up; DOCKET_JOBS=off leaves jobs to other processes. */
function runJobWorkerWhileUp(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.jobs.enabled) return;
  let worker: JobWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startJobWorker(ctx, { intervalMs: ctx.config.jobs.intervalMs });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}

/** The request log: method, URL (tokens redacted), status and time, once the answer has left. */
async function requestLog(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.log.info(
    { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
    'request',
  );
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const apiPrefixes = ['/api/', '/oauth/', '/v2/', '/v3/', '/doc/', '/identities/', '/file/', '/files/', '/mail/', '/reporting/'];
function isApiPath(url: string): boolean {
  return apiPrefixes.some((prefix) => url.startsWith(prefix));
}
