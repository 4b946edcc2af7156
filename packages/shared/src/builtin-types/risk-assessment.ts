/**
 * Risk assessment: a hazard rated on the risk matrix before and after controls. The `risk` objects
 * hold the selected value per matrix metric, the summed score and the resulting criticality; the
 * form's risk renderer recalculates them on every change (docs/product/documents-and-schemas.md#survey-and-risk).
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import {
  column,
  control,
  CREATED_SINCE_2023,
  createdColumn,
  date,
  dateTime,
  docRef,
  filterProperties,
  group,
  identityList,
  idColumn,
  row,
  siteColumn,
  statusColumn,
  statusFilter,
  summaryColumn,
  text,
  vertical,
} from './common.ts';
import { riskMatrixCategoriesResource, riskMatrixMetricsResource, RISK_MATRIX_TITLE } from './risk-matrix.ts';

function riskSchema(title: string): JsonSchema {
  return {
    type: 'object',
    title,
    properties: {
      // Selected value per metric (keyed by metric id or category value).
      values: { type: 'object', title: 'Selected values', additionalProperties: { type: 'number' } },
      score: { type: 'number', title: 'Score', readOnly: true },
      criticality: { type: 'string', title: 'Criticality', readOnly: true },
      investigation: { type: 'boolean', title: 'Investigation required', readOnly: true },
    },
  };
}

const properties: Record<string, JsonSchema> = {
  summary: text('Title', { minLength: 1, maxLength: 200 }),
  activity: text('Activity or task'),
  region_id: docRef('Region', 'region'),
  site_id: docRef('Site', 'site', { region_id: 'region_id' }),
  zone_id: docRef('Zone', 'zone', { site_id: 'site_id' }),
  assessment_date: date('Assessment date'),
  assessor_ids: identityList('Assessors', 1),
  hazard: text('Hazard', { minLength: 1 }),
  risk: riskSchema('Risk'),
  controls: text('Controls'),
  residual_risk: riskSchema('Residual risk'),
  next_review_date: date('Next review date'),
};

const riskControl = (field: string) => control(field, { options: { renderer: 'riskMatrix', resource: RISK_MATRIX_TITLE } });

export const riskAssessmentType: DocumentSchema = {
  version: 3,
  type: 'risk_assessment',
  idMask: 'RA-{seq:5}',
  description: 'Risk assessments: hazards rated on the risk matrix before and after controls.',
  category: 'Health and Safety',
  hasEvents: true,
  hasWorkflow: true,
  childTypes: ['action'],
  indexed: ['zone_id', 'assessment_date', 'next_review_date'],
  resources: [riskMatrixMetricsResource, riskMatrixCategoriesResource],
  form: {
    title: 'Risk Assessment',
    summaryProperties: ['summary'],
    descripProperties: ['hazard'],
    dateField: 'assessment_date',
    schema: {
      type: 'object',
      properties,
      required: ['summary', 'site_id', 'assessment_date', 'assessor_ids', 'hazard', 'risk'],
      errorMessage: {
        required: {
          summary: 'Please enter a title',
          hazard: 'Please describe the hazard',
          risk: 'Please rate the risk',
          assessor_ids: 'Please select at least one assessor',
        },
      },
    },
    defaults: { assessment_date: 'date', assessor_ids: ['user'] },
    uiSchema: vertical(
      group(
        'Assessment',
        control('summary'),
        control('activity'),
        row('region_id', 'site_id', 'zone_id'),
        row('assessment_date', 'assessor_ids'),
      ),
      group(
        'Risk',
        control('hazard', { options: { multi: true } }),
        riskControl('risk'),
        control('controls', { options: { multi: true } }),
        riskControl('residual_risk'),
        control('next_review_date'),
      ),
    ),
  },
  filter: {
    schema: {
      type: 'object',
      properties: {
        ...filterProperties(properties, ['region_id', 'site_id', 'zone_id', 'assessment_date', 'assessor_ids', 'next_review_date']),
        status: statusFilter(),
      },
    },
    defaultFilter: CREATED_SINCE_2023,
  },
  view: {
    title: 'Risk Assessments',
    modes: ['table', 'card'],
    defaultOrder: 'assessment_date desc',
    table: {
      schema: [
        idColumn,
        summaryColumn,
        column('risk', 'Risk', { subId: 'criticality', type: 'enum' }),
        column('residual_risk', 'Residual risk', { subId: 'criticality', type: 'enum' }),
        column('assessment_date', 'Assessed', { type: 'date', sort: true }),
        siteColumn,
        statusColumn,
        createdColumn,
      ],
    },
  },
  export: {
    schema: [
      column('display_id', 'ID'),
      column('summary', 'Title'),
      column('hazard', 'Hazard'),
      column('risk', 'Risk score', { subId: 'score', numeric: true }),
      column('risk', 'Risk', { subId: 'criticality' }),
      column('controls', 'Controls'),
      column('residual_risk', 'Residual risk', { subId: 'criticality' }),
      column('site_id', 'Site'),
      column('assessment_date', 'Assessed', { type: 'date' }),
      column('status', 'Status'),
    ],
  },
  review: {
    schema: {
      type: 'object',
      properties: {
        review_date: dateTime('Review date'),
        rating: { type: 'integer', title: 'Rating', minimum: 0, maximum: 5, default: 0 },
        notes: text('Notes'),
      },
      required: ['review_date'],
      errorMessage: { required: { review_date: 'Please enter the review date' } },
    },
    uiSchema: vertical(row('review_date', 'rating'), control('notes', { options: { multi: true } })),
    condition: "status = 'Closed' AND (reviewer = true OR editor = true OR admin = true)",
  },
  workflow: {
    enabled: true,
    status_final: 'Closed',
    blocks: [
      {
        type: 'submit',
        enabled: true,
        sequential: true,
        days: 14,
        status: 'Pending Completion',
        required: ['hazard', 'risk', 'assessor_ids'],
        steps: [{ title: 'Assessors complete the assessment', property: 'assessor_ids', roles: ['editor'], scope: 3 }],
      },
      {
        type: 'approve',
        enabled: true,
        sequential: true,
        status: 'Pending Approval',
        steps: [{ title: 'Site manager approval', roles: ['manager'], scope: 3 }],
      },
    ],
  },
};
