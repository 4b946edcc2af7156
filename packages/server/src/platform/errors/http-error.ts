/**
 * The one way operations report a caller's mistake: throw an HttpError with an ApiErrorCode and
 * the user-visible message in the spec's words. The error handler turns it into the ApiError shape.
 */
import { apiErrorStatus, type ApiErrorCode, type ApiErrorDetail } from '@docket/shared';

export class HttpError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly details: ApiErrorDetail[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Fields answered beside the error (a conflict's current document). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: { details?: ApiErrorDetail[]; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.code = code;
    this.status = apiErrorStatus[code];
    this.details = options.details;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

export const badRequest = (message: string, details?: ApiErrorDetail[]) =>
  new HttpError('bad_request', message, details ? { details } : {});
export const notFound = (message = 'Not found') => new HttpError('not_found', message);
export const forbidden = (message: string) => new HttpError('forbidden', message);
export const unauthenticated = (message = 'You have been logged out.') => new HttpError('unauthenticated', message);
