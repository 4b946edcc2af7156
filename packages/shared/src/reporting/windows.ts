/**
 * The registry of reporting windows: for a report month M, which months a window covers. Adding a
 * window kind adds an entry here (packages/shared/README.md, "Reporting maths"); the result lists
 * and the refresh pick up every entry.
 */
import { monthIndexOf, yearMonthOf, type MonthIndex, type MonthRange } from './months.ts';

export interface WindowSettings {
  /** 1 = January (the default) … 12; the fiscal year starts on the first day of this month. */
  fiscalYearStartMonth: number;
}

export const DEFAULT_WINDOW_SETTINGS: WindowSettings = { fiscalYearStartMonth: 1 };

export interface WindowKind {
  /** The key of the result list on a report data item (`itm`, `ytd`…). */
  key: string;
  label: string;
  /** The months the window covers for report month `month`, inclusive, ending at `month`. */
  rangeOf(month: MonthIndex, settings: WindowSettings): MonthRange;
}

function trailing(count: number): WindowKind['rangeOf'] {
  return (month) => ({ from: month - (count - 1), to: month });
}

/** First month of the fiscal year holding `month`. */
export function fiscalYearStartOf(month: MonthIndex, settings: WindowSettings): MonthIndex {
  const start = settings.fiscalYearStartMonth;
  if (!Number.isInteger(start) || start < 1 || start > 12)
    throw new RangeError(`fiscal_year_start_month must be 1 to 12, not ${String(start)}`);
  const { year, month: calendarMonth } = yearMonthOf(month);
  return monthIndexOf({ year: calendarMonth >= start ? year : year - 1, month: start });
}

export const WINDOW_KINDS = {
  itm: { key: 'itm', label: 'ITM', rangeOf: trailing(1) },
  ytd: { key: 'ytd', label: 'YTD', rangeOf: (month, settings) => ({ from: fiscalYearStartOf(month, settings), to: month }) },
  roll12: { key: 'roll12', label: 'ROLL12', rangeOf: trailing(12) },
  roll24: { key: 'roll24', label: 'ROLL24', rangeOf: trailing(24) },
} as const satisfies Readonly<Record<string, WindowKind>>;

export type WindowKey = keyof typeof WINDOW_KINDS;

export const WINDOW_KEYS = Object.keys(WINDOW_KINDS) as WindowKey[];

/** The earliest month any window of `month` reaches: what the facts-cube query must cover. */
export function earliestMonthNeeded(month: MonthIndex, settings: WindowSettings = DEFAULT_WINDOW_SETTINGS): MonthIndex {
  return Math.min(...Object.values(WINDOW_KINDS).map((kind: WindowKind) => kind.rangeOf(month, settings).from));
}
