/** Route schemas of `/v3/{appId}/users` and `/identities/...` (documented in OpenAPI). */
import { MAX_LIST_COUNT, PASSWORD_MIN_LENGTH, preferencesBodySchema } from '@docket/shared';

export const usersParams = { type: 'object', properties: { appId: { type: 'string', maxLength: 64 } }, required: ['appId'] } as const;

export const userParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, uuid: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['appId', 'uuid'],
} as const;

/**
 * Writable identity fields. `id`, `uuid`, `created_date`, `last_login`, `session_count`, `acl`,
 * `shared`, `federated` and `meta` are accepted (a client may send back what it read) and ignored.
 */
export const identityBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    email: { type: 'string', maxLength: 320 },
    display_name: { type: 'string', maxLength: 200 },
    job_title: { type: ['string', 'null'], maxLength: 200 },
    password: {
      type: 'string',
      maxLength: 1024,
      description: `New password (at least ${PASSWORD_MIN_LENGTH} characters); ends the identity's other sessions`,
    },
    mfa: { type: 'boolean', description: 'E-mailed one-time code at sign-in (default true)' },
    user: { type: 'boolean', description: 'Login enabled' },
    active: { type: 'boolean' },
    manager: { type: ['string', 'null'], maxLength: 64 },
    // What the person's own PUT /v2/identity/me/prefs takes; empty (as a shared identity's reads) is no change.
    preferences: { ...preferencesBodySchema, minProperties: 0 },
    federated_id: { type: ['string', 'null'], maxLength: 500 },
    grant: invitationGrantSchema(),
    id: {},
    uuid: {},
    created_date: {},
    last_login: {},
    session_count: {},
    acl: {},
    shared: {},
    federated: {},
    meta: {},
  },
} as const;

export const mergeParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 2000, description: 'Identity uuid, or several separated by commas' } },
  required: ['id'],
} as const;

export const mergeQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['uuid_to'],
  properties: { uuid_to: { type: 'string', minLength: 1, maxLength: 64 }, app: { type: 'string', maxLength: 64 } },
} as const;

export const optionsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    searchTerm: { type: 'string', maxLength: 200 },
    localOnly: { type: 'boolean' },
    usersOnly: { type: 'boolean' },
    count: { type: 'integer', minimum: 1, maximum: MAX_LIST_COUNT, default: 100 },
    start: { type: 'integer', minimum: 0, default: 0 },
    app: { type: 'string', maxLength: 64 },
  },
} as const;

/** The organisation-wide grant a new member, or an invitation on acceptance, gets. */
export function invitationGrantSchema() {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['level'],
    description: 'Organisation-wide access of the new member (on creation, or when the invitation is accepted)',
    properties: {
      level: { type: 'integer', enum: [0, 1, 2, 3, 4, 6] },
      roles: { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 64 } },
    },
  } as const;
}

export const invitationParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, id: { type: 'integer', minimum: 1 } },
  required: ['appId', 'id'],
} as const;

export const invitationListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { all: { type: 'boolean', default: false, description: 'Accepted and cancelled ones too' } },
} as const;

export const invitationTokenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 512 } },
} as const;

export const invitationAcceptBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 512 },
    password: {
      type: 'string',
      maxLength: 1024,
      description: 'Your own new password: required when the session came from a password an administrator set or from a directory',
    },
  },
} as const;

export const ownPasswordBody = {
  type: 'object',
  additionalProperties: false,
  required: ['current_password', 'new_password'],
  properties: {
    current_password: { type: 'string', minLength: 1, maxLength: 1024, description: 'The password the caller signs in with now' },
    new_password: {
      type: 'string',
      maxLength: 1024,
      description: `The new password (at least ${PASSWORD_MIN_LENGTH} characters); ends the caller's other sessions`,
    },
  },
} as const;
