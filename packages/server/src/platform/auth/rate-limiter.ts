/**
 * Fixed-window attempt counters kept in the database, so they hold across processes and are
 * atomic: each attempt reserves its slot with one UPSERT … RETURNING before any password is
 * checked, so 100 parallel guesses can never get more than `limit` evaluations
 * (docs/product/security.md#lesson-15).
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Sign-in (password and one-time code) failures per account, and per account from one client
 * address: 10 per 15 minutes. Past the account's limit a right password still signs in, but only
 * with an e-mailed one-time code (auth.service.ts), so a stranger cannot lock the owner out.
 */
export const SIGN_IN_LIMIT: RateLimit = { limit: 10, windowMs: 15 * 60 * 1000 };

/**
 * Failures from one client address, all accounts together: 200 per 15 minutes, enough for an
 * office of a few hundred people behind one address, each mistyping a password now and then.
 * Each account's own limit from that address (above) still holds.
 */
export const ADDRESS_LIMIT: RateLimit = { limit: 200, windowMs: 15 * 60 * 1000 };

export interface Reservation {
  allowed: boolean;
  retryAfterSeconds: number;
}

export async function reserveAttempt(database: Database, key: string, rule: RateLimit, now = new Date()): Promise<Reservation> {
  const nowIso = now.toISOString();
  const windowFloor = new Date(now.getTime() - rule.windowMs).toISOString();
  const row = await database.db
    .insertInto('rate_limits')
    .values({ key, window_start: nowIso, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        // An expired window starts again at 1; a live one counts up.
        count: sql`CASE WHEN rate_limits.window_start < ${windowFloor} THEN 1 ELSE rate_limits.count + 1 END`,
        window_start: sql`CASE WHEN rate_limits.window_start < ${windowFloor} THEN ${nowIso} ELSE rate_limits.window_start END`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  const windowEnds = new Date(row.window_start).getTime() + rule.windowMs;
  return {
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
  };
}

/** A successful sign-in gives its reserved slot back so honest users are not locked out. */
export async function releaseAttempt(database: Database, key: string): Promise<void> {
  await database.db
    .updateTable('rate_limits')
    .set({ count: sql`CASE WHEN count > 0 THEN count - 1 ELSE 0 END` })
    .where('key', '=', key)
    .execute();
}
