/**
 * The one error shape every API call answers with (GUIDE §2): `{error:true, error_description, code}`.
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
  | 'unknown_parameter'
  | 'validation_failed'
  | 'invalid_filter'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'precondition_required'
  | 'rate_limited'
  | 'invalid_grant'
  | 'invalid_client'
  | 'unsupported_grant_type'
  | 'internal';

/** HTTP status for each error code: 4xx for anything a caller did, 5xx only for our faults. */
export const apiErrorStatus: Record<ApiErrorCode, number> = {
  bad_request: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unknown_parameter: 400,
  validation_failed: 400,
  invalid_filter: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_required: 428,
  rate_limited: 429,
  invalid_grant: 400,
  invalid_client: 400,
  unsupported_grant_type: 400,
  internal: 500,
};

/** The delete answer (spec 000 §7: "data.error false means success"). */
export interface DeleteAnswer {
  error: false;
}
