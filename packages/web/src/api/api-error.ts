/**
 * Every failed call rejects with this. `status` 0 means the server was never reached (network
 * failure or the 30 s time-out); `description` is the server's error_description when it sent one.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string | null,
    readonly body: unknown = null,
  ) {
    super(description ?? `${code} (${status})`);
  }

  get isUnreachable(): boolean {
    return this.status === 0;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
