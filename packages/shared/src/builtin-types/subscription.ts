/**
 * Subscription (docs/product/administration.md#subscriptions): the organisation record — company, domains, sign-up and licence.
 * Administrators only, for reading and writing.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import { bool, column, control, date, filterProperties, group, idColumn, row, text, updatedColumn, vertical } from './common.ts';

const properties: Record<string, JsonSchema> = {
  company: text('Company', { minLength: 1 }),
  primary_domain: text('Primary domain', { format: 'hostname' }),
  customer_schema: text('Customer schema', { minLength: 1 }),
  email_signup: bool('Allow e-mail sign-up'),
  active: bool('Active', true),
  authorized_domains: {
    type: 'array',
    title: 'Authorised domains',
    uniqueItems: true,
    items: { type: 'string', format: 'hostname' },
  },
  license: {
    type: 'object',
    title: 'Licence',
    properties: {
      plan: text('Plan'),
      seats: { type: 'integer', title: 'Seats', minimum: 1 },
      expiry_date: date('Expiry date'),
    },
  },
};

export const subscriptionType: DocumentSchema = {
  version: 3,
  type: 'subscription',
  idMask: 'SUB-{seq:3}',
  description: 'Subscription: the organisation record, its domains and licence.',
  category: 'Administration',
  hasEvents: true,
  hasWorkflow: false,
  requiredRoles: ['administrator'],
  requiredRolesForCreate: ['administrator'],
  indexed: ['primary_domain', 'active'],
  form: {
    title: 'Subscription',
    summaryProperties: ['company'],
    schema: {
      type: 'object',
      properties,
      required: ['company', 'primary_domain', 'customer_schema', 'email_signup', 'active'],
      errorMessage: {
        required: { company: 'Please enter the company name', primary_domain: 'Please enter the primary domain' },
      },
    },
    uiSchema: vertical(
      group(
        'Organisation',
        row('company', 'primary_domain'),
        row('customer_schema', 'email_signup', 'active'),
        control('authorized_domains'),
      ),
      group(
        'Licence',
        row(control('license/properties/plan'), control('license/properties/seats'), control('license/properties/expiry_date')),
      ),
    ),
  },
  filter: { schema: { type: 'object', properties: filterProperties(properties, ['company', 'primary_domain', 'active']) } },
  view: {
    title: 'Subscriptions',
    modes: ['table'],
    table: {
      schema: [
        idColumn,
        column('company', 'Company', { sort: true }),
        column('primary_domain', 'Primary domain', { sort: true }),
        column('active', 'Active', { type: 'boolean' }),
        updatedColumn,
      ],
    },
  },
  export: { schema: [column('company', 'Company'), column('primary_domain', 'Primary domain'), column('active', 'Active')] },
};
