/** Route inputs of the reporting calls (docs/product/reporting.md#api): JSON Schema literals, also their TypeScript types. */
const app = { type: 'string', maxLength: 64 } as const;

export const reportParams = {
  type: 'object',
  additionalProperties: false,
  properties: { reportId: { type: 'integer', minimum: 1 } },
  required: ['reportId'],
} as const;

export const refreshQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    app,
    // REPORT_YEARS (report-years.ts): a month's series stays within four-digit years.
    year: { type: 'integer', minimum: 1900, maximum: 9998 },
    month: { type: 'integer', minimum: 1, maximum: 12 },
    rdid: { type: 'integer', minimum: 1 },
    updateTargets: { type: 'boolean' },
    // Comma-separated report_metric ids.
    report_metric_ids: { type: 'string', pattern: '^[0-9]{1,15}(,[0-9]{1,15}){0,199}$' },
  },
  required: ['year', 'month'],
} as const;

export const seriesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    app,
    metric: { type: 'string', minLength: 1, maxLength: 200 },
    scope: { type: 'integer', enum: [1, 2, 3] },
    region_id: { type: 'integer', minimum: 1 },
    site_id: { type: 'integer', minimum: 1 },
    virtual: { type: 'boolean' },
    date: { type: 'string', maxLength: 10 },
    years: { type: 'boolean' },
  },
  required: ['metric'],
} as const;

export const snapshotQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { app, date: { type: 'string', maxLength: 10 } },
  required: ['date'],
} as const;
