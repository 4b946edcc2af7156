import { describe, expect, it } from 'vitest';
import { applyDashboardPatch, parseDashboardState } from './dashboard-state.ts';

// docs/product/reporting.md#dashboard: the filter state and what a month change clears.
describe('dashboard state', () => {
  it('reads every query parameter and falls back to the stored month, then this month', () => {
    const state = parseDashboardState(
      new URLSearchParams('id=12&page=safety&edit=1&reportDate=2026-02-14&mode=years&metric=trir&manager=1&summary=true'),
    );
    expect(state).toEqual({
      id: 12,
      page: 'safety',
      edit: true,
      reportDate: '2026-02-01',
      mode: 'years',
      metric: 'trir',
      manager: true,
      summary: true,
    });
    expect(parseDashboardState(new URLSearchParams(''), { reportDate: '2025-07-01' }, '2026-03-01').reportDate).toBe('2025-07-01');
    expect(parseDashboardState(new URLSearchParams('reportDate=1999-01-01&id=x'), {}, '2026-03-01')).toMatchObject({
      reportDate: '2026-03-01',
      id: null,
    });
  });

  it('clears the item, manager and edit when the month changes, and nothing else', () => {
    const params = new URLSearchParams('id=12&page=safety&edit=1&reportDate=2026-02-01&manager=1&mode=ytd');
    const state = parseDashboardState(params);
    const next = applyDashboardPatch(params, state, { reportDate: '2026-01-01' });
    expect(next.toString()).toBe('page=safety&reportDate=2026-01-01&mode=ytd');
    const same = applyDashboardPatch(params, state, { mode: 'pivot', id: 3 });
    expect(same.get('id')).toBe('3');
    expect(same.get('edit')).toBe('1');
    expect(same.get('mode')).toBe('pivot');
    expect(applyDashboardPatch(params, state, { mode: null }).has('mode')).toBe(false);
  });
});
