import { parseYearMonth } from '@docket/shared';
import { localeOf } from '../../../components/format-date.ts';

// One formatter per language and style: building one costs far more than formatting with it,
// and a 12-card dashboard formats a few hundred month names as it first paints.
const STYLES = {
  monthTitle: { month: 'long', year: 'numeric' },
  shortMonth: { month: 'short' },
  longDate: { day: '2-digit', month: 'long', year: 'numeric' },
  shortDate: { day: '2-digit', month: '2-digit', year: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(language: string, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${language}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { ...STYLES[style], timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** 'March 2026' in the user's language (the month picker's button and headings). */
export function monthTitle(reportDate: string, language: string): string {
  const month = parseYearMonth(reportDate);
  if (!month) return reportDate;
  return formatOf(language, 'monthTitle').format(new Date(Date.UTC(month.year, month.month - 1, 1)));
}

/** 'Mar 26' (the spec's MMM YY): column headings of month series. */
export function shortMonth(reportDate: string, language: string): string {
  const month = parseYearMonth(reportDate);
  if (!month) return reportDate;
  const name = formatOf(language, 'shortMonth').format(new Date(Date.UTC(month.year, month.month - 1, 1)));
  return `${name} ${String(month.year % 100).padStart(2, '0')}`;
}

/** Month names of the picker's month view, January first. */
export function monthNames(language: string): string[] {
  const format = formatOf(language, 'shortMonth');
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
  return formatOf(language, 'longDate').format(day);
}

/** '01/11/26' (the spec's DD/MM/YY): the reporting period's from and to dates. */
export function shortDate(text: string, language: string): string {
  const day = dayOf(text);
  if (!day) return text;
  return formatOf(language, 'shortDate').format(day);
}
