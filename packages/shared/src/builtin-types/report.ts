/**
 * Report (docs/product/reporting.md#reports, docs/product/reporting.md#overview): a set of metrics computed per reporting period and scope.
 * Each scope qualifier (region, site, module, client, project, keyword, user) says whether report
 * data exists for none, any, specific or all-but (exclude) of the listed ids. Members read reports
 * (dashboards); administrators manage them.
 */
import type { DocumentSchema, UiSchemaElement } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import {
  bool,
  column,
  control,
  date,
  docRef,
  filterProperties,
  frenchAndSpanishTexts,
  group,
  idColumn,
  keywordRef,
  labelled,
  row,
  showWhen,
  text,
  updatedColumn,
  vertical,
} from './common.ts';

export const DATA_FREQUENCIES = labelled([
  [1, 'Daily'],
  [2, 'Weekly'],
  [3, 'Monthly'],
]);
export const QUALIFIER_VALUES = labelled([
  [0, 'None'],
  [1, 'Any'],
  [2, 'Specific'],
  [3, 'Exclude'],
]);
export const REPORT_SCOPES = labelled([
  [1, 'Group'],
  [2, 'Regional'],
  [3, 'Site'],
  [6, 'Function'],
  [7, 'Client'],
  [8, 'Project'],
  [9, 'Data'],
]);

/** Qualifier name, label and the schema of one id in its list. */
const QUALIFIERS: readonly (readonly [string, string, JsonSchema])[] = [
  ['region', 'Region', docRef('Region', 'region')],
  ['site', 'Site', docRef('Site', 'site')],
  ['module', 'Module', docRef('Module', 'module')],
  ['client', 'Client', docRef('Client', 'client')],
  ['project', 'Project', docRef('Project', 'project')],
  ['keyword', 'Keyword', keywordRef('Keyword', 'report_keyword')],
  ['user', 'User', { type: 'string', format: 'uuid', 'x-lookup': { identity: true } }],
];

const qualifierProperties: Record<string, JsonSchema> = {};
const qualifierRows: UiSchemaElement[] = [];
for (const [name, label, item] of QUALIFIERS) {
  qualifierProperties[`${name}_scope`] = { type: 'integer', title: `${label} scope`, oneOf: QUALIFIER_VALUES, default: 0 };
  qualifierProperties[`${name}_ids`] = { type: 'array', title: `${label}s`, uniqueItems: true, items: item };
  qualifierRows.push(row(`${name}_scope`, control(`${name}_ids`, { rule: showWhen(`${name}_scope`, { enum: [2, 3] }) })));
}

const scopeList = (title: string): JsonSchema => ({
  type: 'array',
  title,
  uniqueItems: true,
  items: { type: 'integer', oneOf: REPORT_SCOPES },
});

const reportTexts = frenchAndSpanishTexts([
  ['title', 'Title'],
  ['descrip', 'Description', true],
]);

const properties: Record<string, JsonSchema> = {
  title: text('Title', { minLength: 1 }),
  descrip: text('Description'),
  data_frequency: { type: 'integer', title: 'Data frequency', oneOf: DATA_FREQUENCIES, default: 2 },
  ...qualifierProperties,
  user_default: bool('Personal data by default', true),
  master_report_id: docRef('Master report', 'report'),
  master_scope: { type: 'integer', title: 'Master scope', oneOf: REPORT_SCOPES },
  cover_scopes: scopeList('Cover scopes'),
  tally_scopes: scopeList('Tally scopes'),
  // Dashboard pages: page name -> {template, rows of cards, title, ...} (docs/product/reporting.md#dashboard).
  schema: { type: 'object', title: 'Dashboard layout', additionalProperties: true },
  report_templates: { type: 'array', title: 'Report templates', uniqueItems: true, items: { type: 'string' } },
  // Set by a period-wide refresh while it runs (docs/product/reporting.md#manage-period); never from a body.
  refreshing: { type: 'boolean', title: 'Refreshing...', readOnly: true },
  percentComplete: { type: 'number', title: 'Progress', minimum: 0, maximum: 1, readOnly: true },
  // The title and description in the other languages a dashboard is read in (docs/product/reporting.md#reports).
  i18n: reportTexts.property,
  schedule: {
    type: 'object',
    title: 'Schedule',
    properties: {
      enabled: bool('Enabled'),
      report_date: date('Report date'),
      mode: {
        type: 'integer',
        title: 'Mode',
        oneOf: labelled([
          [0, 'Search'],
          [1, 'Copy'],
        ]),
        default: 0,
      },
    },
  },
};

/** The fields the server sets while a period refreshes: a write body never sets them. */
export const REPORT_CALCULATED_FIELDS = ['refreshing', 'percentComplete'] as const;

export const reportType: DocumentSchema = {
  version: 3,
  type: 'report',
  idMask: 'RPT-{seq:3}',
  description: 'Reports: metrics computed per reporting period and scope, shown on dashboards.',
  category: 'Administration',
  hasEvents: true,
  hasWorkflow: false,
  requiredRolesForCreate: ['administrator'],
  requiredRolesForEdit: ['administrator'],
  indexed: ['data_frequency', 'master_report_id'],
  form: {
    title: 'Report',
    summaryProperties: ['title'],
    schema: {
      type: 'object',
      properties,
      required: ['title', 'data_frequency'],
      errorMessage: { required: { title: 'Please enter a title' } },
    },
    uiSchema: vertical(
      group('Report', control('title'), control('descrip', { options: { multi: true } }), row('data_frequency', 'user_default')),
      group('Scope', ...qualifierRows),
      group('Master and tally', row('master_report_id', 'master_scope'), row('cover_scopes', 'tally_scopes')),
      group('Schedule', control('schedule/properties/enabled'), {
        ...row(control('schedule/properties/report_date'), control('schedule/properties/mode')),
        rule: showWhen('schedule/properties/enabled', { const: true }),
      }),
      reportTexts.group,
      group('Layout', control('schema', { options: { json: true } }), control('report_templates')),
    ),
  },
  filter: { schema: { type: 'object', properties: filterProperties(properties, ['title', 'data_frequency', 'master_report_id']) } },
  view: {
    title: 'Reports',
    modes: ['table', 'card'],
    defaultOrder: 'title asc',
    table: {
      schema: [
        idColumn,
        column('title', 'Title', { sort: true }),
        column('data_frequency', 'Frequency', { type: 'enum' }),
        column('master_report_id', 'Master report', { type: 'enum' }),
        updatedColumn,
      ],
    },
  },
  export: {
    schema: [column('display_id', 'ID'), column('title', 'Title'), column('descrip', 'Description'), column('data_frequency', 'Frequency')],
  },
};
