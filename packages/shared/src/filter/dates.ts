/**
 * Date values. Dates and date-times are stored as ISO-8601 text (`2026-11-22`,
 * `2026-11-22T12:00:00.000Z`) and compared as text, which orders correctly only while every value
 * has the same shape and a four-digit year: hence the normalising here.
 */
import { instantOfWallClock, localDateOf } from '../time/zone.ts';
import type { ValueNode } from './ast.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a real calendar day, else undefined. */
export function normaliseDate(text: string): string | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
}

/** A date or date-time (any offset) as a UTC `YYYY-MM-DDTHH:mm:ss.sssZ` string, else undefined. */
export function normaliseDateTime(text: string): string | undefined {
  const day = normaliseDate(text);
  if (day !== undefined) return `${day}T00:00:00.000Z`;
  if (!DATE_TIME.test(text)) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return undefined;
  const iso = date.toISOString();
  // Offsets can push a year past 9999 (toISOString then writes +010000-…), which would not sort.
  return ISO_UTC.test(iso) ? iso : undefined;
}

export interface ValueContext {
  /** The current user's uuid, from the server's session, never from the request. */
  userId: string;
  now: Date;
  /** The organisation's IANA time zone: 'today' starts at its local midnight (default UTC). */
  timeZone?: string;
}

/**
 * The concrete value of a value node. Shared by the evaluator and the SQL compiler so both see
 * exactly the same `$user`, `today()` and `now()`.
 */
export function resolveValue(value: ValueNode, ctx: ValueContext): string | number | boolean {
  switch (value.kind) {
    case 'string':
    case 'number':
    case 'boolean':
      return value.value;
    case 'user':
      return ctx.userId;
    case 'today': {
      // The organisation's calendar day, shifted; as a date-time, the instant its local day begins.
      const zone = ctx.timeZone ?? 'UTC';
      const day = Date.parse(`${localDateOf(ctx.now, zone)}T00:00:00.000Z`) + value.days * DAY_MS;
      if (value.precision === 'date') return new Date(day).toISOString().slice(0, 10);
      return zone === 'UTC' ? new Date(day).toISOString() : instantOfWallClock(day, zone).toISOString();
    }
    case 'now': {
      const iso = ctx.now.toISOString();
      return value.precision === 'date' ? iso.slice(0, 10) : iso;
    }
  }
}
