/** 'Updated {time ago}' (docs/product/reporting.md#manage-period): the largest whole unit, in the screen's language. */
import { localeOf } from '../../components/format-date.ts';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

export function timeAgo(value: string, language: string, now: number = Date.now()): string | undefined {
  const then = new Date(value).getTime();
  if (Number.isNaN(then)) return undefined;
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.trunc(seconds / size), unit);
  }
  return undefined;
}
