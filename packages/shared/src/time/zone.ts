/**
 * Wall-clock maths in an IANA time zone with nothing but `Intl` (no time-zone database of our
 * own): the organisation's zone decides which month a document falls in (reporting) and when
 * 'today' begins (filters, due dates) — docs/product/reporting.md#kpi-maths.
 */

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

/** The wall clock of `timeZone` at `epochMs`, read as if it were UTC (its fields, in one number). */
function wallClockAt(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(new Date(epochMs))) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** The zone's offset from UTC at `epochMs`, in milliseconds (Sydney in January: +11 h). */
export function offsetAt(epochMs: number, timeZone: string): number {
  return wallClockAt(epochMs, timeZone) - Math.floor(epochMs / 1000) * 1000;
}

/** The instant the wall clock of `timeZone` shows `wallMs` (a UTC-read wall time), e.g. a local midnight. */
export function instantOfWallClock(wallMs: number, timeZone: string): Date {
  // Two passes: the offset at the first guess may differ from the offset at the answer when a
  // daylight-saving change falls between them.
  let instant = wallMs - offsetAt(wallMs, timeZone);
  instant = wallMs - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The calendar day (`YYYY-MM-DD`) the wall clock of `timeZone` shows at `now`. */
export function localDateOf(now: Date, timeZone: string): string {
  return new Date(wallClockAt(now.getTime(), timeZone)).toISOString().slice(0, 10);
}
