import { describe, expect, it } from 'vitest';
import {
  findMetric,
  isPeriodClosed,
  isNotComputed,
  isPeriodClosedIn,
  itemLabel,
  metricDescription,
  metricLabel,
  periodItemOf,
  sortItems,
  targetOf,
  valueOf,
} from './report-items.ts';
import type { ReportDataItem, ReportMetric } from './types.ts';

const trir: ReportMetric = { id: 7, report_id: 2, name: 'trir', label: 'TRIR', format: 2, targets: { value: 1.5, type: 1 } };
const item = (patch: Partial<ReportDataItem>): ReportDataItem => ({ id: 1, report_id: 2, report_date: '2026-03-01', scope: 3, ...patch });
const words = { 1: 'Group', 2: 'Region', 3: 'Site' };

// docs/product/reporting.md#report-data
describe('report items', () => {
  it('reads a figure by the metric name or its id, unknown as null', () => {
    const site = item({
      itm: [{ metric: 'trir', value: 2.5 }],
      ytd: [{ metric: 7, value: 1.2 }],
      roll12: [{ metric: 'trir', value: null }],
    });
    expect(valueOf(site, 'itm', trir)).toBe(2.5);
    expect(valueOf(site, 'ytd', trir)).toBe(1.2);
    expect(valueOf(site, 'roll12', trir)).toBeNull();
    expect(valueOf(undefined, 'itm', trir)).toBeNull();
    expect(findMetric([trir], 'trir')).toBe(trir);
    expect(findMetric([trir], 7)).toBe(trir);
    expect(findMetric([trir], 'ltir')).toBeUndefined();
  });

  it('tells a figure the server could not compute from an unknown one', () => {
    const site = item({
      itm: [{ metric: 'trir', value: null, text: "Not computed: Unknown field 'lost_days' of type 'incident'" }],
      ytd: [{ metric: 'trir', value: null }],
      roll12: [{ metric: 'trir', value: 2, text: '' }],
    });
    expect(isNotComputed(site, 'itm', trir)).toBe(true);
    expect(isNotComputed(site, 'ytd', trir)).toBe(false);
    expect(isNotComputed(site, 'roll12', trir)).toBe(false);
    expect(isNotComputed(undefined, 'itm', trir)).toBe(false);
  });

  it("names a metric in the user's language when it has a label for it, else by its own label, else its name", () => {
    const injuries = { name: 'injuries', label: 'Injuries', i18n: { data: { fr: { label: 'Blessures' }, es: { label: ' ' } } } };
    expect(metricLabel(injuries, 'fr')).toBe('Blessures');
    expect(metricLabel(injuries, 'fr-CA')).toBe('Blessures');
    expect(metricLabel(injuries, 'es')).toBe('Injuries');
    expect(metricLabel(injuries, 'en')).toBe('Injuries');
    expect(metricLabel(injuries)).toBe('Injuries');
    expect(metricLabel({ name: 'spills', label: null }, 'fr')).toBe('spills');
  });

  it("describes a metric in the user's language when it has a description for it, else by its own", () => {
    const trir = {
      descrip: 'Recordables per 200,000 hours',
      i18n: { data: { fr: { descrip: 'Blessures pour 200 000 heures' }, es: { descrip: '' } } },
    };
    expect(metricDescription(trir, 'fr-CA')).toBe('Blessures pour 200 000 heures');
    expect(metricDescription(trir, 'es')).toBe('Recordables per 200,000 hours');
    expect(metricDescription({ descrip: ' ' }, 'fr')).toBeUndefined();
  });

  it("lets the item's own target win over the metric's", () => {
    expect(targetOf(item({ target: [{ metric: 'trir', value: 1 }] }), trir)).toBe(1);
    expect(targetOf(item({}), trir)).toBe(1.5);
  });

  it('sorts by date, region, scope, then site and finds the closed master', () => {
    const group = item({ id: 1, scope: 1, master: true, closed: true });
    const north = item({ id: 2, scope: 2, data_normalised: { region: 'North' } });
    const northSite = item({ id: 3, scope: 3, data_normalised: { region: 'North', site: 'Quarry' } });
    const earlier = item({ id: 4, scope: 3, report_date: '2026-02-01', data_normalised: { region: 'South', site: 'Port' } });
    expect(sortItems([northSite, earlier, north, group]).map((i) => i.id)).toEqual([4, 1, 2, 3]);
    expect(periodItemOf([north, group])).toBe(group);
    expect(isPeriodClosed(group)).toBe(true);
    expect(isPeriodClosed(north)).toBe(false);
    expect(itemLabel(northSite, words)).toBe('Quarry');
    expect(itemLabel(north, words)).toBe('North');
    // The document engine's labels sit under the field names.
    expect(itemLabel(item({ scope: 2, data_normalised: { region_id: 'South' } as never }), words)).toBe('South');
    expect(itemLabel(item({ scope: 3, data_normalised: { region_id: 'South', site_id: 'Port' } as never }), words)).toBe('Port');
    expect(itemLabel(group, words)).toBe('Group');
  });
});

describe('the period state a member sees', () => {
  const site = (closed?: boolean) => ({ id: 7, scope: 3, ...(closed === undefined ? {} : { closed }) }) as unknown as ReportDataItem;
  const master = (closed: boolean) => ({ id: 1, scope: 1, master: true, closed }) as unknown as ReportDataItem;

  it('reads the period item when the member sees it', () => {
    expect(isPeriodClosedIn([master(true), site(false)])).toBe(true);
    expect(isPeriodClosedIn([master(false), site(true)])).toBe(false);
  });

  it("reads the copy on the member's own items when the period item is out of their reach", () => {
    expect(isPeriodClosedIn([site(true)])).toBe(true);
    expect(isPeriodClosedIn([site(false)])).toBe(false);
    expect(isPeriodClosedIn([site()])).toBe(false);
    expect(isPeriodClosedIn([])).toBe(false);
  });
});
