/**
 * The WHERE clause every document query starts from: the organisation, the type, the caller's
 * row filter (from `authorize()`) and the request's filter, compiled by filter-sql.ts. The type
 * name is written as a literal (it comes from the type registry, never from request text, and is
 * checked here) so that the planner can use the partial expression indexes of type-indexes.ts.
 */
import type { Expression, RawBuilder, SqlBool } from 'kysely';
import { sql } from '../db/sql-fragments.ts';
import { eq, impliedRowFilter, type FieldCatalog, type FilterNode } from '@docket/shared';
import type { Database } from '../db/database.ts';
import type { AccessScope, ScopeAction } from '../access/access-scope.ts';
import { compileFilter } from './filter-sql.ts';
import { budgetCheck } from '../db/query-budget.ts';

const TYPE_NAME = /^[A-Za-z$_][A-Za-z0-9_$]{0,63}$/;

export function docTypeLiteral(docType: string): RawBuilder<unknown> {
  if (!TYPE_NAME.test(docType)) throw new Error(`Invalid document type name: ${docType}`);
  return sql.lit(docType);
}

/** One type under one scope: a write names its action (`TypeScope<'update'>`), a read takes any. */
export interface TypeScope<A extends ScopeAction = ScopeAction> {
  docType: string;
  scope: AccessScope<A>;
  catalog: FieldCatalog;
}

/** `today()` is the day of the organisation the scope was made for (its principal's). */
function compiled(database: Database, node: FilterNode, part: TypeScope, userId: string, alias: string): Expression<SqlBool> {
  const timeZone = part.scope.principal?.org.timeZone;
  return compileFilter(node, {
    dialect: database.dialect,
    catalog: part.catalog,
    ctx: { userId, now: new Date(), ...(timeZone ? { timeZone } : {}) },
    tableAlias: alias,
  }) as Expression<SqlBool>;
}

/**
 * Conditions for rows of one type the caller may read, narrowed by `filter`. On the embedded
 * database the time-budget check comes right after the indexed columns, before any filter, so
 * SQLite meets it among the rows it considers (platform/db/query-budget.ts: sampled by row id).
 */
export function typeConditions(
  database: Database,
  part: TypeScope,
  userId: string,
  filter: FilterNode | null,
  alias = 'd',
): Expression<SqlBool>[] {
  return conditionsPerRowFilter(database, part, userId, filter, [part.scope.rowFilter ?? null], alias)[0]!;
}

/**
 * typeConditions once for each of `rowFilters` in place of the scope's own (a list's branches,
 * document-pages.ts): the organisation, the type, the budget check and `filter` are built and
 * compiled once and shared by every set, only each row filter is compiled apart (compiling the
 * request's filter again for each branch was a third of a restricted list's SQL building).
 */
export function conditionsPerRowFilter(
  database: Database,
  part: TypeScope,
  userId: string,
  filter: FilterNode | null,
  rowFilters: readonly (FilterNode | null)[],
  alias = 'd',
): Expression<SqlBool>[][] {
  const a = sql.ref(alias);
  const shared: Expression<SqlBool>[] = [
    sql<SqlBool>`${a}.org_id = ${part.scope.orgId}`,
    sql<SqlBool>`${a}.doc_type = ${docTypeLiteral(part.docType)}`,
  ];
  const budget = budgetCheck(database.dialect, sql.ref(`${alias}.id`));
  if (budget) shared.push(budget);
  const needed = (node: FilterNode | null): node is FilterNode => node !== null && !(node.type === 'const' && node.value);
  const filtered = needed(filter) ? compiled(database, filter, part, userId, alias) : null;
  return rowFilters.map((scopeFilter) => {
    // What the filter already pins is folded out of the row filter (`site_id = 3` makes the row
    // filter's `site_id IN (3, 7)` true): one site condition instead of two that a generic plan on
    // PostgreSQL cannot see agree (docs/architecture.md, "named prepared statements").
    const rowFilter = scopeFilter ? impliedRowFilter(scopeFilter, filter) : null;
    const conditions = [...shared];
    if (needed(rowFilter)) conditions.push(compiled(database, rowFilter, part, userId, alias));
    if (filtered) conditions.push(filtered);
    return conditions;
  });
}

/**
 * Rows of any of several types (search, children): the organisation, then an OR over the types
 * of (type AND its row filter). A type the caller may not read is simply not among `parts`.
 *
 * `alsoOf`: a further condition per type (the todo's statuses of each type's approval stages).
 *
 * `avoidTypeIndexes`: on SQLite, the type test is written so no index can serve it (`+doc_type`),
 * for a query that must read along an index of another order and stop early (the todo's
 * candidates). SQLite's statistics are averages per (organisation, type): a type of 1,000,000
 * documents looks like one of 50,000, and reading all of it to sort looked cheaper than walking
 * the open documents in order (0.82 s instead of 2 ms).
 */
export function multiTypeCondition(
  database: Database,
  orgId: number,
  parts: readonly TypeScope[],
  userId: string,
  alias = 'd',
  options: { avoidTypeIndexes?: boolean; alsoOf?: (part: TypeScope) => Expression<SqlBool> | null } = {},
): Expression<SqlBool> {
  const a = sql.ref(alias);
  if (parts.length === 0) return sql<SqlBool>`(1 = 0)`;
  const unindexed = options.avoidTypeIndexes && database.dialect === 'sqlite' ? sql`+` : sql``;
  const perType = parts.map((part) => {
    const type = sql`${unindexed}${a}.doc_type = ${docTypeLiteral(part.docType)}`;
    // A condition of this type's own, next to the type test so an index of both can serve it.
    const also = options.alsoOf?.(part);
    const typed = also ? sql`${type} AND ${also}` : type;
    return part.scope.rowFilter ? sql`(${typed} AND ${compiled(database, part.scope.rowFilter, part, userId, alias)})` : sql`(${typed})`;
  });
  const budget = budgetCheck(database.dialect, sql.ref(`${alias}.id`));
  const within = budget ? sql`${budget} AND ` : sql``;
  return sql<SqlBool>`(${a}.org_id = ${orgId} AND ${within}(${sql.join(perType, sql` OR `)}))`;
}

/** At most this many values of a row filter's IN-list are read as branches of their own. */
const MAX_BRANCHES = 8;

/**
 * A list whose row filter (folded with the filter: `impliedRowFilter`) is one IN-list of numbers —
 * a member's sites or regions — as one WHERE per value, the row filter narrowed to `field = value`
 * (page-sql.ts, `mergedIds`): disjoint parts whose union is the list, merged in order however deep
 * the page. Undefined where that does not apply.
 */
export function rowFilterBranches(
  database: Database,
  part: TypeScope,
  userId: string,
  filter: FilterNode | null,
  rowFilter: FilterNode | null,
): Expression<SqlBool>[][] | undefined {
  if (rowFilter?.type !== 'in' || rowFilter.negated) return undefined;
  const values = rowFilter.values;
  if (values.length < 2 || values.length > MAX_BRANCHES || !values.every((value) => value.kind === 'number')) return undefined;
  return conditionsPerRowFilter(
    database,
    part,
    userId,
    filter,
    values.map((value) => eq(rowFilter.field, value.value as number)),
  );
}
