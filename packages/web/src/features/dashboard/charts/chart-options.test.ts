import { describe, expect, it } from 'vitest';
import { chartTypeOf, seriesOption } from './chart-options.ts';

// docs/product/reporting.md#limits: default chart line (spark for Spark cards).
describe('chart options', () => {
  it('defaults to line, or the fallback given', () => {
    expect(chartTypeOf(undefined)).toBe('line');
    expect(chartTypeOf('BAR')).toBe('bar');
    expect(chartTypeOf('donut', 'spark')).toBe('spark');
  });

  it('draws a pie of the last month and series for the others', () => {
    const series = [
      { name: 'TRIR', values: [1, 2, 3] },
      { name: 'LTIR', values: [0.5, null, 0.7] },
    ];
    const pie = seriesOption('pie', ['a', 'b', 'c'], series, '#000');
    expect(pie.series[0]).toMatchObject({
      type: 'pie',
      data: [
        { name: 'TRIR', value: 3 },
        { name: 'LTIR', value: 0.7 },
      ],
    });
    const bar = seriesOption('bar', ['a', 'b', 'c'], series, '#000') as { series: { type: string; data: unknown[] }[] };
    expect(bar.series.map((entry) => entry.type)).toEqual(['bar', 'bar']);
    expect(bar.series[1]?.data).toEqual([0.5, null, 0.7]);
    const area = seriesOption('area', ['a'], series.slice(0, 1), '#000') as { series: { areaStyle?: unknown }[]; legend?: unknown };
    expect(area.series[0]?.areaStyle).toBeDefined();
    expect(area.legend).toBeUndefined();
  });
});
