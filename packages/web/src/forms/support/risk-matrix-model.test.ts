import { describe, expect, it } from 'vitest';
import { builtinTypeByName } from '@docket/shared';
import { bandOf, computeRisk, criticalityColor, riskMatrixFromResource } from './risk-matrix-model.ts';

const resources = builtinTypeByName('risk_assessment')!.resources!;
const [metricsShape, categoriesShape] = resources.map((resource) => riskMatrixFromResource(resource.data));

describe('risk matrices', () => {
  it('reads both configuration shapes into the same model', () => {
    expect(metricsShape?.metrics.map((m) => m.title)).toEqual(['Likelihood', 'Severity']);
    expect(categoriesShape?.metrics.map((m) => m.title)).toEqual(['Likelihood', 'Severity']);
    expect(metricsShape?.bands.map((b) => [b.label, b.min, b.max])).toEqual(categoriesShape?.bands.map((b) => [b.label, b.min, b.max]));
  });

  it('sums the chosen values and bands the score with min inclusive and max exclusive', () => {
    const matrix = metricsShape!;
    expect(computeRisk(matrix, { 1: 4, 2: 3 })).toEqual({ values: { 1: 4, 2: 3 }, score: 7, criticality: 'High', investigation: true });
    expect(bandOf(matrix, 6)?.label).toBe('Medium');
    expect(bandOf(matrix, 9)?.label).toBe('Extreme');
    expect(bandOf(matrix, 11)).toBeUndefined();
  });

  it('starts an unset metric at its first option', () => {
    expect(computeRisk(categoriesShape!, { severity: 5 })).toMatchObject({
      values: { likelihood: 1, severity: 5 },
      score: 6,
      criticality: 'Medium',
    });
  });

  it('colours Medium as a warning and High or Extreme as errors (docs/product/documents-and-schemas.md#survey-and-risk)', () => {
    expect(['Low', 'Medium', 'High', 'Extreme'].map(criticalityColor)).toEqual(['success', 'warning', 'error', 'error']);
  });

  it('answers null for a resource that is no matrix', () => {
    expect(riskMatrixFromResource({ something: 'else' })).toBeNull();
  });
});
