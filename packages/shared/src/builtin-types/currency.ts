/**
 * Currency (docs/product/documents-and-schemas.md#currency): cost tracking converts through `rate_to_base`; the base currency's
 * rate is 1. Members read currencies (their preferences pick one); administrators manage them.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import { bool, column, control, filterProperties, idColumn, row, text, vertical } from './common.ts';

/**
 * The schema keyword that marks an amount field with the field holding its currency (a sibling),
 * e.g. `estimated_cost: { type: 'number', 'x-currency': 'currency_id' }`: forms show the amount
 * converted into the user's preferred currency beside it.
 */
export const CURRENCY_FIELD_KEYWORD = 'x-currency';

export interface CurrencyRate {
  rate_to_base: number;
}

/**
 * An amount in one currency expressed in another, through the base currency: `rate_to_base` is
 * what one unit is worth in the base (1 for the base itself). Undefined for a rate that cannot
 * convert (missing, zero or negative).
 */
export function convertAmount(amount: number, from: CurrencyRate, to: CurrencyRate): number | undefined {
  if (!(from.rate_to_base > 0) || !(to.rate_to_base > 0) || !Number.isFinite(amount)) return undefined;
  return (amount * from.rate_to_base) / to.rate_to_base;
}

/** docs/product/administration.md#currencies: rate_to_base is 1 for the base currency. */
export const RATE_OF_BASE = 'The rate of the base currency is 1';

const properties: Record<string, JsonSchema> = {
  title: text('Title', { minLength: 1 }),
  symbol: text('Symbol', { minLength: 1, maxLength: 8 }),
  descrip: text('Description', { minLength: 1 }),
  base: bool('Base currency'),
  rate_to_base: { type: 'number', title: 'Rate to base currency', exclusiveMinimum: 0, default: 1 },
  enabled: bool('Enabled', true),
};

export const currencyType: DocumentSchema = {
  version: 3,
  type: 'currency',
  idMask: 'CUR-{seq:3}',
  description: 'Currencies for cost tracking, with their rate to the base currency.',
  category: 'Administration',
  hasEvents: false,
  hasWorkflow: false,
  requiredRolesForCreate: ['administrator'],
  requiredRolesForEdit: ['administrator'],
  indexed: ['base', 'enabled'],
  form: {
    title: 'Currency',
    summaryProperties: ['title'],
    schema: {
      type: 'object',
      properties,
      required: ['title', 'symbol', 'descrip'],
      errorMessage: {
        required: { title: 'Please enter a title', symbol: 'Please enter a symbol', descrip: 'Please enter a description' },
      },
      allOf: [
        {
          if: { properties: { base: { const: true } }, required: ['base'] },
          // The message sits beside the rule it explains (document-validator.ts reads it there).
          then: { properties: { rate_to_base: { const: 1, errorMessage: RATE_OF_BASE } } },
        },
      ],
    },
    uiSchema: vertical(row('title', 'symbol'), control('descrip'), row('base', 'rate_to_base', 'enabled')),
  },
  filter: { schema: { type: 'object', properties: filterProperties(properties, ['title', 'base', 'enabled']) } },
  view: {
    title: 'Currencies',
    modes: ['table'],
    defaultOrder: 'title asc',
    table: {
      schema: [
        idColumn,
        column('title', 'Title', { sort: true }),
        column('symbol', 'Symbol'),
        column('rate_to_base', 'Rate to base', { numeric: true, type: 'number' }),
        column('base', 'Base', { type: 'boolean' }),
        column('enabled', 'Enabled', { type: 'boolean' }),
      ],
    },
  },
  export: {
    schema: [
      column('title', 'Title'),
      column('symbol', 'Symbol'),
      column('descrip', 'Description'),
      column('rate_to_base', 'Rate to base', { numeric: true }),
      column('base', 'Base'),
      column('enabled', 'Enabled'),
    ],
  },
};
