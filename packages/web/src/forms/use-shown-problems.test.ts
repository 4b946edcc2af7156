import { describe, expect, it } from 'vitest';
import { fieldOfControlId, topField } from './use-shown-problems.ts';

// docs/product/forms-and-lists.md#validation: a field's problems show once that field is touched.
describe('the field a control belongs to', () => {
  const fields = ['site', 'site_id', 'summary', 'observations'];

  it('reads the top-level field from a scope id, preferring the longest name', () => {
    expect(fieldOfControlId('--properties-site_id', fields)).toBe('site_id');
    expect(fieldOfControlId('--properties-site', fields)).toBe('site');
    expect(fieldOfControlId('--properties-summary2', fields)).toBe('summary');
    expect(fieldOfControlId('--properties-observations-items-properties-descrip', fields)).toBe('observations');
    expect(fieldOfControlId('field-observations-0-descrip', fields)).toBe('observations');
  });

  it('names no field for other elements', () => {
    expect(fieldOfControlId('--properties-summaryx', fields)).toBeUndefined();
    expect(fieldOfControlId('mui-123', fields)).toBeUndefined();
  });

  it('gives a problem path its top-level field', () => {
    expect(topField('observations.0.descrip')).toBe('observations');
    expect(topField('summary')).toBe('summary');
  });
});
