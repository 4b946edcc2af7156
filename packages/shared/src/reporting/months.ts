/**
 * Calendar months for reporting. A month is kept as a `MonthIndex`: the number of months since
 * 2000-01 (so 2000-01 is 0, 2001-03 is 14). Integers make window arithmetic, map keys and the
 * facts cube cheap; `YearMonth` is the readable form. Months are those of the organisation's time
 * zone (docs/product/reporting.md, "KPI maths").
 */

export interface YearMonth {
  year: number;
  /** 1 = January … 12 = December. */
  month: number;
}

/** Months since 2000-01; negative before it. */
export type MonthIndex = number;

/** The earliest month a report may show (the month picker starts at 2000-01-01). */
export const EARLIEST_REPORT_MONTH: YearMonth = { year: 2000, month: 1 };

const BASE_YEAR = 2000;

export function isValidYearMonth(value: YearMonth): boolean {
  return Number.isInteger(value.year) && Number.isInteger(value.month) && value.month >= 1 && value.month <= 12;
}

export function monthIndexOf(value: YearMonth): MonthIndex {
  if (!isValidYearMonth(value)) throw new RangeError(`Not a month: ${String(value.year)}-${String(value.month)}`);
  return (value.year - BASE_YEAR) * 12 + (value.month - 1);
}

export function yearMonthOf(index: MonthIndex): YearMonth {
  if (!Number.isInteger(index)) throw new RangeError(`Not a month index: ${String(index)}`);
  const month0 = ((index % 12) + 12) % 12;
  return { year: BASE_YEAR + (index - month0) / 12, month: month0 + 1 };
}

/** True from 2000-01 on; earlier months are refused by the reporting calls. */
export function isReportableMonth(index: MonthIndex): boolean {
  return Number.isInteger(index) && index >= 0;
}

export function addMonths(value: YearMonth, count: number): YearMonth {
  return yearMonthOf(monthIndexOf(value) + count);
}

/** Inclusive range of months, `from` ≤ `to` (an empty range is never built). */
export interface MonthRange {
  from: MonthIndex;
  to: MonthIndex;
}

/** Every month index from `from` to `to`, inclusive; empty when `from` is after `to`. */
export function monthsOf(range: MonthRange): MonthIndex[] {
  const months: MonthIndex[] = [];
  for (let index = range.from; index <= range.to; index += 1) months.push(index);
  return months;
}

export function monthCount(range: MonthRange): number {
  return Math.max(0, range.to - range.from + 1);
}

/** `2026-01` */
export function formatYearMonth(value: YearMonth): string {
  return `${String(value.year).padStart(4, '0')}-${String(value.month).padStart(2, '0')}`;
}

/** Parses `YYYY-MM` or `YYYY-MM-DD` (the day is ignored); undefined when it is not one. */
export function parseYearMonth(text: string): YearMonth | undefined {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  const value = { year: Number(match[1]), month: Number(match[2]) };
  if (!isValidYearMonth(value)) return undefined;
  // A day, when given, must be one of the month's (2026-02-30 is no date).
  const day = match[3] === undefined ? 1 : Number(match[3]);
  return day >= 1 && day <= new Date(Date.UTC(value.year, value.month, 0)).getUTCDate() ? value : undefined;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        calendar: 'gregory',
        numberingSystem: 'latn',
      });
    } catch {
      throw new RangeError(`Unknown time zone: ${timeZone.slice(0, 100)}`);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the IANA zone name (e.g. 'Australia/Sydney', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The month an instant falls in, seen from `timeZone`: 2026-01-31T12:30:00Z is 23:30 on
 * 31 January in Sydney (UTC+11), so January; 2026-01-31T13:30:00Z is already February there.
 */
export function monthOf(instant: Date | string | number, timeZone: string): YearMonth {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant).slice(0, 100)}`);
  let year = NaN;
  let month = NaN;
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type === 'year') year = Number(part.value);
    if (part.type === 'month') month = Number(part.value);
  }
  return { year, month };
}

/**
 * The month of a stored date value: a date-only value (`YYYY-MM-DD`) is already a calendar day
 * and keeps its month in every zone; anything else is an instant read in `timeZone`.
 */
export function monthOfDateValue(value: string, timeZone: string): YearMonth {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const parsed = parseYearMonth(value);
    if (parsed) return parsed;
  }
  return monthOf(value, timeZone);
}
