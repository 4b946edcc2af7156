/** The chart call's terms and months (docs/product/reporting.md#charts). */
import { describe, expect, it } from 'vitest';
import { builtinTypeByName, fieldCatalogOf, monthIndexOf } from '@docket/shared';
import { parseGraphQuery } from './graph-terms.ts';

const incident = builtinTypeByName('incident')!;
const catalog = fieldCatalogOf(incident, { canSeeProtected: true });

describe('parseGraphQuery', () => {
  it("reads 'month' as the type's date field and defaults to the twelve months ending with the zone's current month", () => {
    // 1 March 2026 at 00:30 in Sydney is still 28 February in UTC.
    const now = new Date('2026-02-28T13:30:00.000Z');
    const query = parseGraphQuery({ group_by: 'category, month' }, incident, catalog, 'Australia/Sydney', now);
    expect(query.terms).toEqual([
      { kind: 'field', field: 'category' },
      { kind: 'month', field: 'incident_date', isDateOnly: false },
    ]);
    const march = monthIndexOf({ year: 2026, month: 3 });
    expect(query.range).toEqual({ from: march - 11, to: march, field: 'incident_date', isDateOnly: false });
    expect(parseGraphQuery({ group_by: 'month' }, incident, catalog, 'UTC', now).range?.to).toBe(march - 1);
  });

  it('counts without months unless a month term or from/to asks for them', () => {
    expect(parseGraphQuery({ group_by: 'category' }, incident, catalog, 'UTC').range).toBeUndefined();
    const ranged = parseGraphQuery({ group_by: 'category', from: '2025-01', to: '2025-06' }, incident, catalog, 'UTC');
    expect(ranged.range).toEqual({
      from: monthIndexOf({ year: 2025, month: 1 }),
      to: monthIndexOf({ year: 2025, month: 6 }),
      field: 'incident_date',
      isDateOnly: false,
    });
  });

  it('refuses a field the caller may not group by', () => {
    const hidden = { ...catalog, category: { ...catalog.category!, readable: false } };
    expect(() => parseGraphQuery({ group_by: 'category' }, incident, hidden, 'UTC')).toThrow('Cannot group by field: category');
  });
});
