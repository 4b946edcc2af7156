/**
 * The quiet hours of the embedded database (docs/product/forms-and-lists.md#list-indexes): the daily
 * window INDEX_BUILD_QUIET_HOURS (UTC hours `from-to`, default `1-5`) in which the exact analysis of
 * a large table runs (statistics-job.ts), since each of its scans holds SQLite's one write lock.
 * Index builds no longer wait for it: they hold writes for one chunk at a time
 * (platform/db/sqlite-index-in-chunks.ts). The window is configuration and the schedule is the
 * jobs table, so every process agrees on both. PostgreSQL never waits.
 */

export interface QuietHours {
  /** First hour of the window (UTC, 0–23). */
  from: number;
  /** Hour the window ends (UTC, 1–24; before `from` for a window across midnight). */
  to: number;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { from: 1, to: 5 };

/** `1-5` → { from: 1, to: 5 }; `22-3` crosses midnight; `0-24` is always quiet. Throws with the variable's name. */
export function parseQuietHours(text: string | undefined, name = 'INDEX_BUILD_QUIET_HOURS'): QuietHours {
  if (text === undefined || text.trim() === '') return DEFAULT_QUIET_HOURS;
  const match = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(text);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from > 23 || to < 1 || to > 24 || from === to)
    throw new Error(`${name} must be two UTC hours 'from-to' (e.g. 1-5, 22-3 or 0-24), got ${text}`);
  return { from, to };
}

function hourOf(date: Date): number {
  return date.getUTCHours() + date.getUTCMinutes() / 60 + date.getUTCSeconds() / 3600;
}

export function isQuietAt(now: Date, hours: QuietHours): boolean {
  const hour = hourOf(now);
  return hours.from < hours.to ? hour >= hours.from && hour < hours.to : hour >= hours.from || hour < hours.to;
}

/** `now` when it is quiet, else the next start of the window. */
export function nextQuietStart(now: Date, hours: QuietHours): Date {
  if (isQuietAt(now, hours)) return now;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours.from));
  return start.getTime() > now.getTime() ? start : new Date(start.getTime() + 24 * 3_600_000);
}
