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
import { apiErrorStatus, type ApiError, type ApiErrorCode } from '@docket/shared';

/** The most bytes of request line and headers the server reads. */
export const MAX_REQUEST_HEAD_BYTES = 64 * 1024;

const refusals: Record<string, { code: ApiErrorCode; message: string; status?: number }> = {
  HPE_HEADER_OVERFLOW: {
    code: 'headers_too_large',
    message: `The request's address and headers are over ${MAX_REQUEST_HEAD_BYTES / 1024} KB; shorten the filter.`,
  },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'bad_request', message: 'The request took too long to arrive.', status: 408 },
};

const fallback = { code: 'bad_request' as const, message: 'The request could not be read.' };

/** The raw HTTP answer to a request the parser refused (the socket is closed after it). */
export function clientErrorAnswer(errorCode: string | undefined): string {
  const refusal = (errorCode && refusals[errorCode]) || fallback;
  const status = ('status' in refusal && refusal.status) || apiErrorStatus[refusal.code];
  const body: ApiError = { error: true, error_description: refusal.message, code: refusal.code };
  const text = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${statusText[status] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    '',
    text,
  ].join('\r\n');
}

const statusText: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Fastify's `clientErrorHandler`: answers in the API's shape unless the socket is already gone. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.end(clientErrorAnswer(error.code));
  else socket.destroy(error);
}
