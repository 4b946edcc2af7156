/**
 * Dates as people read them: en-GB for English (docs/product/administration.md#localisation), the UI language
 * otherwise. Date-only values (`2026-11-22`) are calendar days, never shifted by the time zone.
 */
export function localeOf(language: string): string {
  return language.startsWith('en') ? 'en-GB' : language;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

// Building an Intl formatter costs far more than using one; a 60-row list formats hundreds of dates.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

export function formatDate(value: unknown, language: string): string {
  if (typeof value !== 'string' || !value) return '';
  const date = DATE_ONLY.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(localeOf(language), { dateStyle: 'medium', timeZone: DATE_ONLY.test(value) ? 'UTC' : undefined }).format(date);
}

export function formatDateTime(value: unknown, language: string): string {
  if (typeof value !== 'string' || !value) return '';
  if (DATE_ONLY.test(value)) return formatDate(value, language);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A date and time as formatDateTime writes it, cut where a line may break: before the time
 * (en-GB `26 Nov 2026,` and `10:57`, a space between). A narrow list column then shows the time under the date
 * instead of widening the table (docs/product/forms-and-lists.md#columns). One part for a
 * date-only value or text that is not a date.
 */
export function dateTimeLines(value: unknown, language: string): [string] | [string, string] {
  if (typeof value !== 'string' || !value || DATE_ONLY.test(value)) return [formatDateTime(value, language)];
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return [value];
  const parts = formatter(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).formatToParts(date);
  const timeStart = parts.findIndex((part) => part.type === 'hour');
  if (timeStart <= 0) return [parts.map((part) => part.value).join('')];
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return [text(0, timeStart).trimEnd(), text(timeStart)];
}

/**
 * A date with an explicit pattern (a column's `format`, e.g. identities' `YYYY/MM/DD HH:mm`,
 * docs/product/administration.md#identities). Only the tokens the spec uses: YYYY MM DD HH mm ss.
 */
export function formatWithPattern(value: unknown, pattern: string): string {
  if (typeof value !== 'string' || !value) return '';
  const date = DATE_ONLY.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
}

/** Text cut to `max` characters with an ellipsis (docs/product/forms-and-lists.md#limits truncation lengths). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export const TRUNCATE = {
  summary: 200,
  tableDescription: 100,
  cardSummary: 150,
  badge: 30,
} as const;
