import { describe, expect, it } from 'vitest';
import { builtinTypeByName } from '@docket/shared';
import { cellLabels, cellValue, isProtectedFor } from './cell-value.ts';

const action = builtinTypeByName('action');
const same = (text: string) => text;

describe('cell values', () => {
  it('reads subId of objects, arrayId of lists and falls back to defaultValue', () => {
    expect(cellValue({ risk: { criticality: 'High' } }, { id: 'risk', subId: 'criticality' })).toBe('High');
    expect(cellValue({ members: [{ display_name: 'Ada' }, { display_name: 'Eve' }] }, { id: 'members', arrayId: 'display_name' })).toEqual([
      'Ada',
      'Eve',
    ]);
    expect(cellValue({}, { id: 'x', defaultValue: 0 })).toBe(0);
  });

  it('labels ids from data_normalised, else from the option titles', () => {
    expect(cellLabels({ site_id: 2, data_normalised: { site_id: 'North Plant' } }, { id: 'site_id' }, action, same)).toEqual([
      'North Plant',
    ]);
    expect(cellLabels({ priority: 5 }, { id: 'priority' }, action, same)).toEqual(['Very High']);
  });

  it("translates a plain enum's values with the type's own translations, as it translates option titles", () => {
    const incident = builtinTypeByName('incident');
    const french = (text: string) => ({ 'Near Miss': 'Quasi-accident', Injury: 'Blessure' })[text] ?? text;
    expect(cellLabels({ category: 'Near Miss' }, { id: 'category', type: 'enum' }, incident, french)).toEqual(['Quasi-accident']);
    // Free text is shown as written, even when it happens to match a translated word.
    expect(cellLabels({ summary: 'Injury' }, { id: 'summary' }, incident, french)).toEqual(['Injury']);
  });

  it('hides protected values from non-editors only', () => {
    const column = { id: 'salary', protected: true };
    expect(isProtectedFor({ meta: { access: { editor: false } } }, column, false)).toBe(true);
    expect(isProtectedFor({ meta: { access: { editor: true } } }, column, false)).toBe(false);
    expect(isProtectedFor({ meta: { access: { editor: false } } }, column, true)).toBe(false);
  });
});
