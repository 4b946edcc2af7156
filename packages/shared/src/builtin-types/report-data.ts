/**
 * Report data item (docs/product/reporting.md#report-data, docs/product/reporting.md#periods): one
 * report's figures for one month and one scope. The group-scope `master` item is the reporting
 * period (`from_date`, `to_date`, `closed`). People enter manual values in `user`; the server
 * computes `itm`, `ytd`, `roll12`, `roll24` and `target` (never taken from a body: the reporting
 * module's write hooks keep the stored values).
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import {
  bool,
  column,
  control,
  date,
  dateTime,
  docRef,
  filterProperties,
  group,
  idColumn,
  identityList,
  keywordRef,
  labelled,
  row,
  showWhen,
  siteColumn,
  text,
  updatedColumn,
  vertical,
} from './common.ts';

export const REPORT_DATA_TYPE = 'report_data';

/** Item scopes (docs/product/reporting.md#report-data). */
export const ITEM_SCOPE = { sites: 0, group: 1, region: 2, site: 3, manual: 9 } as const;

export const ITEM_SCOPES = labelled([
  [1, 'Group'],
  [2, 'Region'],
  [3, 'Site'],
  [0, 'Sites'],
  [9, 'Manual (User)'],
]);

/** The fields the server computes: a write body never sets them (docs/product/reporting.md#report-data). */
export const REPORT_DATA_CALCULATED_FIELDS = ['itm', 'ytd', 'roll12', 'roll24', 'target', 'last_updated', 'isRefreshing'] as const;

/** One computed figure: `value` (unknown: null), or `values` for list metrics, and a text. */
const resultList = (title: string): JsonSchema => ({
  type: 'array',
  title,
  readOnly: true,
  items: {
    type: 'object',
    properties: {
      metric: { type: 'string' },
      value: { type: ['number', 'null'] },
      values: { type: 'array' },
      text: { type: 'string' },
    },
  },
});

const properties: Record<string, JsonSchema> = {
  report_id: docRef('Report', 'report'),
  report_date: date('Report date'),
  from_date: date('From'),
  to_date: date('To'),
  scope: { type: 'integer', title: 'Scope', oneOf: ITEM_SCOPES, default: 3 },
  region_id: docRef('Region', 'region'),
  site_id: docRef('Site', 'site'),
  site_ids: { type: 'array', title: 'Sites', uniqueItems: true, items: docRef('Site', 'site') },
  client_id: docRef('Client', 'client'),
  project_id: docRef('Project', 'project'),
  module_id: docRef('Module', 'module'),
  keyword_id: keywordRef('Keyword', 'report_keyword'),
  keyword_value_id: { type: 'integer', title: 'Keyword value' },
  actionee_ids: { ...identityList('User'), maxItems: 1 },
  tally: bool('Tally'),
  master: bool('Master'),
  closed: bool('Period Closed'),
  notes: text('Notes'),
  user: {
    type: 'array',
    title: 'Metrics',
    items: {
      type: 'object',
      required: ['metric'],
      properties: {
        metric: { type: 'string', title: 'Metric', minLength: 1 },
        value: { type: ['number', 'null'], title: 'Value' },
        reason: { type: 'string', title: 'Reason' },
      },
    },
  },
  itm: resultList('ITM'),
  ytd: resultList('YTD'),
  roll12: resultList('ROLL12'),
  roll24: resultList('ROLL24'),
  target: resultList('Target'),
  last_updated: { ...dateTime('Last updated'), readOnly: true },
  isRefreshing: { type: 'boolean', title: 'Refreshing...', readOnly: true },
};

export const reportDataType: DocumentSchema = {
  version: 3,
  type: REPORT_DATA_TYPE,
  idMask: 'RD-{seq:6}',
  description: 'Report data: the figures of a report for one month and scope, with the manual values entered.',
  category: 'Administration',
  hasEvents: true,
  hasWorkflow: false,
  // Creating from Manage Period: administrators, managers and editors (docs/product/reporting.md#report-data).
  requiredRolesForCreate: ['administrator', 'manager', 'editor'],
  indexed: ['report_id', 'report_date', 'scope', 'master'],
  form: {
    title: 'Report Data',
    summaryProperties: ['report_date'],
    descripProperties: ['notes'],
    dateField: 'report_date',
    schema: {
      type: 'object',
      properties,
      required: ['report_id', 'report_date', 'scope'],
      errorMessage: { required: { report_id: 'Please choose a report', report_date: 'Please enter a report date' } },
    },
    uiSchema: vertical(
      group(
        'Report Data',
        row('report_id', 'report_date'),
        row('scope', control('tally', { rule: showWhen('scope', { enum: [0, 1, 2, 3] }) })),
        row(
          control('region_id', { rule: showWhen('scope', { const: 2 }) }),
          control('site_id', { rule: showWhen('scope', { enum: [3, 9] }) }),
          control('site_ids', { rule: showWhen('scope', { const: 0 }) }),
        ),
        row(
          control('project_id', { rule: showWhen('scope', { const: 9 }) }),
          control('actionee_ids', { rule: showWhen('scope', { const: 9 }) }),
        ),
        control('notes', { options: { multi: true } }),
      ),
      group('Metrics', control('user'), { ...row('from_date', 'to_date') }),
    ),
  },
  filter: {
    schema: {
      type: 'object',
      properties: filterProperties(properties, [
        'report_id',
        'report_date',
        'scope',
        'region_id',
        'site_id',
        'tally',
        'master',
        'actionee_ids',
      ]),
    },
  },
  view: {
    title: 'Report Data',
    modes: ['table'],
    defaultOrder: 'report_date desc',
    table: {
      schema: [
        idColumn,
        column('report_id', 'Report', { type: 'enum', sort: true }),
        column('report_date', 'Report date', { type: 'date', sort: true }),
        column('scope', 'Scope', { type: 'enum', sort: true }),
        column('region_id', 'Region', { type: 'enum', sort: true }),
        siteColumn,
        updatedColumn,
      ],
    },
  },
  export: {
    schema: [
      column('display_id', 'ID'),
      column('report_id', 'Report'),
      column('report_date', 'Report date'),
      column('scope', 'Scope'),
      column('region_id', 'Region'),
      column('site_id', 'Site'),
    ],
  },
};
