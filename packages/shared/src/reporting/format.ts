/**
 * Display rounding of metric values. A metric's `format` (an integer, default 0) is the number of
 * decimal places shown, 0 to 6. Values are stored unrounded; rounding is half-up, symmetric for
 * negative values (half away from zero: 2.345 → 2.35, -2.345 → -2.35), the way spreadsheets
 * round. A unit of '%' means the value is already in percent points (a formula writes `* 100`);
 * it is shown with a '%' sign and never scaled.
 */

export const MAX_FORMAT_DECIMALS = 6;

/** The decimals a stored `format` stands for (missing or odd values fall back to 0 or the bound). */
export function decimalsOfFormat(format: number | null | undefined): number {
  if (typeof format !== 'number' || !Number.isFinite(format) || format < 0) return 0;
  return Math.min(MAX_FORMAT_DECIMALS, Math.floor(format));
}

/**
 * Rounds half-up to `decimals` places. Binary floating point holds 2.345 as 2.34499…, so the
 * scaled value is first cut to 15 significant digits (the precision a double keeps) before
 * rounding; otherwise 2.345 would round down.
 */
export function roundHalfUp(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** decimals;
  const scaled = Number((Math.abs(value) * scale).toPrecision(15));
  const rounded = Math.round(scaled) / scale;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** A metric value rounded to its format; null stays null. */
export function formatMetricValue(value: number | null | undefined, format: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return roundHalfUp(value, decimalsOfFormat(format));
}

/** The shown text: rounded, fixed decimals, the unit after it ('%' without a space, '#' not shown); '–' for null. */
export function metricValueText(value: number | null | undefined, format: number | null | undefined, unit = '#', locale = 'en'): string {
  const rounded = formatMetricValue(value, format);
  if (rounded === null) return '–';
  const decimals = decimalsOfFormat(format);
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(rounded);
  if (unit === '#' || unit.trim() === '') return number;
  return unit === '%' ? `${number}%` : `${number} ${unit}`;
}
