/**
 * The body of `PUT /v2/identity/me/prefs` (docs/product/identities-and-sign-in.md#preferences preferences, "Session"):
 * validated with `additionalProperties: false` at every level so no unknown key is stored. The
 * server stores each top-level key sent and keeps the others. Recent items stay in the browser's
 * local storage (docs/product/forms-and-lists.md#local-storage), not here.
 */
import { CHART_PALETTE_CHOICES } from './org-settings.ts';

export const MAX_STARRED = 500;
export const MAX_PREFERENCE_METRICS = 200;

export const preferencesBodySchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    lang: { type: 'string', enum: ['en', 'fr', 'es'] },
    mailAlerts: { type: 'boolean' },
    mailSummaryWeekly: { type: 'boolean' },
    starred: {
      type: 'array',
      maxItems: MAX_STARRED,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type'],
        properties: { type: { type: 'string', minLength: 1, maxLength: 64 }, id: { type: 'integer', minimum: 1 } },
      },
    },
    metrics: {
      type: 'array',
      maxItems: MAX_PREFERENCE_METRICS,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          metric: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'integer' }] },
          cat: { type: 'string', maxLength: 200 },
          report_id: { type: 'integer', minimum: 1 },
          virtual: { type: 'boolean' },
        },
      },
    },
    // docs/product/reporting.md#user-drawer: the default site and currency (0: none).
    site_id: { type: 'integer', minimum: 0 },
    currency_id: { type: 'integer', minimum: 0 },
    theme: {
      type: 'object',
      additionalProperties: false,
      properties: {
        backgroundImage: { type: 'string', maxLength: 2000 },
        blur: { type: 'number', minimum: 0, maximum: 50 },
        primaryColor: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
        secondaryColor: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
        // docs/product/administration.md#theme: the palette and density a member may choose when allowed.
        chartPalette: { type: 'string', enum: [...CHART_PALETTE_CHOICES] },
        density: { type: 'string', enum: ['small', 'medium', 'large'] },
      },
    },
    ui: {
      type: 'object',
      additionalProperties: false,
      properties: {
        density: { type: 'string', enum: ['small', 'medium', 'large'] },
        rowsPerPage: { type: 'integer', enum: [15, 30, 60] },
        drawerPinned: { type: 'boolean' },
        colorMode: { type: 'string', enum: ['light', 'dark', 'system'] },
        viewModes: { type: 'object', maxProperties: 200, additionalProperties: { type: 'string', enum: ['table', 'card', 'group'] } },
      },
    },
  },
} as const;
