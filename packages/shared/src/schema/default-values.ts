/**
 * Default-value tokens of `form.defaults` (docs/product/documents-and-schemas.md#default-values, conventions in builtin-types/index.ts),
 * applied to a new document's empty fields by the server on create and by the web form alike:
 *   `date` today (YYYY-MM-DD, in the organisation's time zone) · `date-time` now (ISO UTC) · `user` the current user's uuid
 *   (`['user']` for a list) · `@field` starts from another field's date · `+N` / `+Nd` days,
 *   `+Nh` hours (also `-N`). Anything else is a literal default.
 */

import { localDateOf } from '../time/zone.ts';

export interface DefaultValueContext {
  /** The current user, from the session (never from a request body). */
  userId: string;
  now: Date;
  /** The organisation's IANA time zone: a `date` is its calendar day (default UTC). */
  timeZone?: string;
}

const DATE_TOKEN = /^(date|date-time)(?:@([A-Za-z_][A-Za-z0-9_]*))?(?:([+-]\d{1,5})([dh])?)?$/;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function dateBase(value: unknown, fallback: Date): Date {
  if (typeof value !== 'string') return fallback;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
}

/** The concrete value of one token (or the literal itself), given the document's data so far. */
export function resolveDefaultToken(token: unknown, data: Readonly<Record<string, unknown>>, ctx: DefaultValueContext): unknown {
  if (Array.isArray(token)) return token.map((item) => resolveDefaultToken(item, data, ctx));
  if (typeof token !== 'string') return token === undefined ? undefined : (JSON.parse(JSON.stringify(token)) as unknown);
  if (token === 'user') return ctx.userId;
  const match = DATE_TOKEN.exec(token);
  if (!match) return token;
  const [, kind, field, offset, unit] = match;
  const base = field ? dateBase(data[field], ctx.now) : ctx.now;
  const shift = offset ? Number(offset) * (unit === 'h' ? HOUR_MS : DAY_MS) : 0;
  const at = new Date(base.getTime() + shift);
  if (kind !== 'date') return at.toISOString();
  // A date from another field is that field's own day; 'today' is the organisation's day.
  return field || !ctx.timeZone ? at.toISOString().slice(0, 10) : localDateOf(at, ctx.timeZone);
}

/**
 * A copy of `data` with every empty field that `defaults` names filled in, in the order the
 * defaults are declared (so `end_date: 'date-time@start_date+2h'` sees the start date's default).
 */
export function applyFormDefaults(
  defaults: Readonly<Record<string, unknown>> | undefined,
  data: Readonly<Record<string, unknown>>,
  ctx: DefaultValueContext,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...data };
  for (const [field, token] of Object.entries(defaults ?? {})) {
    if (isEmpty(result[field])) result[field] = resolveDefaultToken(token, result, ctx);
  }
  return result;
}
