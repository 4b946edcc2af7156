/**
 * List pages of documents (docs/architecture.md): the page query (ids chosen over `documents`
 * alone, then joined to their author), keyset continuation, and capped counts. Every read takes a
 * TypeScope, so the organisation and the caller's row filter are in every query
 * (docs/engineering.md#habit-4). Split from documents.repository.ts, which keeps single reads and writes.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { eq, impliedRowFilter, TOTAL_COUNT_WINDOW, type FilterNode, type OrderTerm } from '@docket/shared';
import type { Database, DialectName } from '../db/database.ts';
import { documentColumns, type RowWithAuthor } from './document-shape.ts';
import { typeConditions, type TypeScope } from './document-query.ts';
import { fieldSql } from './field-sql.ts';
import { cachedCount, knownCount, rememberCount } from './count-cache.ts';
import { dataGeneration } from '../cache/data-generation.ts';
import { cursorValueOf, encodeCursor, isNullableColumn, keysetConditions, orderSignature, readingTerms, type Keyset } from './keyset.ts';

export interface ListRequest extends TypeScope {
  filter: FilterNode | null;
  order: OrderTerm[];
  start: number;
  count: number;
  userId: string;
  /** Skip the total (exports, lookups). */
  withTotal?: boolean;
  /** Beyond the counted window, ask the database for its estimate of all matches. */
  withEstimate?: boolean;
  /** Continue from a row of another page instead of skipping `start` rows (keyset.ts). */
  keyset?: Keyset | null;
  /** Answer the page's `previous`/`next` cursors. */
  withCursors?: boolean;
}

export interface ListResult {
  rows: RowWithAuthor[];
  total: number;
  totalIsEstimate: boolean;
  /** Beyond the counted window: the planner's estimate of all matches (PostgreSQL only). */
  totalEstimate?: number;
  /** The cursors of the page's first and last rows (when asked and the page is not empty). */
  cursors?: PageCursors;
}

export interface PageCursors {
  previous: string;
  next: string;
}

export async function listDocuments(database: Database, request: ListRequest): Promise<ListResult> {
  const where = typeConditions(database, request, request.userId, request.filter);
  const order = request.order.map((term) => {
    const field = fieldSql(database.dialect, request.catalog, term.field, 'd');
    return { expr: field.expr, direction: term.direction, isNullable: isNullableColumn(field.info.column) };
  });
  const branches = listBranches(database, request);
  const { keys, ...result } = await listWhere(database, where, order, branches ? { ...request, branches } : request);
  if (!keys) return result;
  const signature = orderSignature(request.order);
  const cursorOf = (key: PageKey) => encodeCursor({ order: signature, values: key.values, id: key.id });
  return { ...result, cursors: { previous: cursorOf(keys.first), next: cursorOf(keys.last) } };
}

/** At most this many values of a row filter's IN-list are read as branches of their own. */
const MAX_BRANCHES = 8;
/** Beyond this many rows before the page's end a branch would read too much: one ordered read instead. */
const MAX_BRANCH_ROWS = 1000;

/**
 * A list whose (folded) row filter is one IN-list of numbers — a member's sites or regions — as one
 * WHERE per value, the row filter narrowed to `field = value` (`mergedIds`): disjoint parts whose
 * union is the list. Undefined where that does not apply or would read too much.
 */
function listBranches(database: Database, request: ListRequest): Expression<SqlBool>[][] | undefined {
  const rowFilter = request.scope.rowFilter ? impliedRowFilter(request.scope.rowFilter, request.filter) : null;
  if (rowFilter?.type !== 'in' || rowFilter.negated) return undefined;
  const values = rowFilter.values;
  if (values.length < 2 || values.length > MAX_BRANCHES || !values.every((value) => value.kind === 'number')) return undefined;
  if (!request.keyset && request.start + request.count > MAX_BRANCH_ROWS) return undefined;
  return values.map((value) =>
    typeConditions(
      database,
      { ...request, scope: { ...request.scope, rowFilter: eq(rowFilter.field, value.value as number) } },
      request.userId,
      request.filter,
    ),
  );
}

export interface OrderExpression {
  expr: Expression<unknown>;
  direction: 'asc' | 'desc';
  /** False for a NOT NULL column (keyset conditions need no NULL branch); true when unsaid. */
  isNullable?: boolean;
}

/** The sort key of a page's row: each order term's value, and the id. */
interface PageKey {
  values: ReturnType<typeof cursorValueOf>[];
  id: number;
}

/**
 * The columns of a page as one constant fragment: the list path is the hottest query, and the
 * query builder's column parsing costs more than the query itself (identifiers only, no input).
 */
const PAGE_COLUMNS = sql.raw(documentColumns.map((c) => 'd.' + c).join(', ') + ', author.display_name AS created_by_name');
/** The names of a page row's columns, without the sort keys a cursor page adds. */
const PAGE_ROW_COLUMNS: readonly string[] = [...documentColumns, 'created_by_name'];

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
    ? mergedIds(page.branches, keyset ? keysetWhere(dialect, order, keyset) : [], reading, page.count, offset)
    : sql`SELECT d.id FROM documents AS d WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${orderTerms(reading)} LIMIT ${wholeLiteral(page.count)} OFFSET ${wholeLiteral(offset)}`;
  const total = page.total ? sql`, (${page.total}) AS docket_total` : sql``;
  return sql<RowWithAuthor>`SELECT ${PAGE_COLUMNS}${keys}${total}
    FROM (${ids}) AS page
    JOIN documents AS d ON d.id = page.id
    LEFT JOIN identities AS author ON author.uuid = d.created_by
    ORDER BY ${terms}`;
}

/**
 * The page's ids as a merge of one ordered, LIMITed read per branch (`listBranches`): each branch
 * is one index range read in order from its start, so a user whose row filter names several sites
 * reads at most `offset + count` rows per site instead of walking the whole list's order for rows
 * of their sites, or reading all of them to sort (neither database reads an IN-list's ranges as one
 * ordered stream). The merge sorts at most `branches × (offset + count)` ids.
 */
function mergedIds(
  branches: Expression<SqlBool>[][],
  keysetConditions: Expression<SqlBool>[],
  reading: OrderExpression[],
  count: number,
  offset: number,
) {
  const direction = reading[0]?.direction ?? 'desc';
  const sortKeys = reading.map((term, index) => sql`${term.expr} AS ${sql.id(`s${index}`)}`);
  const limit = wholeLiteral(offset + count);
  const parts = branches.map(
    (where) =>
      sql`SELECT * FROM (SELECT d.id, ${sql.join(sortKeys)} FROM documents AS d WHERE ${sql.join([...where, ...keysetConditions], sql` AND `)} ORDER BY ${orderTerms(reading)} LIMIT ${limit}) AS branch`,
  );
  const merged = sql.join([
    ...reading.map((term, index) => sql`${sql.ref(`merged.s${index}`)} ${sql.raw(term.direction === 'asc' ? 'ASC' : 'DESC')}`),
    sql`merged.id ${sql.raw(direction === 'asc' ? 'ASC' : 'DESC')}`,
  ]);
  return sql`SELECT merged.id FROM (${sql.join(parts, sql` UNION ALL `)}) AS merged ORDER BY ${merged} LIMIT ${wholeLiteral(count)} OFFSET ${wholeLiteral(offset)}`;
}

/** The conditions of the rows beyond the cursor, in the direction the keyset reads. */
function keysetWhere(dialect: DialectName, order: OrderExpression[], keyset: Keyset): Expression<SqlBool>[] {
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

/** Splits the k-columns off a page's rows: the rows as answered, and the first and last sort keys. */
function withoutKeys(
  rows: Record<string, unknown>[],
  termCount: number,
): { rows: RowWithAuthor[]; keys?: { first: PageKey; last: PageKey } } {
  const keyOf = (row: Record<string, unknown>): PageKey => ({
    values: Array.from({ length: termCount }, (_, index) => cursorValueOf(row[`k${index}`])),
    id: Number(row.id),
  });
  const first = rows[0];
  const last = rows[rows.length - 1];
  const keys = first && last ? { first: keyOf(first), last: keyOf(last) } : undefined;
  const plain = plainRows(rows);
  return keys ? { rows: plain, keys } : { rows: plain };
}

/** A page's rows without the columns only the server needs (sort keys, the total). */
function plainRows(rows: Record<string, unknown>[]): RowWithAuthor[] {
  // Copied column by column, not spread and `delete`d: deleting a property turns every row into a
  // slow dictionary object, which cost 7 % of a cold list request (issue 18, bench/README.md).
  return rows.map((row) => {
    const copy: Record<string, unknown> = {};
    for (const column of PAGE_ROW_COLUMNS) copy[column] = row[column];
    return copy as unknown as RowWithAuthor;
  });
}

/** A page and its total, with the first and last rows' sort keys when cursors were asked. */
type PageAnswer = ListResult & { keys?: { first: PageKey; last: PageKey } };

/** Which page of a list, and what to answer with it. */
interface PageRequest {
  start: number;
  count: number;
  withTotal?: boolean;
  withEstimate?: boolean;
  keyset?: Keyset | null;
  withCursors?: boolean;
  /** The same rows as `where`, split into disjoint parts each read in order (`listBranches`). */
  branches?: Expression<SqlBool>[][];
}

/**
 * A page of documents under `where` (already holding the organisation and access conditions).
 * The total comes from the short-lived count cache (count-cache.ts) when the same count was just made.
 */
export async function listWhere(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: PageRequest,
): Promise<PageAnswer> {
  const withKeys = page.withCursors === true;
  const deep = page.withTotal !== false && !page.keyset && page.start >= DEEP_PAGE_START;
  if (database.dialect === 'postgres' && page.withTotal !== false && !deep) return pageWithItsTotal(database, where, order, page);
  const query = pageQuery(where, order, { ...page, withKeys: withKeys || deep }, database.dialect);
  const paged = query
    .execute(database.reader)
    .then((result) =>
      withKeys || deep ? withoutKeys(result.rows as unknown as Record<string, unknown>[], order.length) : { rows: result.rows },
    );
  if (page.withTotal === false) return { ...(await paged), total: 0, totalIsEstimate: false };
  if (deep) {
    const { keys, ...found } = await paged;
    return {
      ...found,
      ...(withKeys && keys ? { keys } : {}),
      ...(await deepPageTotal(database, where, order, page, found.rows.length, keys)),
    };
  }
  const count = () => countFor(database, where, order, page);
  // Where reads run side by side (PostgreSQL's pool, SQLite's reader threads) the page and the
  // total go together; on one connection the total waits, as a short first page needs none.
  const [found, counted] = await Promise.all([paged, database.concurrentReads ? count() : null]);
  // A short first page is its own total: no count query at all.
  if (counted === null && page.start === 0 && !page.keyset && found.rows.length < page.count)
    return { ...found, total: found.rows.length, totalIsEstimate: false };
  return { ...found, ...(counted ?? (await count())) };
}

type Total = { total: number; totalIsEstimate: boolean; totalEstimate?: number };

/**
 * PostgreSQL: the page and its capped count in one statement, the count as a scalar subquery
 * (planned once, an InitPlan) answered on every row. Each statement sent costs the event loop a
 * socket write that wakes a database backend; side by side the page and count were two, and
 * those writes were about a third of the event loop's busy time under the distinct list (issue
 * 18, bench/README.md). A count the count cache holds is not made again; an empty page carries no
 * total, so its count is made apart (or is 0 on a first page).
 */
async function pageWithItsTotal(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: PageRequest,
): Promise<PageAnswer> {
  const withKeys = page.withCursors === true;
  const withEstimate = page.withEstimate === true;
  const plan = countPlan(database, where, order, page);
  const capped = cappedCount(database, plan.where, plan.start, plan.window, withEstimate);
  const known = knownCount(database, capped.key);
  const generation = dataGeneration();
  const query = pageQuery(where, order, { ...page, withKeys, ...(known ? {} : { total: capped.query }) }, database.dialect);
  const rows = (await query.execute(database.reader)).rows as unknown as Record<string, unknown>[];
  const found = withKeys ? withoutKeys(rows, order.length) : { rows: plainRows(rows) };
  if (known) return { ...found, ...offsetTotal(known, plan.offset) };
  const first = rows[0];
  if (!first) {
    if (page.start === 0 && !page.keyset) return { ...found, total: 0, totalIsEstimate: false };
    return { ...found, ...(await countFor(database, where, order, page)) };
  }
  const counted = await totalOf(database, plan.where, capped.cap, Number(first.docket_total), withEstimate);
  rememberCount(database, capped.key, counted, generation);
  return { ...found, ...offsetTotal(counted, plan.offset) };
}

/** What a page's total counts: rows under `where` up to `start` + `window` (+1), `offset` added to the answer. */
interface CountPlan {
  where: Expression<SqlBool>[];
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
function countPlan(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: { start: number; keyset?: Keyset | null },
  window = TOTAL_COUNT_WINDOW,
): CountPlan {
  if (page.keyset?.direction !== 'after') return { where, start: page.start, window, offset: 0 };
  return { where: [...where, ...keysetWhere(database.dialect, order, page.keyset)], start: 0, window, offset: page.start };
}

/** The total of a page (countPlan), made by its own statement. */
function countFor(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: { start: number; withEstimate?: boolean; keyset?: Keyset | null },
  window = TOTAL_COUNT_WINDOW,
): Promise<Total> {
  const plan = countPlan(database, where, order, page, window);
  return countCapped(database, plan.where, plan.start, page.withEstimate === true, plan.window).then((counted) =>
    offsetTotal(counted, plan.offset),
  );
}

function offsetTotal(counted: Total, offset: number): Total {
  if (offset === 0) return counted;
  return {
    ...counted,
    total: offset + counted.total,
    ...(counted.totalEstimate === undefined ? {} : { totalEstimate: offset + counted.totalEstimate }),
  };
}

/** From this `start` on, a page asked by its number counts its total after its own last row (deepPageTotal). */
const DEEP_PAGE_START = TOTAL_COUNT_WINDOW;

/**
 * The total of a deep page asked by its number. Counting up to `start` + window would step over
 * the `start` rows again after the page already stepped over them: page 1,000 read 15,000 index
 * entries for its ids and 16,000 more for its total. Instead, as after a cursor (countFor), the
 * rows from the page's last row on are counted, up to what is left of the window (`start` +
 * window, as for any page): the rows before that row are known, the page's position and its own.
 * A short page is the list's end; an empty one (past the end) is counted the usual way.
 */
async function deepPageTotal(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: { start: number; count: number; withEstimate?: boolean },
  found: number,
  keys: { last: PageKey } | undefined,
): Promise<Total> {
  if (found > 0 && found < page.count) return { total: page.start + found, totalIsEstimate: false };
  if (!keys) return countFor(database, where, order, page);
  const afterPage = {
    start: page.start + found,
    withEstimate: page.withEstimate,
    keyset: { direction: 'after' as const, cursor: { order: '', ...keys.last } },
  };
  return countFor(database, where, order, afterPage, Math.max(0, TOTAL_COUNT_WINDOW - found));
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
function wholeLiteral(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`A LIMIT or OFFSET must be a whole number, got ${value}`);
  return sql.lit(value);
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
): Promise<Total> {
  const { cap, compiled, key } = cappedCount(database, where, start, window, withEstimate);
  return cachedCount(database, key, async () =>
    totalOf(database, where, cap, Number((await database.reader.executeQuery(compiled)).rows[0]?.total ?? 0), withEstimate),
  );
}

/** The capped count of `where` from `start`: its query, compiled, and its key in the count cache. */
function cappedCount(database: Database, where: Expression<SqlBool>[], start: number, window: number, withEstimate: boolean) {
  const cap = start + window;
  const query = countQuery(where, cap + 1);
  const compiled = query.compile(database.db);
  return { cap, query, compiled, key: `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}\u0000${withEstimate}` };
}

/** A capped count as a total: exact up to `cap`, beyond it `cap` as a lower bound (and PostgreSQL's estimate when asked). */
async function totalOf(
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
