/** Route schemas of `/v3/{appId}/acl` (documented in the OpenAPI description). */
import { ACL_LEVELS } from '../../platform/access/grant-rules.ts';

export const aclParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 } },
  required: ['appId'],
} as const;

export const aclIdParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, id: { type: 'integer', minimum: 1 } },
  required: ['appId', 'id'],
} as const;

const uuid = { type: 'string', minLength: 1, maxLength: 64 } as const;
const nullableId = { type: ['integer', 'null'], minimum: 1 } as const;

/**
 * Writable fields of an entry. `id`, `acl_id`, `org_id`, `identity`, `created_date` and `meta`
 * are accepted (a client may send back what it read) but are server-controlled and ignored.
 */
export const aclBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    group: { type: ['string', 'null'], maxLength: 200 },
    identity_id: { type: ['string', 'null'], maxLength: 64 },
    members: {
      type: 'array',
      maxItems: 1000,
      items: { anyOf: [uuid, { type: 'object', required: ['uuid'], properties: { uuid, display_name: { type: 'string' } } }] },
    },
    level: {
      type: 'integer',
      enum: [...ACL_LEVELS],
      description: '0 No Access, 1 Depositor, 2 Reader, 3 Author, 4 Editor (default), 6 Administrator',
    },
    create: { type: 'boolean' },
    delete: { type: 'boolean' },
    roles: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 64 } },
    granular: {
      type: 'object',
      additionalProperties: false,
      properties: { doc_types: { type: 'array', maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 64 } } },
    },
    module: { type: ['string', 'null'], maxLength: 64 },
    scope: { type: 'integer', enum: [1, 2, 3], description: '1 group, 2 region, 3 site' },
    region_id: nullableId,
    site_id: nullableId,
    id: {},
    acl_id: {},
    org_id: {},
    identity: {},
    created_date: {},
    meta: {},
  },
} as const;
