import { describe, expect, it } from 'vitest';
import { compareItems, itemKeyOf } from './report-items.ts';

// docs/product/reporting.md#report-data: one item per scope and month; Manage Period's order.
describe('report items', () => {
  it('names the same scope alike in every month', () => {
    expect(itemKeyOf({ scope: 1, report_date: '2025-01-01' })).toBe('group');
    expect(itemKeyOf({ scope: 2, region_id: 4 })).toBe('region:4');
    expect(itemKeyOf({ scope: 3, site_id: 7, region_id: 4 })).toBe('site:7');
    expect(itemKeyOf({ scope: 0, site_ids: [9, 3] })).toBe(itemKeyOf({ scope: 0, site_ids: [3, 9] }));
    expect(itemKeyOf({ scope: 9, actionee_ids: ['u1'], site_id: 7 })).not.toBe(itemKeyOf({ scope: 9, actionee_ids: ['u2'], site_id: 7 }));
  });

  it('sorts by date, then region and scope, then site and user', () => {
    const items = [
      { report_date: '2025-02-01', scope: 1 },
      { report_date: '2025-01-01', scope: 3, region_id: 2, site_id: 8 },
      { report_date: '2025-01-01', scope: 3, region_id: 2, site_id: 5 },
      { report_date: '2025-01-01', scope: 2, region_id: 2 },
      { report_date: '2025-01-01', scope: 1 },
      { report_date: '2025-01-01', scope: 9, region_id: 2, site_id: 5, actionee_ids: ['b'] },
      { report_date: '2025-01-01', scope: 9, region_id: 2, site_id: 5, actionee_ids: ['a'] },
    ];
    const sorted = [...items]
      .sort(compareItems)
      .map((i) => `${i.report_date.slice(5, 7)}:${i.scope}:${i.site_id ?? ''}:${i.actionee_ids?.[0] ?? ''}`);
    expect(sorted).toEqual(['01:1::', '01:2::', '01:3:5:', '01:3:8:', '01:9:5:a', '01:9:5:b', '02:1::']);
  });
});
