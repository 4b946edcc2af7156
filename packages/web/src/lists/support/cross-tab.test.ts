import { describe, expect, it } from 'vitest';
import { crossTab } from './cross-tab.ts';

describe('crossTab', () => {
  it('folds group rows into category rows by status columns with totals', () => {
    const tab = crossTab(
      [
        { category_id: 1, status: 'Closed', count: 2, data_normalised: { category_id: 'Electrical' } },
        { category_id: 1, status: 'Pending Approval', count: 3, data_normalised: { category_id: 'Electrical' } },
        { category_id: null, status: 'Closed', count: 1 },
      ],
      'category_id',
      'status',
      '(none)',
    );
    expect(tab.rows.map((r) => r.label)).toEqual(['Electrical', '(none)']);
    expect(tab.columns.map((c) => c.label)).toEqual(['Closed', 'Pending Approval']);
    expect(tab.count(tab.rows[0]!, tab.columns[1]!)).toBe(3);
    expect(tab.rowTotal(tab.rows[0]!)).toBe(5);
    expect(tab.columnTotal(tab.columns[0]!)).toBe(3);
    expect(tab.total).toBe(6);
  });
});
