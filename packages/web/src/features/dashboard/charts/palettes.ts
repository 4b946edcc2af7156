/**
 * The 14 chart palettes an organisation can choose (`chartPalette`,
 * docs/product/administration.md#theme). The single-hue palettes run dark to light; on a dark
 * background they are read light to dark, so the first series stays readable.
 */
export const CHART_PALETTES = {
  default: ['#1976d2', '#ff5722', '#43a047', '#fbc02d', '#8e24aa', '#00acc1', '#e53935', '#6d4c41', '#546e7a', '#c0ca33'],
  highcharts: ['#7cb5ec', '#434348', '#90ed7d', '#f7a35c', '#8085e9', '#f15c80', '#e4d354', '#2b908f', '#f45b5b', '#91e8e1'],
  legacy: ['#3366cc', '#dc3912', '#ff9900', '#109618', '#990099', '#0099c6', '#dd4477', '#66aa00', '#b82e2e', '#316395'],
  orange: ['#e65100', '#ef6c00', '#f57c00', '#fb8c00', '#ff9800', '#ffa726', '#ffb74d', '#ffcc80'],
  blueGrey: ['#263238', '#37474f', '#455a64', '#546e7a', '#607d8b', '#78909c', '#90a4ae', '#b0bec5'],
  deepOrange: ['#bf360c', '#d84315', '#e64a19', '#f4511e', '#ff5722', '#ff7043', '#ff8a65', '#ffab91'],
  blue: ['#0d47a1', '#1565c0', '#1976d2', '#1e88e5', '#2196f3', '#42a5f5', '#64b5f6', '#90caf9'],
  teal: ['#004d40', '#00695c', '#00796b', '#00897b', '#009688', '#26a69a', '#4db6ac', '#80cbc4'],
  amber: ['#ff6f00', '#ff8f00', '#ffa000', '#ffb300', '#ffc107', '#ffca28', '#ffd54f', '#ffe082'],
  lime: ['#827717', '#9e9d24', '#afb42b', '#c0ca33', '#cddc39', '#d4e157', '#dce775', '#e6ee9c'],
  indigo: ['#1a237e', '#283593', '#303f9f', '#3949ab', '#3f51b5', '#5c6bc0', '#7986cb', '#9fa8da'],
  'tableau-classic': ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'],
  'tableau-red-black': ['#ae123a', '#ce4441', '#ee8780', '#e3bcb5', '#bdbdbd', '#999999', '#6a6a6a', '#414141'],
  'tableau-orange-blue': ['#9e3d22', '#d45b21', '#f69035', '#ffc58f', '#a8c8e0', '#6ba3d6', '#2b5c8a', '#1c3d5e'],
} as const satisfies Record<string, readonly string[]>;

export type ChartPaletteName = keyof typeof CHART_PALETTES;

export const CHART_PALETTE_NAMES = Object.keys(CHART_PALETTES) as ChartPaletteName[];

const SINGLE_HUE: ReadonlySet<ChartPaletteName> = new Set(['orange', 'blueGrey', 'deepOrange', 'blue', 'teal', 'amber', 'lime', 'indigo']);

export function isChartPalette(name: unknown): name is ChartPaletteName {
  return typeof name === 'string' && Object.hasOwn(CHART_PALETTES, name);
}

/** The colours for a palette name (unknown names get 'default') in a colour mode. */
export function paletteColours(name: unknown, mode: 'light' | 'dark'): string[] {
  const palette: ChartPaletteName = isChartPalette(name) ? name : 'default';
  const colours = [...CHART_PALETTES[palette]];
  return mode === 'dark' && SINGLE_HUE.has(palette) ? colours.reverse() : colours;
}
