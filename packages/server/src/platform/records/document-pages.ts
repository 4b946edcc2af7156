/**
 * List pages of documents (docs/architecture.md): a list request's conditions and order, its
 * page (page-sql.ts) and total (page-totals.ts) read side by side or in one statement, and the
 * cursors of its first and last rows. Every read takes a TypeScope, so the organisation and the
 * caller's row filter are in every query (docs/engineering.md#habit-4). Split from
 * documents.repository.ts, which keeps single reads and writes.
 */
import type { Expression, SqlBool } from 'kysely';
import { impliedRowFilter, type FilterNode, type OrderTerm } from '@docket/shared';
import type { Database } from '../db/database.ts';
import type { RowWithAuthor } from './document-shape.ts';
import { rowFilterBranches, typeConditions, type TypeScope } from './document-query.ts';
import { fieldSql } from './field-sql.ts';
import { withStoredOrder } from './order-keys.ts';
import { typeRegistryFor } from './type-registry.ts';
import { knownCount, rememberCount } from './count-cache.ts';
import { dataGeneration } from '../cache/data-generation.ts';
import { encodeCursor, isNullableColumn, orderSignature, type Keyset } from './keyset.ts';
import { pageQuery, type OrderExpression, type PageKey } from './page-sql.ts';
import { plainRows, withoutKeys } from './page-rows.ts';
import { decidedByIndex, onlyEqualities, shapeKey, singleValueFieldsOf, type ListShape } from './list-shapes.ts';
import { BASE_INDEXES } from './type-indexes.ts';
import { deadlineCheck, isOwnDeadline, withoutBudgetCheck } from '../db/query-budget.ts';
import { sql } from '../db/sql-fragments.ts';
import {
  cappedCount,
  countFor,
  countPlan,
  DEEP_PAGE_START,
  deepPageFollowing,
  deepPageTotal,
  offsetTotal,
  totalOf,
  type Total,
} from './page-totals.ts';
import { hintsPerDatabase, isHinted, isMissingIndex, isNoSuchIndex, remember, rememberMissingIndex } from './missing-indexes.ts';

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
  /**
   * SQLite: the list's shape and the index a shape names (`orderIndexOf`, shape-index-hints.ts);
   * the page names the index of the shape's fields fixed to one value (`namedIndex`).
   */
  shapeIndex?:
    | {
        shape: ListShape;
        indexOf(shape: ListShape): string | undefined;
        /** The name an index had before its key's trailing columns changed (`IndexDefinition.former`). */
        formerOf?(index: string): string | undefined;
      }
    | undefined;
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

export async function listDocuments(database: Database, asked: ListRequest): Promise<ListResult> {
  // PostgreSQL: the type's default order read from its stored column once every row holds it (order-keys.ts).
  const readyField =
    database.dialect === 'postgres' ? await typeRegistryFor(database).readyOrderField(asked.scope.orgId, asked.docType) : undefined;
  const request = readyField === undefined ? asked : { ...asked, catalog: withStoredOrder(asked.catalog, readyField) };
  const where = typeConditions(database, request, request.userId, request.filter);
  const order = request.order.map((term) => {
    const field = fieldSql(database.dialect, request.catalog, term.field, 'd');
    return { expr: field.expr, direction: term.direction, isNullable: isNullableColumn(field.info.column) };
  });
  // The row filter as this filter leaves it (a site the filter already fixes drops out), folded once for both.
  const rowFilter = request.scope.rowFilter ? impliedRowFilter(request.scope.rowFilter, request.filter) : null;
  const branches = rowFilterBranches(database, request, request.userId, request.filter, rowFilter);
  const named = namedIndex(request, rowFilter, branches !== undefined);
  const formerOf = request.shapeIndex?.formerOf;
  const index = {
    index: usableIndex(database, named.index, formerOf),
    boundedByIndex: named.decidesAll,
    ...(formerOf ? { formerOf } : {}),
  };
  // Asked only when the page's index is missing (`listWithoutItsIndex`), not on every branched page.
  const walk = branches ? () => orderWalk(request, rowFilter, named.index) : undefined;
  const page: PageRequest = branches ? { ...request, branches, ...index, ...(walk ? { walk } : {}) } : { ...request, ...index };
  // IN-lists of several values and other conditions (ranges, CONTAINS…) may keep few rows, which
  // the index's order would walk past.
  const uncertain = named.reduced || !onlyEqualities(request.filter) || !onlyEqualities(request.scope.rowFilter);
  const { keys, ...result } = await listWhereThroughIndex(database, where, order, page, uncertain);
  if (!keys) return result;
  const signature = orderSignature(request.order);
  const cursorOf = (key: PageKey) => encodeCursor({ order: signature, values: key.values, id: key.id });
  return { ...result, cursors: { previous: cursorOf(keys.first), next: cursorOf(keys.last) } };
}

/**
 * The index the page names: the one of the shape's equality fields fixed to one value — by the
 * filter, the row filter, or in each branch the row filter's field — and its order. A field of an
 * IN-list of several values is left out (`reduced`): the index's order holds within each value
 * only, and the shape without it is read in order, its rows checked against the list (the access
 * fields are in every such index: a site-restricted user's deep page is one ordered read).
 * `decidesAll`: that index decides every condition on its entries (list-shapes.ts,
 * `decidedByIndex`), so its read stops after the page's LIMIT and OFFSET.
 */
function namedIndex(
  request: ListRequest,
  rowFilter: FilterNode | null,
  branched: boolean,
): { index?: string; reduced: boolean; decidesAll: boolean } {
  const wanted = request.shapeIndex;
  if (!wanted) return { reduced: false, decidesAll: false };
  const fixed = new Set([...singleValueFieldsOf(request.filter), ...singleValueFieldsOf(rowFilter)]);
  if (branched && rowFilter?.type === 'in') fixed.add(rowFilter.field);
  const equality = wanted.shape.equality.filter((field) => fixed.has(field));
  const reduced = equality.length < wanted.shape.equality.length;
  const shape = { equality, order: wanted.shape.order };
  // Does an index of this shape decide every condition on its entries? Each branch fixes the row filter's field.
  const held = new Set(equality);
  const rowFilterDecided = branched && rowFilter?.type === 'in' ? held.has(rowFilter.field) : decidedByIndex(rowFilter, held);
  const decidesAll = rowFilterDecided && decidedByIndex(request.filter, held);
  // A base index the planner finds alone is named too when it decides every condition: the read
  // is then bounded by the page (`boundedByIndex`), however deep.
  const index = wanted.indexOf(shape) ?? (decidesAll ? BASE_INDEXES.get(shapeKey(shape)) : undefined);
  return index ? { index, reduced, decidesAll } : { reduced, decidesAll: false };
}

/**
 * SQLite: the index of the list's order without the row filter's field, for a list read in
 * branches (a user's few sites) whose branch shape has no index — a site manager sorting by an
 * indexed field (Category) before any `site_id → category` index was added. Each branch then read
 * its site's rows and sorted them (0.22 s for two sites of 50,000 incidents each), where the
 * field's index walked in order, its rows checked against the sites, found page 1 in 0.1 ms and
 * page 101 in 16 ms (issue 18, bench/README.md, thirty-fourth session). How far the walk goes
 * depends on where the user's rows lie in that order, which nothing here knows, so it is tried for
 * `orderWalkOptions.budgetMs` only (`listWithoutItsIndex`).
 */
function orderWalk(request: ListRequest, rowFilter: FilterNode | null, branchIndex: string | undefined): OrderWalk | undefined {
  const wanted = request.shapeIndex;
  if (!wanted || rowFilter?.type !== 'in') return undefined;
  const fixed = new Set(singleValueFieldsOf(request.filter));
  const shape = { equality: wanted.shape.equality.filter((field) => fixed.has(field)), order: wanted.shape.order };
  const index = wanted.indexOf(shape);
  if (!index || index === branchIndex) return undefined;
  // Where the user's rows lie in the order differs from user to user and from depth to depth; a
  // page after a cursor reads from the cursor on, whatever its depth.
  const depth = request.keyset ? 'cursor' : Math.floor(Math.log2(request.start + request.count + 1));
  return { index, key: `${index}\u0000${JSON.stringify(rowFilter)}\u0000${depth}` };
}

/** An index to walk in the list's order (`orderWalk`), and what its outcome is remembered by. */
interface OrderWalk {
  index: string;
  key: string;
}

/** How long an order walk is tried before the page is read without it, in ms. */
export const orderWalkOptions = { budgetMs: 50 };

/**
 * Order walks that ran out of time, each until a time (ms): the next pages of the same user at
 * the same depth read without trying again for a while. A hint only, like the missing indexes (missing-indexes.ts).
 * Not long: a walk that was slow once may not be again (its pages were not yet in memory), and
 * trying costs at most its budget where reading without it costs the sort (0.17–0.3 s); skipped
 * for a minute, a fresh server's pages 100 answered 5 a second instead of 120 (bench/README.md,
 * thirty-fifth session). A walk that is slow every time costs one budget per user and depth every
 * few seconds.
 */
const slowWalks = hintsPerDatabase();
const SLOW_WALK_MS = 5_000;

/**
 * The page read through the index it names, or without naming one when that index is not there
 * (a build still under way, an index dropped by hand or never added): SQLite refuses a statement
 * naming a missing index, and the list then answers as the planner chooses.
 */
async function listWhereThroughIndex(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: PageRequest,
  uncertain: boolean,
): Promise<PageAnswer> {
  const index = page.index;
  if (!index || isMissingIndex(database, index)) return listWithoutItsIndex(database, where, order, page);
  if (uncertain) {
    // Conditions other than equalities: the index is named only when the list has more matches
    // than the counted window, so its order meets one of them every few entries. A rare range
    // (`created_date < '2020-01-01'` on 1,000,000 incidents) walked the whole index, 0.15 s warm
    // and 5.7 s cold, where the planner's range read and sort of its few rows took 0.01–1 ms
    // (bench/README.md, twenty-seventh session). A first page's total is this count.
    const counted = await countFor(database, where, order, { start: 0, ...(page.withEstimate ? { withEstimate: true } : {}) });
    // Beyond the window the count is capped, and flagged an estimate (page-totals.ts).
    const many = counted.totalIsEstimate;
    const first = page.start === 0 && !page.keyset && page.withTotal !== false;
    page = { ...page, index: many ? index : undefined, ...(first ? { known: counted } : {}) };
    if (!many) return listWhere(database, where, order, page);
  }
  for (let name = index; ;) {
    try {
      return await listWhere(database, where, order, { ...page, index: name });
    } catch (error) {
      if (!isNoSuchIndex(error)) throw error;
      rememberMissingIndex(database, name);
      // The index under its former name, while its new one is not built (`usableIndex`).
      const next = usableIndex(database, name, page.formerOf);
      if (next === name) return listWithoutItsIndex(database, where, order, page);
      name = next!;
    }
  }
}

/**
 * A page whose named index is not there: through its order walk (`orderWalk`) when it has one,
 * for `orderWalkOptions.budgetMs` at most, else as the planner chooses. The walk reads the same rows
 * (the same WHERE, the row filter in it, and the same ORDER BY), one ordered read instead of the
 * branches.
 */
async function listWithoutItsIndex(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: PageRequest,
): Promise<PageAnswer> {
  const { walk: walkOf, ...rest } = page;
  const unnamed = { ...rest, index: undefined };
  const walk = walkOf?.();
  const walkIndex = usableIndex(database, walk?.index, page.formerOf);
  if (!walk || !walkIndex || isMissingIndex(database, walkIndex) || isHinted(slowWalks(database), walk.key))
    return listWhere(database, where, order, unnamed);
  // The time limit is the page's only: its total is the same count either way, and one past the
  // limit would have read the page again in branches and turned the walk off for nothing.
  const limit = deadlineCheck(sql.ref('d.id'), orderWalkOptions.budgetMs);
  const walked = { ...rest, branches: undefined, index: walkIndex, boundedByIndex: false, pageOnly: [limit] };
  try {
    return await listWhere(database, where, order, walked);
  } catch (error) {
    if (isNoSuchIndex(error)) rememberMissingIndex(database, walkIndex);
    else if (isOwnDeadline(error)) remember(slowWalks(database), walk.key, SLOW_WALK_MS);
    else throw error;
    return listWhere(database, where, order, unnamed);
  }
}

/**
 * The index a page names, or the name it had before its key's trailing columns changed while the
 * new one is missing (`IndexDefinition.former`): a database of before keeps the old index until the
 * new one is built — for a large type by a durable job — and a list sorted by the field would
 * otherwise sort the whole type meanwhile.
 */
function usableIndex(
  database: Database,
  index: string | undefined,
  formerOf: ((index: string) => string | undefined) | undefined,
): string | undefined {
  if (!index || !isMissingIndex(database, index)) return index;
  const former = formerOf?.(index);
  return former && !isMissingIndex(database, former) ? former : index;
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
  /** The same rows as `where`, split into disjoint parts each read in order (`rowFilterBranches`, document-query.ts). */
  branches?: Expression<SqlBool>[][];
  /** SQLite: the index the page's ids are read through (page-sql.ts). */
  index?: string | undefined;
  /**
   * That index decides every condition on its entries (`namedIndex`): the page's read stops after
   * its LIMIT and OFFSET, and goes without the per-row budget check (query-budget.ts,
   * `withoutBudgetCheck`). Only while the index is named: without it the planner chooses.
   */
  boundedByIndex?: boolean;
  /** The page's total when it was counted already (`listWhereThroughIndex`). */
  known?: Total;
  /** The name an index had before its key's trailing columns changed (`usableIndex`). */
  formerOf?: (index: string) => string | undefined;
  /** The index to walk in the list's order when `index` is not there (`orderWalk`). */
  walk?: () => OrderWalk | undefined;
  /** Conditions of the page's read only, not of its total: the walk's time limit. */
  pageOnly?: Expression<SqlBool>[];
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
  const bounded = page.index !== undefined && page.boundedByIndex === true;
  const pageWhere = [...(page.pageOnly ?? []), ...(bounded ? withoutBudgetCheck(where) : where)];
  const branches = bounded && page.branches ? { branches: page.branches.map(withoutBudgetCheck) } : {};
  // PostgreSQL: a deep page reads on past its rows for its total (`deepPageFollowing`), one
  // statement instead of two. Not on SQLite, where the same read answered 13–16 % fewer deep
  // pages than the page and the count apart (bench/README.md, fifty-fourth session).
  const readOn = deep && database.dialect === 'postgres';
  const following = readOn ? { following: deepPageFollowing(page.count) } : {};
  const query = pageQuery(pageWhere, order, { ...page, ...branches, ...following, withKeys: withKeys || deep }, database.dialect);
  let window: number | undefined;
  const paged = query.execute(database.reader).then((result) => {
    const rows = result.rows as unknown as Record<string, unknown>[];
    if (readOn) window = rows.length > 0 ? Number(rows[0]!.docket_window) : 0;
    return withKeys || deep ? withoutKeys(rows, order.length) : { rows: result.rows };
  });
  if (page.withTotal === false) return { ...(await paged), total: 0, totalIsEstimate: false };
  if (deep) {
    const { keys, ...found } = await paged;
    return {
      ...found,
      ...(withKeys && keys ? { keys } : {}),
      ...(await deepPageTotal(database, where, order, page, { found: found.rows.length, ...(readOn ? { window } : {}) }, keys)),
    };
  }
  const count = () => (page.known ? Promise.resolve(page.known) : countFor(database, where, order, page));
  // Where reads run side by side (PostgreSQL's pool, SQLite's reader threads) the page and the
  // total go together; on one connection the total waits, as a short first page needs none.
  const [found, counted] = await Promise.all([paged, database.concurrentReads ? count() : null]);
  // A short first page is its own total: no count query at all.
  if (counted === null && page.start === 0 && !page.keyset && found.rows.length < page.count)
    return { ...found, total: found.rows.length, totalIsEstimate: false };
  return { ...found, ...(counted ?? (await count())) };
}

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
  const capped = cappedCount(database, plan.where, plan.start, plan.window, withEstimate, plan.branches);
  const known = knownCount(database, capped.key);
  const generation = dataGeneration();
  const pageWhere = [...(page.pageOnly ?? []), ...where];
  const query = pageQuery(pageWhere, order, { ...page, withKeys, ...(known ? {} : { total: capped.query }) }, database.dialect);
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
