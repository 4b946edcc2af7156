/**
 * JSON Schemas of the document routes' parameters (Fastify validates them; unknown query keys are
 * refused with `unknown_parameter`, docs/product/security.md#lesson-3). Descriptions feed /api/openapi.json.
 */
import { MAX_LIST_COUNT, MAX_LIST_START } from '@docket/shared';

export const typeParams = {
  type: 'object',
  properties: { appId: { type: 'string', maxLength: 64 }, type: { type: 'string', maxLength: 64 } },
  required: ['appId', 'type'],
} as const;

export const docParams = {
  type: 'object',
  properties: { ...typeParams.properties, id: { type: 'integer', minimum: 1 } },
  required: ['appId', 'type', 'id'],
} as const;

const listProperties = {
  s: { type: 'string', maxLength: 8, description: 'Cache buster; ignored.' },
  select: {
    type: 'string',
    maxLength: 2000,
    description: 'Comma-separated fields to answer (id, display_id, doc_type, meta and data_normalised are always answered).',
  },
  // No maxLength here: the filter parser refuses an oversized filter with a message naming the
  // bound (docs/filter-language.md, "Limits").
  filter: {
    type: 'string',
    description: "Filter-language expression (docs/filter-language.md), e.g. status = 'Closed' AND site_id IN (1, 2).",
  },
  order: {
    type: 'string',
    maxLength: 500,
    description:
      "Comma-separated 'field asc|desc' on readable scalar fields (JSON fields included). Default: the view's defaultOrder, else created_date desc.",
  },
  group_by: {
    type: 'string',
    maxLength: 500,
    description:
      'Up to three fields: answers {dataAr:[{<field>: value, …, count, data_normalised}], total} where total is the number of documents counted.',
  },
  count: { type: 'integer', minimum: 1, maximum: MAX_LIST_COUNT, default: 15, description: 'Page size.' },
  start: { type: 'integer', minimum: 0, maximum: MAX_LIST_START, default: 0, description: 'Offset of the first row.' },
  after: {
    type: 'string',
    maxLength: 2000,
    description:
      "A page's cursors.next: the rows after that page's last row (keyset continuation; keep filter and order; start still sets the counted window of the total).",
  },
  before: {
    type: 'string',
    maxLength: 2000,
    description: "A page's cursors.previous: the rows before that page's first row (keyset continuation).",
  },
  args: {
    type: 'string',
    maxLength: 200,
    description: "Comma-separated flags. 'default': apply the type's filter.defaultFilter when no filter is given.",
  },
} as const;

/** The list query of `GET /v3/{appId}/{type}`. Totals are exact up to start + 1000 matches, else `totalIsEstimate: true`. */
export const listQuery = { type: 'object', additionalProperties: false, properties: listProperties } as const;

/** The legacy list `GET /api/{api}` (docs/product/documents-and-schemas.md#api): the v3 parameters plus the legacy ones. */
export const legacyListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...listProperties,
    app: { type: 'string', maxLength: 64, description: 'Application id of the organisation (else X-App, else the only one).' },
    qry: { type: 'string', description: 'Legacy name of filter.' },
    value: {
      type: 'string',
      maxLength: 2000,
      description: 'Comma-separated document ids to answer (a select lookup resolving its current value).',
    },
    personal: { type: 'boolean', description: 'Only documents the caller created.' },
    parentValue: { type: 'integer', minimum: 1, description: 'Only children of this document.' },
  },
} as const;

export const getQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { s: listProperties.s, select: listProperties.select },
} as const;

export const appQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { s: listProperties.s, app: legacyListQuery.properties.app },
} as const;

export const documentBody = {
  type: 'object',
  description: 'Document fields, flat; server-controlled fields and data_normalised are ignored.',
} as const;
