import { describe, expect, it } from 'vitest';
import type { ReportDataItem, ReportMetric } from '../../reporting-api/types.ts';
import { seriesScopeOf, virtualItemsOf } from './virtual-series.ts';

const metric = { id: 7, report_id: 3, name: 'trir' } as ReportMetric;
const item = (fields: Partial<ReportDataItem>) =>
  ({ id: 1, report_id: 3, report_date: '2026-03-01', scope: 1, ...fields }) as ReportDataItem;

// docs/product/reporting.md#cards: `virtual` reads the metric's series computed from the facts.
describe('virtual series', () => {
  it('turns each row of the series into an item holding the metric in every window', () => {
    const [row] = virtualItemsOf(
      { metric: {}, dataAr: [{ report_date: '2026-03-01T00:00:00Z', itm: 1.5, ytd: 2, roll12: 2.5, target: 3 }] },
      metric,
    );
    expect(row?.report_date).toBe('2026-03-01');
    expect(row?.itm).toEqual([{ metric: 'trir', value: 1.5 }]);
    expect(row?.roll12).toEqual([{ metric: 'trir', value: 2.5 }]);
    expect(row?.target).toEqual([{ metric: 'trir', value: 3 }]);
  });

  it('has nothing to show without an answer or a metric', () => {
    expect(virtualItemsOf(undefined, metric)).toEqual([]);
    expect(virtualItemsOf({ metric: {}, dataAr: [] }, undefined)).toEqual([]);
  });

  it("asks for the shown item's region or site, else the group", () => {
    expect(seriesScopeOf(item({ scope: 2, region_id: 4 }))).toEqual({ scope: 2, region_id: 4 });
    expect(seriesScopeOf(item({ scope: 3, site_id: 9 }))).toEqual({ scope: 3, site_id: 9 });
    expect(seriesScopeOf(item({ scope: 1 }))).toEqual({});
    expect(seriesScopeOf(undefined)).toEqual({});
  });
});
