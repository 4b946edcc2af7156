/**
 * Keyset continuation of list pages (issue 18 item 4, docs/product/forms-and-lists.md#deep-pages).
 * A page answers two opaque cursors: `next` (the sort key and id of its last row) and `previous`
 * (of its first row). `after=<next>` asks for the rows that follow that row in the list's order,
 * `before=<previous>` for those that precede it, so the database positions in the index on the
 * key instead of reading and skipping every earlier row: page N costs what page 1 costs.
 *
 * The order is total because every list ends its ORDER BY with `d.id` (in the first term's
 * direction). NULLs sort where each database puts them without NULLS FIRST/LAST: SQLite holds
 * NULL smaller than any value, PostgreSQL larger, so the comparison below follows the dialect.
 * A cursor carries the order it was made for; used with another order it is refused (a 400), and
 * it is only ever a set of bound parameters, ANDed to the caller's access conditions like any
 * filter — it cannot reach a row the caller's row filter hides.
 */
import type { Expression, SqlBool } from 'kysely';
import { sql } from '../db/sql-fragments.ts';
import type { DialectName } from '../db/database.ts';

export type CursorValue = string | number | boolean | null;

export interface Cursor {
  /** The order the cursor was made for (`field asc,field desc`). */
  order: string;
  /** The row's value of each order term. */
  values: CursorValue[];
  id: number;
}

export type KeysetDirection = 'after' | 'before';

export interface Keyset {
  direction: KeysetDirection;
  cursor: Cursor;
}

export interface KeysetTerm {
  expr: Expression<unknown>;
  direction: 'asc' | 'desc';
  /** False for NOT NULL columns: no NULL branch needed (and the range stays a plain index bound). */
  isNullable: boolean;
}

export const INVALID_CURSOR = 'Invalid cursor: ask for the page by its number (start) instead';
export const CURSOR_ORDER_MISMATCH = 'This cursor was made for another order of the list: ask for the page by its number (start) instead';

/** The cursor's text: base64url of a compact JSON array. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.order, cursor.values, cursor.id]), 'utf8').toString('base64url');
}

function isCursorValue(value: unknown): value is CursorValue {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** Reads a cursor from request text; null when it is not one (the caller answers a 400). */
export function decodeCursor(text: string): Cursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [order, values, id] = parsed as [unknown, unknown, unknown];
  if (typeof order !== 'string' || !Array.isArray(values) || !values.every(isCursorValue)) return null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  return { order, values, id };
}

/** A database value of an order term as a cursor value (SQLite answers integers as bigint). */
export function cursorValueOf(value: unknown): CursorValue {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  return isCursorValue(value) ? value : String(value);
}

/** Whether NULLs come before every value in this direction on this database. */
export function nullsComeFirst(dialect: DialectName, direction: 'asc' | 'desc'): boolean {
  return dialect === 'sqlite' ? direction === 'asc' : direction === 'desc';
}

const flip = (direction: 'asc' | 'desc'): 'asc' | 'desc' => (direction === 'asc' ? 'desc' : 'asc');

/** The terms in the order a `before` page is read (reversed: the rows nearest the cursor first). */
export function readingTerms<T extends { direction: 'asc' | 'desc' }>(terms: readonly T[], direction: KeysetDirection): T[] {
  return direction === 'after' ? [...terms] : terms.map((term) => ({ ...term, direction: flip(term.direction) }));
}

/**
 * Rows strictly after `value` on one term, in that term's direction, as disjoint parts each an
 * index range of its own (none: nothing comes after a NULL where NULLs come last).
 */
function partsAfter(dialect: DialectName, term: KeysetTerm, value: CursorValue): Expression<SqlBool>[] {
  const nullsFirst = nullsComeFirst(dialect, term.direction);
  if (value === null) return nullsFirst ? [sql<SqlBool>`${term.expr} IS NOT NULL`] : [];
  const comparison = term.direction === 'asc' ? sql<SqlBool>`${term.expr} > ${value}` : sql<SqlBool>`${term.expr} < ${value}`;
  return nullsFirst || !term.isNullable ? [comparison] : [comparison, sql<SqlBool>`${term.expr} IS NULL`];
}

/** Rows strictly after `value` on one term, in that term's direction. */
function strictlyAfter(dialect: DialectName, term: KeysetTerm, value: CursorValue): Expression<SqlBool> {
  const parts = partsAfter(dialect, term, value);
  if (parts.length === 0) return sql<SqlBool>`(1 = 0)`;
  return parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

function equalTo(term: KeysetTerm, value: CursorValue): Expression<SqlBool> {
  return value === null ? sql<SqlBool>`${term.expr} IS NULL` : sql<SqlBool>`${term.expr} = ${value}`;
}

/**
 * A bound on the first term alone (`e >= v` / `e <= v`) that the index can range-scan from, beside
 * the exact lexicographic condition. Only where it is exact for NULLs too; else none.
 */
function rangeBound(dialect: DialectName, term: KeysetTerm, value: CursorValue): Expression<SqlBool> | null {
  const nullsFirst = nullsComeFirst(dialect, term.direction);
  if (value === null) return nullsFirst ? null : sql<SqlBool>`${term.expr} IS NULL`;
  if (term.isNullable && !nullsFirst) return null;
  return term.direction === 'asc' ? sql<SqlBool>`${term.expr} >= ${value}` : sql<SqlBool>`${term.expr} <= ${value}`;
}

/**
 * The conditions of rows strictly after the cursor in the order `terms` + `idTerm` (the terms as
 * they are read: `readingTerms` for a `before` page). Lexicographic:
 *   t1 > v1 OR (t1 = v1 AND (t2 > v2 OR (t2 = v2 AND … id > vid)))
 */
export function keysetConditions(
  dialect: DialectName,
  terms: readonly KeysetTerm[],
  idTerm: KeysetTerm,
  cursor: Cursor,
): Expression<SqlBool>[] {
  if (cursor.values.length !== terms.length) throw new Error('Cursor does not match the order');
  const row = rowComparison(dialect, terms, idTerm, cursor);
  if (row) return [row];
  let condition: Expression<SqlBool> = strictlyAfter(dialect, idTerm, cursor.id);
  for (let index = terms.length - 1; index >= 0; index -= 1) {
    const term = terms[index]!;
    const value = cursor.values[index]!;
    condition = sql<SqlBool>`(${strictlyAfter(dialect, term, value)} OR (${equalTo(term, value)} AND ${condition}))`;
  }
  const first = terms[0];
  const bound = first ? rangeBound(dialect, first, cursor.values[0]!) : null;
  return bound ? [bound, condition] : [condition];
}

/** One arm of `keysetArms`: its conditions, and how many leading terms they fix to one value. */
export interface KeysetArm {
  conditions: Expression<SqlBool>[];
  /** The arm's rows share the cursor's values of this many leading terms (its order starts after them). */
  fixed: number;
}

/**
 * The rows strictly after the cursor as disjoint arms, each one index range read in order: for the
 * terms `t1, t2, id`, `t1 > v1`, then `t1 = v1 AND t2 > v2`, then `t1 = v1 AND t2 = v2 AND id > vid`
 * (a nullable term's `IS NULL` side an arm of its own). The lexicographic condition of
 * `keysetConditions` holds the same rows, but SQLite range-scans it from its first term's bound
 * only: a cursor within one value of a sort field (`category = 'Environmental'`, a sixth of
 * 1,000,000 incidents) read every entry of that value up to the cursor, 1–17 ms for the page and
 * 1.5–30 ms for its count, against 0.04–0.1 ms read as arms (bench/README.md, thirty-seventh
 * session). A row value `(t1, id) > (?, ?)` gave no range on an expression index either.
 */
export function keysetArms(dialect: DialectName, terms: readonly KeysetTerm[], idTerm: KeysetTerm, cursor: Cursor): KeysetArm[] {
  if (cursor.values.length !== terms.length) throw new Error('Cursor does not match the order');
  const all = [...terms, idTerm];
  const values = [...cursor.values, cursor.id];
  return all.flatMap((term, position) => {
    const equal = all.slice(0, position).map((fixed, index) => equalTo(fixed, values[index]!));
    return partsAfter(dialect, term, values[position]!).map((part) => ({ conditions: [...equal, part], fixed: position }));
  });
}

/**
 * On PostgreSQL, where every term is NOT NULL, has a value and reads in one direction, the same
 * condition as one row comparison: `(t1, t2, …, id) < (v1, v2, …, vid)`. It is an index condition
 * of the (…, t1, t2, …, id) index by itself, and its generic-plan estimate is an ordinary range's:
 * with the OR form, PostgreSQL's plan cache judged the generic plan of a cursor page's capped
 * count dearer than a custom one and planned it afresh on every request (0.85 ms of planning
 * against 0.3 ms of running it; bench/README.md, tenth session). SQLite keeps the OR form, whose
 * plans its tests pin.
 */
function rowComparison(dialect: DialectName, terms: readonly KeysetTerm[], idTerm: KeysetTerm, cursor: Cursor): Expression<SqlBool> | null {
  if (!isRowComparable(dialect, terms, idTerm, cursor)) return null;
  const all = [...terms, idTerm];
  const operator = sql.raw(idTerm.direction === 'asc' ? '>' : '<');
  const left = sql.join(all.map((term) => term.expr));
  const right = sql.join([...cursor.values, cursor.id].map((value) => sql`${value}`));
  return sql<SqlBool>`(${left}) ${operator} (${right})`;
}

/** Whether the rows after the cursor are one row comparison (`rowComparison`): PostgreSQL, NOT NULL terms of one direction. */
export function isRowComparable(dialect: DialectName, terms: readonly KeysetTerm[], idTerm: KeysetTerm, cursor: Cursor): boolean {
  if (dialect !== 'postgres') return false;
  if ([...terms, idTerm].some((term) => term.isNullable || term.direction !== idTerm.direction)) return false;
  return cursor.values.every((value) => value !== null);
}

/** The order a cursor belongs to, as text (`created_date desc,id asc`). */
export function orderSignature(order: readonly { field: string; direction: 'asc' | 'desc' }[]): string {
  return order.map((term) => `${term.field} ${term.direction}`).join(',');
}

/** Promoted columns that are NOT NULL (migration 001): their terms need no NULL branch. */
const NOT_NULL_COLUMNS = new Set([
  'id',
  'org_id',
  'doc_type',
  'display_id',
  'status',
  'summary',
  'descrip',
  'created_by',
  'created_date',
  'updated_by',
  'updated_date',
  'closed',
]);

export function isNullableColumn(column: string | undefined): boolean {
  return column === undefined || !NOT_NULL_COLUMNS.has(column);
}
