/**
 * When a weekly summary is due (docs/product/mail.md#weekly-summary): from Monday 07:00 in the
 * organisation's time zone, once per week. Pure: the ticker asks it on every poll and the week's
 * key makes the job unique, so however often or late it asks, a week gets one summary.
 */
export const SUMMARY_HOUR = 7;

export interface SummaryWeek {
  /** `W` and the local date of the week's Monday, e.g. `W2026-11-23`. */
  key: string;
  isDue: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(now: Date, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    weekday: parts.weekday!,
  };
}

const MONDAY_OFFSET: Readonly<Record<string, number>> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

export function summaryWeek(now: Date, timeZone: string): SummaryWeek {
  const local = wallClock(now, timeZone);
  const sinceMonday = MONDAY_OFFSET[local.weekday] ?? 0;
  const monday = new Date(Date.UTC(local.year, local.month - 1, local.day - sinceMonday));
  return { key: `W${monday.toISOString().slice(0, 10)}`, isDue: sinceMonday > 0 || local.hour >= SUMMARY_HOUR };
}
