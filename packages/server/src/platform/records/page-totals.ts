/**
 * The total of a list page (docs/architecture.md, "Totals never make a list slow"): a count capped
 * at the page's start plus TOTAL_COUNT_WINDOW, exact below the cap and a lower bound (with
 * PostgreSQL's estimate when asked) above it; after a cursor or a deep page, only the rows from
 * there on are counted. Counts the count cache (count-cache.ts) just made are not made again.
 */
import type { CompiledQuery, Expression, SqlBool } from 'kysely';
import { sql } from '../db/sql-fragments.ts';
import { TOTAL_COUNT_WINDOW } from '@docket/shared';
import type { Database } from '../db/database.ts';
import { cachedCount, type CountKey } from './count-cache.ts';
import type { Keyset } from './keyset.ts';
import { branchedCountQuery, countQuery, keysetArmsWhere, keysetWhere, type OrderExpression, type PageKey } from './page-sql.ts';

export type Total = { total: number; totalIsEstimate: boolean; totalEstimate?: number };

/** What a page's total counts: rows under `where` up to `start` + `window` (+1), `offset` added to the answer. */
export interface CountPlan {
  where: Expression<SqlBool>[];
  /** The same rows as `where` in disjoint parts, counted apart (`branchedCountQuery`). */
  branches?: Expression<SqlBool>[][];
  start: number;
  window: number;
  offset: number;
}

/**
 * The count behind a page's total. After a cursor the rows before it are known — `start` of them,
 * the page's position the client names — so only the rows from the cursor on are counted (up to
 * the usual window, or `window` when a deep page has used part of it): a deep page's total costs
 * what page 1's does. Otherwise the rows up to `start` + window.
 */
export function countPlan(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: { start: number; keyset?: Keyset | null; branches?: Expression<SqlBool>[][] },
  window = TOTAL_COUNT_WINDOW,
): CountPlan {
  // PostgreSQL only: SQLite already reads a `site_id IN (…)` count as one range per site of the
  // index that holds the site, and counting in parts cost it 4 % more (bench/README.md).
  const branches = database.dialect === 'postgres' ? page.branches : undefined;
  if (page.keyset?.direction !== 'after') return { where, ...(branches ? { branches } : {}), start: page.start, window, offset: 0 };
  const after = keysetWhere(database.dialect, order, page.keyset);
  // The rows after the cursor counted as arms, each one range (`keysetArmsWhere`), but where
  // PostgreSQL's row comparison is one already.
  const arms = keysetArmsWhere(database.dialect, order, page.keyset, branches ?? [where])?.map((arm) => arm.where);
  const parts = arms ?? branches?.map((branch) => [...branch, ...after]);
  return {
    where: [...where, ...after],
    ...(parts ? { branches: parts } : {}),
    start: 0,
    window,
    offset: page.start,
  };
}

/** The total of a page (countPlan), made by its own statement. */
export function countFor(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: { start: number; withEstimate?: boolean; keyset?: Keyset | null; branches?: Expression<SqlBool>[][] },
  window = TOTAL_COUNT_WINDOW,
): Promise<Total> {
  const plan = countPlan(database, where, order, page, window);
  return countCapped(database, plan.where, plan.start, page.withEstimate === true, plan.window, plan.branches).then((counted) =>
    offsetTotal(counted, plan.offset),
  );
}

export function offsetTotal(counted: Total, offset: number): Total {
  if (offset === 0) return counted;
  return {
    ...counted,
    total: offset + counted.total,
    ...(counted.totalEstimate === undefined ? {} : { totalEstimate: offset + counted.totalEstimate }),
  };
}

/** From this `start` on, a page asked by its number counts its total after its own last row (deepPageTotal). */
export const DEEP_PAGE_START = TOTAL_COUNT_WINDOW;

/**
 * The total of a deep page asked by its number. Counting up to `start` + window would step over
 * the `start` rows again after the page already stepped over them: page 1,000 read 15,000 index
 * entries for its ids and 16,000 more for its total. Instead the rows after the page's last row
 * are counted, up to what is left of the window (`start` + window, as for any page): the rows
 * before that row are known, the page's position and its own. On PostgreSQL the page's read goes
 * on past its rows for them (`deepPageFollowing`, page-sql.ts `followingWindow`) and `read.window`
 * is the number of ids it found, the page's included; otherwise they are counted by a statement of
 * their own, positioned after the page's last row as after a cursor. A short page is the list's
 * end; an empty one (past the end) is counted the usual way.
 */
export async function deepPageTotal(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: { start: number; count: number; withEstimate?: boolean },
  read: { found: number; window?: number | undefined },
  keys: { last: PageKey } | undefined,
): Promise<Total> {
  const { found } = read;
  if (found > 0 && found < page.count) return { total: page.start + found, totalIsEstimate: false };
  if (!keys) return countFor(database, where, order, page);
  const afterPage = {
    start: page.start + found,
    withEstimate: page.withEstimate,
    keyset: { direction: 'after' as const, cursor: { order: '', ...keys.last } },
  };
  const window = deepPageFollowing(page.count) - 1;
  if (read.window === undefined) return countFor(database, where, order, afterPage, window);
  const plan = countPlan(database, where, order, afterPage, window);
  const counted = await totalOf(database, plan.where, plan.start + plan.window, read.window - found, page.withEstimate === true);
  return offsetTotal(counted, plan.offset);
}

/**
 * How many ids past a deep page its read goes on for (`deepPageTotal`): what is left of the
 * counted window after the page's rows, and one more to know there are more.
 */
export function deepPageFollowing(count: number): number {
  return Math.max(0, TOTAL_COUNT_WINDOW - count) + 1;
}

/**
 * Counts matches up to `start + window` (+1 to know there are more; the window is
 * TOTAL_COUNT_WINDOW unless a deep page has used part of it): a list page never pays for
 * counting a million rows. Above the window the total is that lower bound and `totalIsEstimate`
 * is true.
 */
export async function countCapped(
  database: Database,
  where: Expression<SqlBool>[],
  start: number,
  withEstimate = false,
  window = TOTAL_COUNT_WINDOW,
  branches?: Expression<SqlBool>[][],
): Promise<Total> {
  const { cap, query } = cappedCount(database, where, start, window, withEstimate, branches);
  const compiled = query.compile(database.db);
  return cachedCount(
    database,
    () => countKey(compiled, withEstimate),
    async () => totalOf(database, where, cap, Number((await database.reader.executeQuery(compiled)).rows[0]?.total ?? 0), withEstimate),
  );
}

/**
 * The capped count of `where` from `start`: its query and its key in the count cache (compiled
 * only when the cache is on: PostgreSQL's page carries the count inside its own statement).
 */
export function cappedCount(
  database: Database,
  where: Expression<SqlBool>[],
  start: number,
  window: number,
  withEstimate: boolean,
  branches?: Expression<SqlBool>[][],
): { cap: number; query: ReturnType<typeof countQuery>; key: CountKey } {
  const cap = start + window;
  const query = branches ? branchedCountQuery(branches, cap + 1) : countQuery(where, cap + 1);
  let key: string | undefined;
  // Asked before the page (is it known?) and after (remember it): compiled once.
  return { cap, query, key: () => (key ??= countKey(query.compile(database.db), withEstimate)) };
}

function countKey(compiled: CompiledQuery, withEstimate: boolean): string {
  return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}\u0000${withEstimate}`;
}

/** A capped count as a total: exact up to `cap`, beyond it `cap` as a lower bound (and PostgreSQL's estimate when asked). */
export async function totalOf(
  database: Database,
  where: Expression<SqlBool>[],
  cap: number,
  total: number,
  withEstimate: boolean,
): Promise<Total> {
  if (total <= cap) return { total, totalIsEstimate: false };
  const estimate = withEstimate ? await plannedRows(database, where) : null;
  return estimate === null
    ? { total: cap, totalIsEstimate: true }
    : { total: cap, totalIsEstimate: true, totalEstimate: Math.max(estimate, cap + 1) };
}

/**
 * PostgreSQL's estimate of the rows `where` matches (EXPLAIN: planning only, from the table's
 * statistics), for totals beyond the counted window. SQLite keeps no such estimate for an
 * arbitrary filter (no STAT4 in node:sqlite): null there, and the answer stays a lower bound.
 */
async function plannedRows(database: Database, where: Expression<SqlBool>[]): Promise<number | null> {
  if (database.dialect !== 'postgres') return null;
  const compiled = sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM documents AS d WHERE ${sql.join(where, sql` AND `)}`.compile(database.db);
  const row = (await database.db.executeQuery(compiled)).rows[0] as Record<string, unknown> | undefined;
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : null;
}
