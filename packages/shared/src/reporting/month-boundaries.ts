/**
 * Where the organisation's months begin, as UTC instants. The facts-cube queries bucket documents
 * by month with plain comparisons on stored UTC timestamps (`incident_date >= start AND < next
 * start`), which every database does the same way, instead of time-zone functions that SQLite
 * lacks. Date-only fields need no boundaries: their month is the text's `YYYY-MM`.
 */
import { monthIndexOf, yearMonthOf, type MonthIndex, type MonthRange, type YearMonth } from './months.ts';

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClocks.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        calendar: 'gregory',
        numberingSystem: 'latn',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new RangeError(`Unknown time zone: ${timeZone.slice(0, 100)}`);
    }
    wallClocks.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `epochMs`, in milliseconds (Sydney in January: +11 h). */
function offsetAt(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(new Date(epochMs))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** The first instant of `month` in `timeZone` (its local midnight on the 1st). */
export function monthStartInstant(month: YearMonth, timeZone: string): Date {
  const wallMidnight = Date.UTC(month.year, month.month - 1, 1);
  // Two passes: the offset at the first guess may differ from the offset at the answer when a
  // daylight-saving change falls between them.
  let instant = wallMidnight - offsetAt(wallMidnight, timeZone);
  instant = wallMidnight - offsetAt(instant, timeZone);
  return new Date(instant);
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
