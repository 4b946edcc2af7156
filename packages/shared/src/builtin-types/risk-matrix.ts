/**
 * The built-in 5 × 5 risk matrix: likelihood + severity (summed) gives a score from 2 to 10, which
 * maps to the criticality band with min <= score < max (docs/product/documents-and-schemas.md#survey-and-risk). The same
 * matrix is published in both configuration shapes the spec describes, as two `matrix` resources:
 * `risk_metrics` + `risk_criticalities`, and `categories` + `criticalities`.
 */
import type { Resource } from '../schema/document-schema.ts';

const LIKELIHOOD = ['Rare', 'Unlikely', 'Possible', 'Likely', 'Almost certain'] as const;
const SEVERITY = ['Insignificant', 'Minor', 'Moderate', 'Major', 'Catastrophic'] as const;

/** Criticality bands over the summed score; High and Extreme call for an investigation. */
const BANDS = [
  { id: 1, min: 2, max: 5, title: 'Low', investigation: false, color: '#4caf50', action: 'Manage by routine procedures.' },
  {
    id: 2,
    min: 5,
    max: 7,
    title: 'Medium',
    investigation: false,
    color: '#ff9800',
    action: 'Assign management responsibility and monitor.',
  },
  { id: 3, min: 7, max: 9, title: 'High', investigation: true, color: '#f44336', action: 'Senior management attention needed.' },
  {
    id: 4,
    min: 9,
    max: 11,
    title: 'Extreme',
    investigation: true,
    color: '#b71c1c',
    action: 'Stop the activity; immediate action required.',
  },
] as const;

export const RISK_MATRIX_TITLE = 'Risk matrix';
export const RISK_MATRIX_CATEGORIES_TITLE = 'Risk matrix (categories)';

/** Shape 1: risk_metrics with risk_metric_values, and risk_criticalities. */
export const riskMatrixMetricsResource: Resource = {
  type: 'matrix',
  title: RISK_MATRIX_TITLE,
  data: {
    risk_metrics: [
      {
        risk_metric_id: 1,
        title: 'Likelihood',
        risk_metric_values: LIKELIHOOD.map((title, i) => ({ risk_metric_value_id: 10 + i + 1, title, value: i + 1 })),
      },
      {
        risk_metric_id: 2,
        title: 'Severity',
        risk_metric_values: SEVERITY.map((title, i) => ({ risk_metric_value_id: 20 + i + 1, title, value: i + 1 })),
      },
    ],
    risk_criticalities: BANDS.map((band) => ({
      risk_matrix_criticality_id: band.id,
      min: band.min,
      max: band.max,
      title: band.title,
      descrip: `${band.title} risk (score ${band.min} to ${band.max - 1})`,
      action: band.action,
      investigation: band.investigation,
      color: band.color,
    })),
  },
};

/** Shape 2: categories with options, and criticalities. */
export const riskMatrixCategoriesResource: Resource = {
  type: 'matrix',
  title: RISK_MATRIX_CATEGORIES_TITLE,
  data: {
    categories: [
      { value: 'likelihood', label: 'Likelihood', options: LIKELIHOOD.map((label, i) => ({ value: i + 1, label })) },
      { value: 'severity', label: 'Severity', options: SEVERITY.map((label, i) => ({ value: i + 1, label })) },
    ],
    criticalities: BANDS.map((band) => ({ min: band.min, max: band.max, label: band.title, investigation: band.investigation })),
  },
};
