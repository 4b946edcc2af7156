/**
 * Report metric (docs/product/reporting.md#metrics, docs/product/reporting.md#metrics): one figure of a report — manual entry, computed by the
 * system from documents, external, or display-only — with an optional target and deviation check.
 * `name` is unique per report (checked by the server's reporting module; JSON Schema cannot say it).
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import {
  bool,
  column,
  control,
  docRef,
  filterProperties,
  frenchAndSpanishTexts,
  group,
  idColumn,
  labelled,
  row,
  showWhen,
  text,
  vertical,
} from './common.ts';

const metricTexts = frenchAndSpanishTexts([
  ['label', 'Label'],
  ['descrip', 'Description', true],
]);

export const METRIC_TYPES = labelled([
  [0, 'Manual'],
  [1, 'System-Computed'],
  [2, 'System-Single'],
  [3, 'System-Array'],
  [4, 'System-Multi'],
  [8, 'External'],
  [9, 'Display'],
]);

export const TARGET_TYPES = labelled([
  [0, 'None'],
  [1, 'Upper'],
  [2, 'Lower'],
  [3, 'Range'],
]);

const properties: Record<string, JsonSchema> = {
  report_id: docRef('Report', 'report'),
  name: text('Name', { minLength: 1, 'x-unique': true }),
  label: text('Label', { minLength: 1 }),
  descrip: text('Description', { minLength: 1 }),
  type: { type: 'integer', title: 'Type', oneOf: METRIC_TYPES, default: 0 },
  formula: text('Formula'),
  order: { type: 'integer', title: 'Order', default: 0 },
  unit: text('Unit', { minLength: 1, default: '#' }),
  format: { type: 'integer', title: 'Format', minimum: 0, default: 0 },
  inherit: bool('Inherit'),
  targets: {
    type: 'object',
    title: 'Target',
    properties: {
      value: { type: 'number', title: 'Target value' },
      type: { type: 'integer', title: 'Target type', oneOf: TARGET_TYPES, default: 0 },
      reason_required: bool('Reason required when missed'),
    },
  },
  deviation: {
    type: 'object',
    title: 'Deviation',
    properties: {
      type: {
        type: 'string',
        title: 'Compare to',
        oneOf: labelled([
          ['none', 'None'],
          ['itm', 'ITM'],
          ['roll12', 'ROLL12'],
        ]),
        default: 'none',
      },
      value: { type: 'number', title: 'Deviation (fraction)', minimum: 0, maximum: 1, default: 0.1 },
      reason_required: bool('Reason required when exceeded'),
    },
  },
  target_miss_text: text('Target missed text'),
  // The label and description in the other languages a dashboard is read in (docs/product/reporting.md#metrics).
  i18n: metricTexts.property,
};

export const reportMetricType: DocumentSchema = {
  version: 3,
  type: 'report_metric',
  idMask: 'MET-{seq:4}',
  description: 'Report metrics: the figures reports compute, with targets and deviation checks.',
  category: 'Administration',
  hasEvents: true,
  hasWorkflow: false,
  requiredRolesForCreate: ['administrator'],
  requiredRolesForEdit: ['administrator'],
  indexed: ['report_id', 'name', 'type', 'order'],
  form: {
    title: 'Report Metric',
    summaryProperties: ['label'],
    descripProperties: ['descrip'],
    schema: {
      type: 'object',
      properties,
      required: ['name', 'descrip', 'label', 'type', 'unit'],
      errorMessage: {
        required: { name: 'Please enter a name', label: 'Please enter a label', descrip: 'Please enter a description' },
      },
    },
    uiSchema: vertical(
      group(
        'Metric',
        row('report_id', 'order'),
        row('name', 'label'),
        control('descrip', { options: { multi: true } }),
        row('type', 'unit', 'format', 'inherit'),
        control('formula', { options: { multi: true }, rule: showWhen('type', { enum: [1, 2, 3, 4] }) }),
      ),
      group(
        'Target',
        row(control('targets/properties/type'), control('targets/properties/value'), control('targets/properties/reason_required')),
        control('target_miss_text'),
      ),
      group(
        'Deviation',
        row(control('deviation/properties/type'), control('deviation/properties/value'), control('deviation/properties/reason_required')),
      ),
      metricTexts.group,
    ),
  },
  filter: { schema: { type: 'object', properties: filterProperties(properties, ['report_id', 'name', 'type']) } },
  view: {
    title: 'Report Metrics',
    modes: ['table', 'card'],
    defaultOrder: 'order asc',
    table: {
      schema: [
        idColumn,
        column('name', 'Name', { sort: true }),
        column('label', 'Label', { sort: true }),
        column('report_id', 'Report', { type: 'enum', sort: true }),
        column('type', 'Type', { type: 'enum' }),
        column('unit', 'Unit'),
        column('order', 'Order', { numeric: true, sort: true }),
      ],
    },
  },
  export: {
    schema: [
      column('report_id', 'Report'),
      column('name', 'Name'),
      column('label', 'Label'),
      column('descrip', 'Description'),
      column('type', 'Type'),
      column('unit', 'Unit'),
      column('formula', 'Formula'),
      column('order', 'Order', { numeric: true }),
    ],
  },
};
