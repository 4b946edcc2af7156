import { describe, expect, it } from 'vitest';
import { builtinTypeByName, checkFilter, fieldCatalogOf, parseFilter, parseOrderBy } from '@docket/shared';
import { equalityFieldsOf, shapeKey, shapeOf, singleValueFieldsOf } from './list-shapes.ts';

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
});
