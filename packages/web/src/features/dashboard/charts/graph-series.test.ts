import { describe, expect, it } from 'vitest';
import { graphSeriesOf } from './graph-series.ts';

// docs/product/reporting.md#charts: the answer by month, by field, and by field and month.
describe('graph series', () => {
  it('draws one series over the months by month alone, 0 where nothing was counted', () => {
    const answer = { dataAr: [{ month: '2026-02', count: 3 }], total: 3, months: ['2026-01', '2026-02'] };
    expect(graphSeriesOf(answer, 'month', 'Incidents')).toEqual({
      categories: ['2026-01', '2026-02'],
      series: [{ name: 'Incidents', values: [0, 3] }],
      isByMonth: true,
    });
  });

  it('draws a series per field value over the months', () => {
    const answer = {
      dataAr: [
        { category: 'Injury', month: '2026-01', count: 2 },
        { category: 'Near Miss', month: '2026-02', count: 5 },
        { category: 'Injury', month: '2026-02', count: 1 },
      ],
      total: 8,
      months: ['2026-01', '2026-02'],
    };
    expect(graphSeriesOf(answer, 'category,month', 'x').series).toEqual([
      { name: 'Injury', values: [2, 1] },
      { name: 'Near Miss', values: [0, 5] },
    ]);
  });

  it("names each field value in the user's language through the counted type's dictionary", () => {
    const answer = {
      dataAr: [
        { category: 'Near Miss', month: '2026-01', count: 2 },
        { category: 'Custom', month: '2026-01', count: 1 },
      ],
      total: 3,
      months: ['2026-01'],
    };
    const french: Record<string, string> = { 'Near Miss': 'Presque-accident' };
    const translate = (text: string) => french[text] ?? text;
    expect(graphSeriesOf(answer, 'category,month', 'x', translate).series.map((entry) => entry.name)).toEqual([
      'Presque-accident',
      'Custom',
    ]);
    expect(graphSeriesOf({ dataAr: [{ category: 'Near Miss', count: 2 }], total: 2 }, 'category', 'x', translate).categories).toEqual([
      'Presque-accident',
    ]);
  });

  it("draws one series over a field's values, with readable labels", () => {
    const answer = {
      dataAr: [
        { site_id: 3, count: 4, data_normalised: { site_id: 'Quarry' } },
        { site_id: null, count: 1 },
      ],
      total: 5,
    };
    expect(graphSeriesOf(answer, 'site_id', 'Sites')).toEqual({
      categories: ['Quarry', '–'],
      series: [{ name: 'Sites', values: [4, 1] }],
      isByMonth: false,
    });
  });
});
