/**
 * Maps every thrown error to `{error:true, error_description, code}`. Fastify's own client errors
 * (bad JSON, wrong content type, too large, schema validation) keep their 4xx status with a clear
 * message; a lost database connection is a 503 to retry; anything unexpected is a 500 whose
 * details go to the log, never to the caller.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorStatus, DATABASE_UNAVAILABLE_MESSAGE, QUERY_TIMEOUT_MESSAGE, type ApiError, type ApiErrorCode } from '@docket/shared';
import { HttpError } from './http-error.ts';
import { isQueryTimeout } from '../platform/db/query-budget.ts';
import { DatabaseUnavailableError } from '../platform/db/connection-loss.ts';

const fastifyCodes: Record<string, { code: ApiErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'Invalid JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'Invalid content length' },
};

export const BAD_ADDRESS_MESSAGE = 'This address is not valid: a percent sign must begin an encoded character.';
export const LONG_ADDRESS_MESSAGE = 'A part of this address is too long.';

/**
 * The router's own refusals (an address that does not decode, a path part past `maxParamLength`),
 * which never reach the error handler, in the API's error shape (Fastify's `frameworkErrors`).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.status(isTooLong ? 414 : 400).send(toApiError('bad_request', isTooLong ? LONG_ADDRESS_MESSAGE : BAD_ADDRESS_MESSAGE));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send({ ...error.extra, ...toApiError(error.code, error.message, error.details) });
    }
    if (error.validation) {
      const unknown = error.validation.find((v) => v.keyword === 'additionalProperties');
      if (unknown) {
        const name = String((unknown.params as { additionalProperty?: string }).additionalProperty);
        return reply.status(400).send(toApiError('unknown_parameter', `Unknown parameter: ${name}`));
      }
      const first = error.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, '') + ' ' : '';
      const context = error.validationContext ?? 'request';
      return reply.status(400).send(toApiError('bad_request', `Invalid ${context}: ${where}${first?.message ?? error.message}`));
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) {
      return reply.status(error.statusCode ?? 400).send(toApiError(known.code, known.message ?? error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Prototype-poisoning and other parser refusals arrive here with a 400.
      return reply.status(error.statusCode).send(toApiError('bad_request', error.message));
    }
    if (isQueryTimeout(error)) {
      // A statement stopped at its time budget (platform/db/query-budget.ts): the caller asked
      // for more work than one request may do, and nothing was written.
      request.log.warn({ url: request.url.split('?')[0] }, 'query stopped at its time budget');
      return reply.status(apiErrorStatus.query_timeout).send(toApiError('query_timeout', QUERY_TIMEOUT_MESSAGE));
    }
    if (error instanceof DatabaseUnavailableError) {
      // The database ended our connection under this request (platform/db/connection-loss.ts):
      // the pool opens a new one for the next query, so the same request will likely work soon.
      request.log.warn({ err: error, url: request.url.split('?')[0] }, 'database connection lost');
      void reply.header('Retry-After', '2');
      return reply.status(apiErrorStatus.database_unavailable).send(toApiError('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(toApiError('internal', 'Internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send(toApiError('not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}

export function toApiError(code: ApiErrorCode, message: string, details?: ApiError['details']): ApiError {
  return details ? { error: true, error_description: message, code, details } : { error: true, error_description: message, code };
}
