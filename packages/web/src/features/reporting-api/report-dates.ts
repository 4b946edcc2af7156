/**
 * Report dates: the first day of a month as `YYYY-MM-DD` (docs/product/reporting.md#dashboard).
 * The month arithmetic is the shared reporting library's; this file only speaks in report dates.
 */
import { EARLIEST_REPORT_MONTH, addMonths, formatYearMonth, monthIndexOf, parseYearMonth } from '@docket/shared';
import type { YearMonth } from '@docket/shared';

export function reportDateOf(month: YearMonth): string {
  return `${formatYearMonth(month)}-01`;
}

/** The current month in the browser's calendar. */
export function currentReportDate(now = new Date()): string {
  return reportDateOf({ year: now.getFullYear(), month: now.getMonth() + 1 });
}

/** A valid report date from text (`YYYY-MM` or `YYYY-MM-DD`, any day), not before 2000-01; else undefined. */
export function normaliseReportDate(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const month = parseYearMonth(text);
  if (!month || monthIndexOf(month) < monthIndexOf(EARLIEST_REPORT_MONTH)) return undefined;
  return reportDateOf(month);
}

export function shiftReportDate(reportDate: string, months: number): string {
  const month = parseYearMonth(reportDate);
  if (!month) throw new RangeError(`Not a report date: ${reportDate}`);
  return reportDateOf(addMonths(month, months));
}

/** The last day of the report date's month, for a range filter that also holds timestamps. */
export function monthEndOf(reportDate: string): string {
  const month = parseYearMonth(reportDate);
  if (!month) throw new RangeError(`Not a report date: ${reportDate}`);
  const days = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  return `${formatYearMonth(month)}-${String(days).padStart(2, '0')}`;
}

/** The window of a history: 12 months (11 back) or the same month of the last 5 years. */
export function historyDates(reportDate: string, kind: 'months' | 'years'): string[] {
  const count = kind === 'years' ? 5 : 12;
  const step = kind === 'years' ? 12 : 1;
  const dates: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) dates.push(shiftReportDate(reportDate, -back * step));
  return dates;
}

/** The months of the fiscal (calendar) year up to the report date: January … M. */
export function yearToDateDates(reportDate: string): string[] {
  const month = parseYearMonth(reportDate);
  if (!month) return [];
  const dates: string[] = [];
  for (let m = 1; m <= month.month; m += 1) dates.push(reportDateOf({ year: month.year, month: m }));
  return dates;
}
