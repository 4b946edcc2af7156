/**
 * The parts of Apache ECharts the cards use, imported one by one from `echarts/core` so the
 * chunk holds only these charts and components. Loaded on demand by echart.tsx: the dashboard
 * route does not carry ECharts until a chart is shown.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
