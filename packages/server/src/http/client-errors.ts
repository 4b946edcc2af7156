/**
 * Requests Node's HTTP parser refuses before any route sees them: an address and headers over
 * the limit, a malformed request line, a request that took too long to arrive. They get the API's
 * error shape (`{error:true, error_description, code}`), as every other refusal does.
 *
 * The limit is above what a legal list request can need: a filter may be 10,000 characters
 * (docs/filter-language.md, "Limits"), up to three times that once percent-encoded in the
 * address, plus the other parameters, a bearer token and cookies. With Node's default of 16 KB a
 * filter well inside its own limit was refused with an empty 431 before the filter parser could
 * say anything (docs/product/README.md#api-conventions).
 */
import type { Socket } from 'node:net';
import type { ApiError, ApiErrorCode } from '@docket/shared';

/** The most bytes of request line and headers the server reads. */
export const MAX_REQUEST_HEAD_BYTES = 64 * 1024;

/** What each parser error answers; anything else is a 400. */
const refusals: Record<string, { status: number; reason: string; code: ApiErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'headers_too_large',
    message: `The request's address and headers are over ${MAX_REQUEST_HEAD_BYTES / 1024} KB; shorten the filter.`,
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'bad_request',
    message: 'The request took too long to arrive.',
  },
};

const unreadable = { status: 400, reason: 'Bad Request', code: 'bad_request' as const, message: 'The request could not be read.' };

/** The raw HTTP answer to a request the parser refused (the socket is closed after it). */
export function clientErrorAnswer(errorCode: string | undefined): string {
  const refusal = (errorCode && refusals[errorCode]) || unreadable;
  const body: ApiError = { error: true, error_description: refusal.message, code: refusal.code };
  const text = JSON.stringify(body);
  return [
    `HTTP/1.1 ${refusal.status} ${refusal.reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    '',
    text,
  ].join('\r\n');
}

/** Fastify's `clientErrorHandler`: answers in the API's shape unless the socket is already gone. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.end(clientErrorAnswer(error.code));
  else socket.destroy(error);
}
