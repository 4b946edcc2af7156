import { describe, expect, it } from 'vitest';
import type { FieldCatalog } from '../../filter/field-catalog.ts';
import { fieldUsesBrokenBy } from './field-uses.ts';
import { TYPES } from '../test-fixtures.ts';

const incident = TYPES.incident!;
const without = (field: string): FieldCatalog => Object.fromEntries(Object.entries(incident).filter(([name]) => name !== field));

describe('fieldUsesBrokenBy', () => {
  it('names a summed field that is removed, made text or made a list', () => {
    const formula = "sum(incident, lost_days, '') / 2";
    expect(fieldUsesBrokenBy(formula, 'incident', incident, without('lost_days'))).toEqual([
      { field: 'lost_days', reason: "Unknown field 'lost_days' of type 'incident'" },
    ]);
    expect(fieldUsesBrokenBy(formula, 'incident', incident, { ...incident, lost_days: { type: 'string' } })).toEqual([
      { field: 'lost_days', reason: "Field 'lost_days' is not numeric; sum needs a number field" },
    ]);
    expect(fieldUsesBrokenBy(formula, 'incident', incident, { ...incident, lost_days: { type: 'number[]' } })[0]?.field).toBe('lost_days');
  });

  it('names the field of a filter that no longer checks, not the ones still there', () => {
    const formula = "count(incident, 'category = ''x'' AND recordable = true')";
    expect(fieldUsesBrokenBy(formula, 'incident', incident, { ...incident, recordable: { type: 'string' } })).toEqual([
      { field: 'recordable', reason: 'Invalid filter for incident: Field recordable expects a string' },
    ]);
    expect(fieldUsesBrokenBy(formula, 'incident', incident, without('category'))[0]?.field).toBe('category');
  });

  it('keeps a compatible change, another type and a formula that was refused already', () => {
    expect(
      fieldUsesBrokenBy("sum(incident, lost_days, '')", 'incident', incident, { ...incident, lost_days: { type: 'integer' } }),
    ).toEqual([]);
    expect(fieldUsesBrokenBy("count(incident, 'recordable = true')", 'incident', incident, without('category'))).toEqual([]);
    expect(fieldUsesBrokenBy("count(action, 'status = ''open''')", 'incident', incident, {})).toEqual([]);
    expect(fieldUsesBrokenBy("sum(incident, colour, '')", 'incident', incident, {})).toEqual([]);
    expect(fieldUsesBrokenBy('recordables * ', 'incident', incident, {})).toEqual([]);
  });

  it('names no field when the type itself is gone', () => {
    expect(fieldUsesBrokenBy("count(incident, '')", 'incident', incident, undefined)).toEqual([
      { field: undefined, reason: "Unknown type 'incident'" },
    ]);
  });
});
