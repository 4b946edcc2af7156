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

function dayOf(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** '01 November 2026' (the spec's DD MMMM YYYY): the report header card's date. */
export function longDate(text: string, language: string): string {
  const day = dayOf(text);
  if (!day) return text;
  return new Intl.DateTimeFormat(localeOf(language), { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day);
}

/** '01/11/26' (the spec's DD/MM/YY): the reporting period's from and to dates. */
export function shortDate(text: string, language: string): string {
  const day = dayOf(text);
  if (!day) return text;
  return new Intl.DateTimeFormat(localeOf(language), { day: '2-digit', month: '2-digit', year: '2-digit', timeZone: 'UTC' }).format(day);
}
