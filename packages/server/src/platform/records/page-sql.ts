/**
 * The SQL of a list page (docs/architecture.md, "Totals never make a list slow"): the page's ids
 * chosen over `documents` alone and then joined to their author, a merge of ordered branches for a
 * row filter of a few sites, keyset conditions, and the capped count. Texts only: document-pages.ts
 * runs them, page-totals.ts turns counts into totals.
 */
import type { Expression, SqlBool } from 'kysely';
import { sql } from '../db/sql-fragments.ts';
import type { DialectName } from '../db/database.ts';
import { documentColumns, type RowWithAuthor } from './document-shape.ts';
import type { cursorValueOf } from './keyset.ts';
import { keysetConditions, readingTerms, type Keyset } from './keyset.ts';

export interface OrderExpression {
  expr: Expression<unknown>;
  direction: 'asc' | 'desc';
  /** False for a NOT NULL column (keyset conditions need no NULL branch); true when unsaid. */
  isNullable?: boolean;
}

/** The sort key of a page's row: each order term's value, and the id. */
export interface PageKey {
  values: ReturnType<typeof cursorValueOf>[];
  id: number;
}

/**
 * The columns of a page as one constant fragment: the list path is the hottest query, and the
 * query builder's column parsing costs more than the query itself (identifiers only, no input).
 */
const PAGE_COLUMNS = sql.raw(documentColumns.map((c) => 'd.' + c).join(', ') + ', author.display_name AS created_by_name');

/** The names of a page row's columns, without the sort keys a cursor page adds. */
export const PAGE_ROW_COLUMNS = [...documentColumns, 'created_by_name'] as const;

function orderTerms(order: OrderExpression[]) {
  const direction = order[0]?.direction ?? 'desc';
  return sql.join([
    ...order.map((t) => sql`${t.expr} ${sql.raw(t.direction === 'asc' ? 'ASC' : 'DESC')}`),
    sql`d.id ${sql.raw(direction === 'asc' ? 'ASC' : 'DESC')}`,
  ]);
}

/**
 * The SQL of one page, in two steps. The inner query picks the page's ids alone — WHERE, ORDER BY,
 * LIMIT and OFFSET over `documents` only, so an index can answer it without reading the rows it
 * skips — and only those ≤ `count` rows are then read whole and joined to their author. Joining
 * before the OFFSET made a deep page read every skipped row and its author (issue 18). Neither
 * database flattens a subquery with a LIMIT into a join. The outer ORDER BY re-sorts the page by
 * the same terms (ending in the unique `d.id`, so the order is total and the same as inside).
 */
export function pageQuery(
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: {
    start: number;
    count: number;
    keyset?: Keyset | null;
    withKeys?: boolean;
    branches?: Expression<SqlBool>[][];
    /** A capped count (countQuery) answered on every row as `docket_total` (pageWithItsTotal). */
    total?: Expression<unknown>;
    /** SQLite: the index the page's ids are read through (`orderIndexOf`, shape-index-hints.ts); each branch's read names it too. */
    index?: string | undefined;
  },
  dialect: DialectName = 'sqlite',
) {
  const terms = orderTerms(order);
  // A keyset page reads from the cursor in the order that moves away from it (reversed for
  // `before`), with no OFFSET; the outer ORDER BY puts the page back in the list's order.
  const keyset = page.keyset ?? null;
  const reading = keyset ? readingTerms(order, keyset.direction) : order;
  const conditions = keyset ? [...where, ...keysetWhere(dialect, order, keyset)] : where;
  const offset = keyset ? 0 : page.start;
  // The raw sort key of each row (k0, k1, …) for the page's cursors.
  const keys = page.withKeys
    ? sql.join(
        order.map((term, index) => sql`, ${term.expr} AS ${sql.id(`k${index}`)}`),
        sql``,
      )
    : sql``;
  const ids = page.branches
    ? mergedIds(
        page.branches,
        keyset ? keysetWhere(dialect, order, keyset) : [],
        reading,
        page.count,
        offset,
        indexedBy(dialect, page.index),
        dialect,
      )
    : sql`SELECT d.id FROM documents AS d${indexedBy(dialect, page.index)} WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${orderTerms(reading)} LIMIT ${wholeLiteral(page.count)} OFFSET ${wholeLiteral(offset)}`;
  const total = page.total ? sql`, (${page.total}) AS docket_total` : sql``;
  return sql<RowWithAuthor>`SELECT ${PAGE_COLUMNS}${keys}${total}
    FROM (${ids}) AS page
    JOIN documents AS d ON d.id = page.id
    LEFT JOIN identities AS author ON author.uuid = d.created_by
    ORDER BY ${terms}`;
}

/** ` INDEXED BY <index>` on SQLite; nothing on PostgreSQL, or without an index. */
function indexedBy(dialect: DialectName, index: string | undefined) {
  return dialect === 'sqlite' && index ? sql` INDEXED BY ${sql.id(index)}` : sql``;
}

/**
 * The page's ids as a merge of one ordered read per branch (`listBranches`: one per site of a
 * user's row filter), so the list is read in order, each branch from an index that holds its
 * site, instead of walking the whole list's order for rows of those sites or reading all of them
 * to sort (neither database reads an IN-list's ranges as one ordered stream). Each database is
 * asked in the form it merges without sorting: SQLite a compound SELECT with the ORDER BY
 * (`MERGE (UNION ALL)`: each arm read in its index's order, the merge stopping after `offset +
 * count` ids whatever the number of branches); PostgreSQL one LIMITed subquery per branch (a
 * `Merge Append` of backward index scans; without the LIMITs it appended and sorted every row of
 * the sites). A restricted user's page 1,000 of 1,000,000 incidents by creation date: SQLite 1.5
 * ms against 72 ms for the one ordered read, PostgreSQL 4.6 against 172 ms (issue 18,
 * bench/README.md, twenty-ninth session). SQLite's subquery arms sorted each branch again.
 */
function mergedIds(
  branches: Expression<SqlBool>[][],
  keysetConditions: Expression<SqlBool>[],
  reading: OrderExpression[],
  count: number,
  offset: number,
  index: ReturnType<typeof indexedBy>,
  dialect: DialectName,
) {
  const direction = reading[0]?.direction ?? 'desc';
  const sortKeys = reading.map((term, index) => sql`${term.expr} AS ${sql.id(`s${index}`)}`);
  const armOf = (where: Expression<SqlBool>[]) =>
    sql`SELECT d.id, ${sql.join(sortKeys)} FROM documents AS d${index} WHERE ${sql.join([...where, ...keysetConditions], sql` AND `)}`;
  const mergedOrder = (qualifier: string) =>
    sql.join([
      ...reading.map((term, index) => sql`${sql.ref(`${qualifier}s${index}`)} ${sql.raw(term.direction === 'asc' ? 'ASC' : 'DESC')}`),
      sql`${sql.ref(`${qualifier}id`)} ${sql.raw(direction === 'asc' ? 'ASC' : 'DESC')}`,
    ]);
  const window = sql`LIMIT ${wholeLiteral(count)} OFFSET ${wholeLiteral(offset)}`;
  if (dialect === 'sqlite') {
    return sql`${sql.join(branches.map(armOf), sql` UNION ALL `)} ORDER BY ${mergedOrder('')} ${window}`;
  }
  const limit = wholeLiteral(offset + count);
  const parts = branches.map((where) => sql`SELECT * FROM (${armOf(where)} ORDER BY ${orderTerms(reading)} LIMIT ${limit}) AS branch`);
  return sql`SELECT merged.id FROM (${sql.join(parts, sql` UNION ALL `)}) AS merged ORDER BY ${mergedOrder('merged.')} ${window}`;
}

/** The conditions of the rows beyond the cursor, in the direction the keyset reads. */
export function keysetWhere(dialect: DialectName, order: OrderExpression[], keyset: Keyset): Expression<SqlBool>[] {
  const reading = readingTerms(order, keyset.direction);
  return keysetConditions(dialect, keysetTerms(reading), idTerm(reading), keyset.cursor);
}

function keysetTerms(order: OrderExpression[]) {
  return order.map((term) => ({ expr: term.expr, direction: term.direction, isNullable: term.isNullable ?? true }));
}

/** The id that ends every ORDER BY, in the first term's direction (orderTerms). */
function idTerm(order: OrderExpression[]) {
  return { expr: sql.ref('d.id'), direction: order[0]?.direction ?? 'desc', isNullable: false } as const;
}

/**
 * Counts the matches of disjoint branches (`listBranches`: one per site of a user's row filter)
 * up to `limit`, each branch LIMITed on its own: each is one range of an index that holds its
 * site, as the page reads them. Counted as one `site_id IN (…)` WHERE, PostgreSQL's generic plan
 * (its estimate of a data field's matches is one row, a partial index's expression statistics
 * being unused) read the index without the site and filtered other sites' entries: a restricted
 * user's capped count on a custom type took 5.7 ms against 0.4 ms (issue 18, bench/README.md).
 * Used on PostgreSQL only (`countPlan`).
 */
export function branchedCountQuery(branches: Expression<SqlBool>[][], limit: number) {
  const parts = branches.map(
    (where) =>
      sql`SELECT * FROM (SELECT 1 AS one FROM documents AS d WHERE ${sql.join(where, sql` AND `)} LIMIT ${wholeLiteral(limit)}) AS branch`,
  );
  return sql<{
    total: number;
  }>`SELECT count(*) AS total FROM (${sql.join(parts, sql` UNION ALL `)} LIMIT ${wholeLiteral(limit)}) AS capped`;
}

/** Counts matches up to `limit`: one index range scan when an index holds every column the WHERE reads. */
export function countQuery(where: Expression<SqlBool>[], limit: number) {
  return sql<{
    total: number;
  }>`SELECT count(*) AS total FROM (SELECT 1 FROM documents AS d WHERE ${sql.join(where, sql` AND `)} LIMIT ${wholeLiteral(limit)}) AS capped`;
}

/**
 * A LIMIT or OFFSET written into the SQL rather than bound. SQLite plans a constant LIMIT better
 * than a parameter (node:sqlite binds a JavaScript number as REAL): on 1,000,000 incidents the
 * page took 0.19 ms with `LIMIT ? OFFSET ?` and 0.08 ms with literals, the capped count 0.28 and
 * 0.14 ms (issue 18, bench/README.md). Only whole numbers the server computed get here; anything
 * else is refused rather than written into SQL.
 */
export function wholeLiteral(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`A LIMIT or OFFSET must be a whole number, got ${value}`);
  return sql.lit(value);
}
