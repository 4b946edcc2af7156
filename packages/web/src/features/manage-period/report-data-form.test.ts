// The report data form's rules: docs/product/reporting.md#report-data.
import { describe, expect, it } from 'vitest';
import { compileDocumentValidator, type JsonSchema } from '@docket/shared';
import { reportDataForm, showsMetricEntry } from './report-data-form.ts';

const typeSchema: JsonSchema = {
  type: 'object',
  properties: {
    report_id: { type: 'integer' },
    report_date: { type: 'string', format: 'date' },
    scope: { type: 'integer' },
    tally: { type: 'boolean' },
    region_id: { type: 'integer' },
    site_id: { type: 'integer' },
    site_ids: { type: 'array', items: { type: 'integer' } },
    project_id: { type: 'integer' },
    actionee_ids: { type: 'array', items: { type: 'string' } },
    summary: { type: 'string' },
  },
};

describe('reportDataForm', () => {
  const form = reportDataForm(typeSchema);
  const controls = (form.uiSchema.elements ?? []).map((element) => [element.scope, element.rule?.effect, element.rule?.condition]);

  it('offers the five scope choices', () => {
    expect(form.schema.properties?.scope?.oneOf?.map((choice) => [choice.const, choice.title])).toEqual([
      [1, 'Group'],
      [2, 'Region'],
      [3, 'Site'],
      [0, 'Sites'],
      [9, 'Manual (User)'],
    ]);
  });

  it('shows each field for its scopes and leaves out fields the type does not have', () => {
    const byField = Object.fromEntries(controls.map(([scope, effect, condition]) => [scope, { effect, condition }]));
    expect(byField['#/properties/tally']?.effect).toBe('HIDE');
    expect(byField['#/properties/tally']?.condition).toMatchObject({ schema: { enum: [9] } });
    expect(byField['#/properties/site_id']?.condition).toMatchObject({ schema: { enum: [3, 9] } });
    expect(byField['#/properties/site_ids']?.condition).toMatchObject({ schema: { enum: [0] } });
    expect(byField['#/properties/project_id']?.condition).toMatchObject({ schema: { enum: [9] } });
    expect(byField['#/properties/actionee_ids']?.condition).toMatchObject({ schema: { enum: [9] } });
    expect(byField['#/properties/client_id']).toBeUndefined();
  });

  it('requires exactly one user on a manual item and the region on a region item', () => {
    const validate = compileDocumentValidator(form.schema);
    expect(validate({ scope: 9, actionee_ids: [] }).problems.length).toBeGreaterThan(0);
    expect(validate({ scope: 9, actionee_ids: ['a', 'b'] }).problems.length).toBeGreaterThan(0);
    expect(validate({ scope: 9, actionee_ids: ['a'] }).problems).toEqual([]);
    expect(validate({ scope: 2 }).problems.length).toBeGreaterThan(0);
    expect(validate({ scope: 2, region_id: 4 }).problems).toEqual([]);
    expect(validate({ scope: 1 }).problems).toEqual([]);
  });

  it('shows the metrics only when the item is not a tally', () => {
    expect(showsMetricEntry({ tally: false, scope: 3 })).toBe(true);
    expect(showsMetricEntry({ tally: true, scope: 3 })).toBe(false);
  });
});
