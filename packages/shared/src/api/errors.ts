/**
 * The one error shape every API call answers with (docs/product/README.md#api-conventions): `{error:true, error_description, code}`.
 * `code` is a stable machine-readable word; `error_description` is the user-visible message in the
 * spec's words.
 */
export interface ApiError {
  error: true;
  error_description: string;
  code: ApiErrorCode;
  /** Optional per-field problems (validation), each naming the field and its message. */
  details?: ApiErrorDetail[];
}

export interface ApiErrorDetail {
  path: string;
  message: string;
}

export type ApiErrorCode =
  | 'bad_request'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'headers_too_large'
  | 'unknown_parameter'
  | 'validation_failed'
  | 'invalid_filter'
  | 'invalid_formula'
  | 'query_timeout'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'precondition_required'
  | 'rate_limited'
  | 'invalid_grant'
  | 'invalid_client'
  | 'unsupported_grant_type'
  | 'invitation_expired'
  | 'invitation_accepted'
  | 'invitation_cancelled'
  | 'own_password_required'
  | 'link_expired'
  | 'link_used'
  | 'mail_unreadable'
  | 'mail_server_failed'
  | 'translation_failed'
  | 'database_unavailable'
  | 'internal';

/** HTTP status for each error code: 4xx for anything a caller did, 5xx only for our faults. */
export const apiErrorStatus: Record<ApiErrorCode, number> = {
  bad_request: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  // The address and headers of a request over the server's limit (http/client-errors.ts).
  headers_too_large: 431,
  unknown_parameter: 400,
  validation_failed: 400,
  invalid_filter: 400,
  // A metric formula that does not parse or check (docs/product/reporting.md#kpi-maths): the answer names the position and reason.
  invalid_formula: 400,
  // 422, not 408 (browsers retry a 408 by themselves and it blames the client's slowness) nor
  // 503/504 (they say "try again later", while the same request will be as slow): the request
  // was understood but asks for more work than one request may do.
  query_timeout: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_required: 428,
  rate_limited: 429,
  invalid_grant: 400,
  invalid_client: 400,
  unsupported_grant_type: 400,
  invitation_expired: 410,
  invitation_accepted: 410,
  invitation_cancelled: 410,
  own_password_required: 403,
  // An external approver's e-mailed link (docs/product/workflow-and-timeline.md#external-approvers).
  link_expired: 410,
  link_used: 410,
  // docs/product/mail.md#errors: a message the parser cannot read; a mail server that refused or
  // did not answer (the caller's connector settings, or the mail host: not our fault, not a 500).
  mail_unreadable: 422,
  mail_server_failed: 502,
  // docs/product/administration.md#translation: the organisation's translation service timed out,
  // refused or answered something that is not a translation (its fault or its settings, not ours).
  translation_failed: 502,
  // The database ended or refused our connection (a restart, a fail-over, an operator's kill):
  // nothing the caller did, and the same request will likely work in a moment (Retry-After).
  database_unavailable: 503,
  internal: 500,
};

/** The answer when a query ran past its time budget (docs/architecture.md, "Query time budget"). */
export const QUERY_TIMEOUT_MESSAGE = 'The query took too long; narrow the filter and try again.';

/** The answer when the database connection was lost under a request (docs/architecture.md, "Lost connections"). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database cannot be reached just now; try again in a moment.';

/** The delete answer (docs/product/documents-and-schemas.md#api: "data.error false means success"). */
export interface DeleteAnswer {
  error: false;
}
