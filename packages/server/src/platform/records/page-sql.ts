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
import { isRowComparable, keysetArms, keysetConditions, readingTerms, type Keyset } from './keyset.ts';

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
    /**
     * Read up to this many ids past the page too, and answer on every row how many ids the read
     * found in all, the page's own included, as `docket_window` (`followingWindow`).
     */
    following?: number;
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
  // After a cursor, the rows beyond it as arms each read in its index's order (`keysetArmsWhere`).
  const arms = keyset ? keysetArmsWhere(dialect, order, keyset, page.branches ?? [where]) : null;
  const following = page.following ?? 0;
  // The ids of the page, and of the `following` rows after it when asked (their sort keys beside them).
  const read = page.count + following;
  const plainKeys = following > 0 ? sql`, ${sql.join(reading.map((term, index) => sql`${term.expr} AS ${sql.id(`s${index}`)}`))}` : sql``;
  const ids = arms
    ? armIds(arms, reading, read, indexedBy(dialect, page.index))
    : page.branches
      ? isAnchoredMerge(dialect, page.branches, keyset, offset, reading)
        ? anchoredMergedIds(page.branches, reading, read, offset, indexedBy(dialect, page.index))
        : mergedIds(
            page.branches,
            keyset ? keysetWhere(dialect, order, keyset) : [],
            reading,
            read,
            offset,
            indexedBy(dialect, page.index),
            dialect,
          )
      : sql`SELECT d.id${plainKeys} FROM documents AS d${indexedBy(dialect, page.index)} WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${orderTerms(reading)} LIMIT ${wholeLiteral(read)} OFFSET ${wholeLiteral(offset)}`;
  const total = page.total ? sql`, (${page.total}) AS docket_total` : sql``;
  const window = following > 0 ? sql`, page.docket_window` : sql``;
  return sql<RowWithAuthor>`SELECT ${PAGE_COLUMNS}${keys}${total}${window}
    FROM (${following > 0 ? followingWindow(ids, reading, page.count) : ids}) AS page
    JOIN documents AS d ON d.id = page.id
    LEFT JOIN identities AS author ON author.uuid = d.created_by
    ORDER BY ${terms}`;
}

/**
 * The page's ids out of a read that went `following` ids further (its ids with their sort keys,
 * `s0, s1, …` and `id`), with the number of ids that read found as `docket_window`. A deep page's
 * total counts the rows after its own last one (page-totals.ts, `deepPageTotal`); read on, the
 * rows after the page are the ones the skip just reached, so they are counted in the same
 * statement instead of a second one positioned after the page's last row. The count is a window
 * function over the whole read, which runs before this level's ORDER BY and LIMIT; the ORDER BY
 * takes the page's rows back out of it whatever order the read answered them in.
 */
function followingWindow(ids: Expression<unknown>, reading: OrderExpression[], count: number) {
  return sql`SELECT w.id, count(*) OVER () AS docket_window FROM (${ids}) AS w ORDER BY ${mergedOrder(reading, 'w.')} LIMIT ${wholeLiteral(count)}`;
}

/** ` INDEXED BY <index>` on SQLite; nothing on PostgreSQL, or without an index. */
function indexedBy(dialect: DialectName, index: string | undefined) {
  return dialect === 'sqlite' && index ? sql` INDEXED BY ${sql.id(index)}` : sql``;
}

/**
 * The page's ids as a merge of one ordered read per branch (`rowFilterBranches`: one per site of a
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
  const sortKeys = reading.map((term, index) => sql`${term.expr} AS ${sql.id(`s${index}`)}`);
  const armOf = (where: Expression<SqlBool>[]) =>
    sql`SELECT d.id, ${sql.join(sortKeys)} FROM documents AS d${index} WHERE ${sql.join([...where, ...keysetConditions], sql` AND `)}`;
  const window = sql`LIMIT ${wholeLiteral(count)} OFFSET ${wholeLiteral(offset)}`;
  if (dialect === 'sqlite') {
    return sql`${sql.join(branches.map(armOf), sql` UNION ALL `)} ORDER BY ${mergedOrder(reading, '')} ${window}`;
  }
  const limit = wholeLiteral(offset + count);
  const parts = branches.map((where) => sql`SELECT * FROM (${armOf(where)} ORDER BY ${orderTerms(reading)} LIMIT ${limit}) AS branch`);
  return sql`SELECT merged.* FROM (${sql.join(parts, sql` UNION ALL `)}) AS merged ORDER BY ${mergedOrder(reading, 'merged.')} ${window}`;
}

/** From this OFFSET on, a page merging two branches starts its merge at an anchor (`anchoredMergedIds`). */
const ANCHORED_MERGE_FROM = 1000;

/** Whether a page's merge of branches is anchored: SQLite, exactly two branches, a deep page by number, NOT NULL order terms. */
function isAnchoredMerge(
  dialect: DialectName,
  branches: readonly unknown[],
  keyset: Keyset | null,
  offset: number,
  reading: readonly OrderExpression[],
): boolean {
  return (
    dialect === 'sqlite' &&
    branches.length === 2 &&
    !keyset &&
    offset >= ANCHORED_MERGE_FROM &&
    reading.every((t) => t.isNullable === false)
  );
}

/**
 * SQLite: a deep page of two merged branches (a user of two sites), its merge started at an
 * anchor instead of the list's first row. SQLite's merge of two ordered reads costs about three
 * times a plain read's skip per row passed over (page 1,000 of two sites' incidents: 1.3 ms, where
 * one site's read skipped as many entries in 0.4 ms). So, in one statement:
 * - `docket_anchor`: each branch's row at position ⌊offset / 2⌋ of its own order (a plain skip),
 *   and of the two the one that comes first in the list's order;
 * - `docket_placed`: its position in the list — ⌊offset / 2⌋ rows of its own branch come before
 *   it, and the other branch's rows before it are counted (at most ⌊offset / 2⌋, since that
 *   branch's own row at that position comes later), so the position is at most the offset;
 * - the merge of both branches from the anchor on, skipping `offset − position` rows.
 * When neither branch reaches that position the list ends before the offset: no anchor, no rows.
 * The same rows as the plain merge (anchored-merge.int.test.ts); 0.67–0.75 ms against 1.3 for
 * sites of equal size, 1.1–1.15 against 1.2–1.3 for one site of 2.7 times the other's
 * (bench/README.md, thirty-third session). With a third branch the skip no longer pays for itself
 * when one branch is dense, so three or more branches merge from the start; so do order terms
 * that may be NULL, as the bounds compare with `=`, `<` and `>` only.
 */
function anchoredMergedIds(
  branches: Expression<SqlBool>[][],
  reading: OrderExpression[],
  count: number,
  offset: number,
  index: ReturnType<typeof indexedBy>,
) {
  const half = wholeLiteral(Math.floor(offset / 2));
  const idDirection = reading[0]?.direction ?? 'desc';
  const terms = [...reading.map((term, i) => ({ ...term, key: `s${i}` })), { expr: sql.ref('d.id'), direction: idDirection, key: 'id' }];
  const sortKeys = sql.join(terms.map((term) => sql`${term.expr} AS ${sql.id(term.key)}`));
  const order = (byKey: boolean) =>
    sql.join(terms.map((term) => sql`${byKey ? sql.id(term.key) : term.expr} ${sql.raw(term.direction === 'asc' ? 'ASC' : 'DESC')}`));
  const anchorValue = (key: string) => sql`(SELECT ${sql.id(key)} FROM docket_anchor)`;
  /** The rows before the anchor in the list's order, or the anchor and the rows after it. */
  const sideOfAnchor = (side: 'before' | 'from') => {
    // Whether the greater values of a term lie on that side of the anchor.
    const greaterOnSide = (term: (typeof terms)[number]) => (term.direction === 'asc') === (side === 'from');
    const id = terms.at(-1)!;
    // The id ends the chain: the anchor itself is among the rows from it, not before it.
    const idOperator = greaterOnSide(id) ? (side === 'from' ? '>=' : '>') : side === 'from' ? '<=' : '<';
    let condition: Expression<SqlBool> = sql`${id.expr} ${sql.raw(idOperator)} ${anchorValue('id')}`;
    for (const term of terms.slice(0, -1).reverse()) {
      const value = anchorValue(term.key);
      condition = sql`(${term.expr} ${sql.raw(greaterOnSide(term) ? '>' : '<')} ${value} OR (${term.expr} = ${value} AND ${condition}))`;
    }
    // The first term's bound alone, which the index range-scans from.
    const first = terms[0]!;
    return sql`${first.expr} ${sql.raw(greaterOnSide(first) ? '>=' : '<=')} ${anchorValue(first.key)} AND ${condition}`;
  };
  const where = (branch: Expression<SqlBool>[]) => sql.join(branch, sql` AND `);
  const candidates = branches.map(
    (branch, arm) =>
      sql`SELECT * FROM (SELECT ${sql.lit(arm)} AS arm, ${sortKeys} FROM documents AS d${index} WHERE ${where(branch)} ORDER BY ${order(false)} LIMIT 1 OFFSET ${half})`,
  );
  const before = branches.map(
    (branch, arm) =>
      sql`CASE WHEN arm = ${sql.lit(arm)} THEN 0 ELSE (SELECT count(*) FROM documents AS d${index} WHERE ${where(branch)} AND ${sideOfAnchor('before')}) END`,
  );
  const arms = branches.map(
    (branch) => sql`SELECT ${sortKeys} FROM documents AS d${index} WHERE ${where(branch)} AND ${sideOfAnchor('from')}`,
  );
  return sql`WITH docket_anchor AS MATERIALIZED (${sql.join(candidates, sql` UNION ALL `)} ORDER BY ${order(true)} LIMIT 1),
    docket_placed AS MATERIALIZED (SELECT ${half} + ${sql.join(before, sql` + `)} AS position FROM docket_anchor)
    ${sql.join(arms, sql` UNION ALL `)} ORDER BY ${order(true)}
    LIMIT ${wholeLiteral(count)} OFFSET coalesce((SELECT ${wholeLiteral(offset)} - position FROM docket_placed), 0)`;
}

/** At most this many arms (branches × the keyset's arms) are read apart; beyond, the merged form. */
const MAX_KEYSET_ARMS = 32;

/** An arm of a keyset page: its whole WHERE, and how many leading order terms it fixes (`KeysetArm`). */
export interface PageArm {
  where: Expression<SqlBool>[];
  fixed: number;
}

/**
 * The rows beyond the cursor under each of `bases` (the list's WHERE, or its branches), as one arm
 * per base and keyset arm (`keysetArms`). Null where PostgreSQL's row comparison is already one
 * index range (NOT NULL terms of one direction, `isRowComparable`), and beyond MAX_KEYSET_ARMS.
 * A data field is never NOT NULL: on PostgreSQL, which puts NULLs last, the one condition of a
 * list sorted by one had no range to start from at all, and a cursor page sorted by category read
 * the index from its first entry, 40–160 ms at position 15,000 of 1,000,000 incidents
 * (bench/README.md, thirty-seventh session).
 */
export function keysetArmsWhere(
  dialect: DialectName,
  order: OrderExpression[],
  keyset: Keyset,
  bases: Expression<SqlBool>[][],
): PageArm[] | null {
  const reading = readingTerms(order, keyset.direction);
  const terms = keysetTerms(reading);
  if (isRowComparable(dialect, terms, idTerm(reading), keyset.cursor)) return null;
  const arms = keysetArms(dialect, terms, idTerm(reading), keyset.cursor);
  if (arms.length * bases.length > MAX_KEYSET_ARMS) return null;
  return bases.flatMap((base) => arms.map((arm) => ({ where: [...base, ...arm.conditions], fixed: arm.fixed })));
}

/**
 * The ids of a keyset page read as arms (`keysetArmsWhere`): each arm's first `count` rows in the
 * reading order — its fixed terms left out of its ORDER BY, which SQLite otherwise sorted in a
 * temporary B-tree though they hold one value — and of those the first `count` in that order.
 * The empty page when nothing lies beyond the cursor.
 */
function armIds(arms: PageArm[], reading: OrderExpression[], count: number, index: ReturnType<typeof indexedBy>) {
  if (arms.length === 0) return sql`SELECT d.id FROM documents AS d WHERE 1 = 0`;
  const direction = reading[0]?.direction ?? 'desc';
  const sortKeys = reading.map((term, position) => sql`${term.expr} AS ${sql.id(`s${position}`)}`);
  const idOrder = sql`d.id ${sql.raw(direction === 'asc' ? 'ASC' : 'DESC')}`;
  const limit = wholeLiteral(count);
  const parts = arms.map((arm, position) => {
    const armOrder = sql.join([
      ...reading.slice(arm.fixed).map((t) => sql`${t.expr} ${sql.raw(t.direction === 'asc' ? 'ASC' : 'DESC')}`),
      idOrder,
    ]);
    return sql`SELECT * FROM (SELECT d.id, ${sql.join(sortKeys)} FROM documents AS d${index} WHERE ${sql.join(arm.where, sql` AND `)} ORDER BY ${armOrder} LIMIT ${limit}) AS ${sql.id(`arm${position}`)}`;
  });
  return sql`${sql.join(parts, sql` UNION ALL `)} ORDER BY ${mergedOrder(reading, '')} LIMIT ${limit}`;
}

/** The merged order of arms that answer their sort keys as `s0, s1, …` and `id`. */
function mergedOrder(reading: OrderExpression[], qualifier: string) {
  const direction = reading[0]?.direction ?? 'desc';
  return sql.join([
    ...reading.map((term, index) => sql`${sql.ref(`${qualifier}s${index}`)} ${sql.raw(term.direction === 'asc' ? 'ASC' : 'DESC')}`),
    sql`${sql.ref(`${qualifier}id`)} ${sql.raw(direction === 'asc' ? 'ASC' : 'DESC')}`,
  ]);
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
 * Counts the matches of disjoint branches (`rowFilterBranches`: one per site of a user's row filter)
 * up to `limit`, each branch LIMITed on its own: each is one range of an index that holds its
 * site, as the page reads them. Counted as one `site_id IN (…)` WHERE, PostgreSQL's generic plan
 * (its estimate of a data field's matches is one row, a partial index's expression statistics
 * being unused) read the index without the site and filtered other sites' entries: a restricted
 * user's capped count on a custom type took 5.7 ms against 0.4 ms (issue 18, bench/README.md).
 * Used on PostgreSQL (`countPlan`), and on both databases for the arms after a cursor
 * (`keysetArmsWhere`), where none means nothing lies beyond it.
 */
export function branchedCountQuery(branches: Expression<SqlBool>[][], limit: number) {
  if (branches.length === 0) return sql<{ total: number }>`SELECT 0 AS total`;
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
