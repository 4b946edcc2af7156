/**
 * ECharts options for the chart cards (docs/product/reporting.md#cards): a metric's 12-month
 * series as a line, area, bar or spark, several metrics side by side, a pie of one month, and
 * document counts. Pure, so each chart type is tested without a browser.
 */
export const CHART_TYPES = ['line', 'area', 'bar', 'pie', 'spark'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** The card's chartType, else line (spark for Spark cards). */
export function chartTypeOf(value: unknown, fallback: ChartType = 'line'): ChartType {
  const name = typeof value === 'string' ? value.toLowerCase() : '';
  return (CHART_TYPES as readonly string[]).includes(name) ? (name as ChartType) : fallback;
}

export interface Series {
  name: string;
  values: (number | null)[];
}

export function seriesOption(type: ChartType, categories: readonly string[], series: readonly Series[], axisColour: string) {
  if (type === 'pie') {
    return {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, type: 'scroll', textStyle: { color: axisColour } },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          top: -10,
          data: series.map((entry) => ({ name: entry.name, value: entry.values[entry.values.length - 1] ?? 0 })),
          label: { color: axisColour },
        },
      ],
    };
  }
  if (type === 'spark') {
    return {
      grid: { left: 2, right: 2, top: 4, bottom: 2 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: [...categories], show: false, boundaryGap: false },
      yAxis: { type: 'value', show: false, scale: true },
      series: series.map((entry) => ({
        type: 'line',
        name: entry.name,
        data: entry.values,
        smooth: true,
        symbol: 'none',
        areaStyle: { opacity: 0.15 },
        connectNulls: true,
      })),
    };
  }
  return {
    grid: { left: 8, right: 12, top: series.length > 1 ? 32 : 12, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0, type: 'scroll', textStyle: { color: axisColour } } : undefined,
    xAxis: { type: 'category', data: [...categories], boundaryGap: type === 'bar', axisLabel: { color: axisColour } },
    yAxis: { type: 'value', axisLabel: { color: axisColour }, splitLine: { lineStyle: { opacity: 0.3 } } },
    series: series.map((entry) => ({
      type: type === 'bar' ? 'bar' : 'line',
      stack: type === 'bar' && series.length > 2 ? 'total' : undefined,
      name: entry.name,
      data: entry.values,
      smooth: type !== 'bar',
      connectNulls: true,
      areaStyle: type === 'area' ? { opacity: 0.25 } : undefined,
    })),
  };
}
