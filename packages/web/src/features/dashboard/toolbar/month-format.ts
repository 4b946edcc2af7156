import { parseYearMonth } from '@docket/shared';
import { localeOf } from '../../../components/format-date.ts';

/** 'March 2026' in the user's language (the month picker's button and headings). */
export function monthTitle(reportDate: string, language: string): string {
  const month = parseYearMonth(reportDate);
  if (!month) return reportDate;
  return new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(month.year, month.month - 1, 1)),
  );
}

/** 'Mar 26' (the spec's MMM YY): column headings of month series. */
export function shortMonth(reportDate: string, language: string): string {
  const month = parseYearMonth(reportDate);
  if (!month) return reportDate;
  const name = new Intl.DateTimeFormat(localeOf(language), { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(month.year, month.month - 1, 1)),
  );
  return `${name} ${String(month.year % 100).padStart(2, '0')}`;
}

/** Month names of the picker's month view, January first. */
export function monthNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(localeOf(language), { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2000, index, 1))));
}
