import { describe, expect, it } from 'vitest';
import { builtinTypeByName, checkFilter, fieldCatalogOf, parseFilter, parseOrderBy } from '@docket/shared';
import { decidedByIndex, equalityFieldsOf, onlyEqualities, shapeKey, shapeOf, singleValueFieldsOf } from './list-shapes.ts';

const incident = builtinTypeByName('incident')!;
const catalog = fieldCatalogOf(incident, { canSeeProtected: true });
const filter = (text: string) => checkFilter(parseFilter(text), catalog);

describe('list shapes (docs/product/forms-and-lists.md#list-indexes)', () => {
  it('takes the AND-ed equality fields of the filter and row filter, and the first order field', () => {
    const shape = shapeOf(
      catalog,
      [filter('site_id IN (3, 7)'), filter("category = 'Injury' AND priority > 1")],
      parseOrderBy('incident_date desc', catalog),
    );
    expect(shapeKey(shape)).toBe('category,site_id|incident_date');
    expect(shapeKey(shapeOf(catalog, [null, null], []))).toBe('|created_date');
  });

  it('tells the fields fixed to one value from those of an IN-list of several', () => {
    const node = filter("category = 'Injury' AND site_id IN (3, 7) AND region_id IN (1) AND NOT priority IN (2) AND severity > 1");
    expect(equalityFieldsOf(node).sort()).toEqual(['category', 'region_id', 'site_id']);
    expect(singleValueFieldsOf(node).sort()).toEqual(['category', 'region_id']);
    expect(singleValueFieldsOf(filter("category = 'Injury' OR category = 'Near miss'"))).toEqual([]);
    expect(singleValueFieldsOf(null)).toEqual([]);
  });

  it('tells which filters an index holding some fields decides on its entries, excluding a few ids among them', () => {
    const held = new Set(['category', 'site_id']);
    expect(decidedByIndex(null, held)).toBe(true);
    expect(decidedByIndex(filter("category = 'Injury' AND site_id IN (3) AND id <> -4 AND id NOT IN (5, 6) AND NOT id IN (7)"), held)).toBe(
      true,
    );
    // A field the index does not hold, an IN-list of several values, a range, a text search, an OR.
    for (const text of ['priority = 2', 'site_id IN (3, 7)', 'site_id > 3', "summary CONTAINS 'cable'", 'id = 4 OR id = 5', 'id < 9']) {
      expect(decidedByIndex(filter(text), held), text).toBe(false);
    }
    // Excluding ids leaves an index's order meeting a match at nearly every entry; any other exclusion may not.
    expect(onlyEqualities(filter("category = 'Injury' AND id <> -4 AND NOT id IN (5)"))).toBe(true);
    expect(onlyEqualities(filter("category <> 'Injury'"))).toBe(false);
    expect(onlyEqualities(filter('NOT site_id IN (3)'))).toBe(false);
    expect(onlyEqualities(filter('site_id NOT IN (3)'))).toBe(false);
  });
});
