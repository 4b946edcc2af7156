// Rules of docs/product/reporting.md#report-data and docs/product/reporting.md#periods.
import { describe, expect, it } from 'vitest';
import {
  canDeleteItem,
  canEditItem,
  deleteConfirmationKey,
  findPeriod,
  isPeriodClosed,
  itemLabelParts,
  sortItems,
  visibleItems,
} from './item-rules.ts';
import type { ReportDataItem } from './types.ts';

function item(id: number, extra: Partial<ReportDataItem> = {}): ReportDataItem {
  return { id, report_id: 1, report_date: '2026-10-01', scope: 3, ...extra };
}

describe('the period', () => {
  it('is the group-scope master item', () => {
    const items = [item(1, { scope: 3 }), item(2, { scope: 1, master: true }), item(3, { scope: 2 })];
    expect(findPeriod(items)?.id).toBe(2);
    expect(findPeriod([item(1)])).toBeUndefined();
  });

  it('is closed by the workflow flag, the Closed status or the closed flag', () => {
    expect(isPeriodClosed(item(1, { meta: { workflow: { closed: true } } }))).toBe(true);
    expect(isPeriodClosed(item(1, { status: 'Closed' }))).toBe(true);
    expect(isPeriodClosed(item(1, { closed: true }))).toBe(true);
    expect(isPeriodClosed(item(1, { status: 'Open' }))).toBe(false);
    expect(isPeriodClosed(undefined)).toBe(false);
  });
});

describe('edit and delete', () => {
  const site = item(1, { scope: 3 });
  const manual = item(2, { scope: 9, meta: { access: { editor: true, delete: false } } });

  it('lets only administrators change items below scope 9', () => {
    expect(canEditItem(site, false, true)).toBe(true);
    expect(canEditItem(site, false, false)).toBe(false);
    expect(canDeleteItem(site, false, true)).toBe(true);
    expect(canDeleteItem(site, false, false)).toBe(false);
  });

  it("follows a manual item's own access flags, whoever asks", () => {
    expect(canEditItem(manual, false, false)).toBe(true);
    expect(canDeleteItem(manual, false, false)).toBe(false);
    expect(canDeleteItem(manual, false, true)).toBe(false);
  });

  it('refuses everything in a closed period', () => {
    expect(canEditItem(site, true, true)).toBe(false);
    expect(canEditItem(manual, true, false)).toBe(false);
    expect(canDeleteItem(site, true, true)).toBe(false);
  });

  it("asks the master's own confirmation for scope 1", () => {
    expect(deleteConfirmationKey(item(1, { scope: 1 }))).toBe('managePeriod.deleteMaster');
    expect(deleteConfirmationKey(site)).toBe('managePeriod.deleteItem');
  });
});

describe('the list', () => {
  const items = [
    item(1, { scope: 3, data_normalised: { region: 'North', site: 'Quarry' } }),
    item(2, { scope: 2, data_normalised: { region: 'North' } }),
    item(3, { scope: 3, data_normalised: { region: 'North', site: 'Depot' } }),
    item(4, { scope: 1, data_normalised: {} }),
    item(5, { scope: 3, report_date: '2026-09-01', data_normalised: { region: 'South', site: 'Yard' } }),
    item(6, { scope: 9, tally: true, data_normalised: { region: 'North', site: 'Depot', actionees: 'Ann' } }),
  ];

  it('sorts by date, then region and scope, then site, client, project, user', () => {
    expect(sortItems(items).map((found) => found.id)).toEqual([5, 4, 2, 3, 1, 6]);
  });

  it("reads the server's field-keyed labels as well as the short ones", () => {
    const named = item(7, { scope: 3, data_normalised: { region_id: 'South', site_id: 'Yard' } as ReportDataItem['data_normalised'] });
    expect(itemLabelParts(named)).toEqual(['South', 'Yard']);
    expect(itemLabelParts(item(8, { scope: 1, data_normalised: { region: 'North' } }))).toEqual([]);
  });

  it('hides tally items unless asked, keeps only editable ones when asked, and searches the label', () => {
    const label = (found: ReportDataItem) => Object.values(found.data_normalised ?? {}).join(' ');
    const all = { search: '', showTally: true, onlyEditable: false };
    expect(visibleItems(items, all, () => true, label)).toHaveLength(6);
    expect(visibleItems(items, { ...all, showTally: false }, () => true, label).map((found) => found.id)).not.toContain(6);
    expect(visibleItems(items, { ...all, onlyEditable: true }, (found) => found.scope === 3, label).map((found) => found.id)).toEqual([
      5, 3, 1,
    ]);
    expect(visibleItems(items, { ...all, search: 'depot' }, () => true, label).map((found) => found.id)).toEqual([3, 6]);
  });
});
