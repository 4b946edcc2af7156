/**
 * The token endpoint answers errors in OAuth2's shape `{error, error_description}` (docs/product/identities-and-sign-in.md#sign-in),
 * plus `code` so clients can treat it like every other API error.
 */
export class OAuthError extends Error {
  readonly error: 'invalid_grant' | 'invalid_request' | 'unsupported_grant_type' | 'invalid_client' | 'rate_limited';
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  constructor(error: OAuthError['error'], description: string, status = 400, retryAfterSeconds?: number) {
    super(description);
    this.error = error;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please try again later.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
