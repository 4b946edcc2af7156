/**
 * Where the organisation's months begin, as UTC instants. The facts-cube queries bucket documents
 * by month with plain comparisons on stored UTC timestamps (`incident_date >= start AND < next
 * start`), which every database does the same way, instead of time-zone functions that SQLite
 * lacks. Date-only fields need no boundaries: their month is the text's `YYYY-MM`.
 */
import { instantOfWallClock } from '../time/zone.ts';
import { monthIndexOf, yearMonthOf, type MonthIndex, type MonthRange, type YearMonth } from './months.ts';

/** The first instant of `month` in `timeZone` (its local midnight on the 1st). */
export function monthStartInstant(month: YearMonth, timeZone: string): Date {
  return instantOfWallClock(Date.UTC(month.year, month.month - 1, 1), timeZone);
}

export interface MonthBoundary {
  month: MonthIndex;
  /** Inclusive start, ISO UTC. */
  from: string;
  /** Exclusive end (the next month's start), ISO UTC. */
  to: string;
}

/** Every month of `range` with its UTC start and end in `timeZone`, for bucketing timestamps. */
export function monthBoundaries(range: MonthRange, timeZone: string): MonthBoundary[] {
  const boundaries: MonthBoundary[] = [];
  let start = monthStartInstant(yearMonthOf(range.from), timeZone).toISOString();
  for (let month = range.from; month <= range.to; month += 1) {
    const end = monthStartInstant(yearMonthOf(month + 1), timeZone).toISOString();
    boundaries.push({ month, from: start, to: end });
    start = end;
  }
  return boundaries;
}

/** The month index of a `YYYY-MM…` text (a date-only value or a month key). */
export function monthIndexOfText(text: string): MonthIndex | undefined {
  const match = /^(\d{4})-(\d{2})/.exec(text);
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? monthIndexOf({ year: Number(match[1]), month }) : undefined;
}
