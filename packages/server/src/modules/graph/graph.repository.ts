/**
 * The chart counts (docs/product/reporting.md#charts): documents of one type under the caller's
 * row filter and the request's filter, counted per value of up to two terms — fields, read through
 * field-sql.ts like the list's group_by, and the month of a date field. Months are those of the
 * organisation's time zone: an instant's month comes from comparisons with the months' UTC
 * starts (month-boundaries.ts in shared), which both databases do alike; a date-only value's month
 * is its `YYYY-MM`. The month range is also a WHERE on the date field, so its expression index
 * narrows the rows read.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { formatYearMonth, MAX_GROUPS, monthBoundaries, yearMonthOf, type FieldCatalog, type FilterNode } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { typeConditions, type TypeScope } from '../../platform/records/document-query.ts';
import { fieldSql } from '../../platform/records/field-sql.ts';
import type { GraphTerm, GraphQuery } from './graph-terms.ts';

export interface GraphCountRequest extends TypeScope<'read'> {
  filter: FilterNode | null;
  query: GraphQuery;
  timeZone: string;
  userId: string;
}

export interface GraphCountResult {
  /** One row per group: `g0`, `g1` (the terms' values; a month as its month index) and `count`. */
  rows: { values: unknown[]; count: number }[];
  truncated: boolean;
}

type Sql = RawBuilder<unknown>;

/** The month index of a date field's value as an SQL expression, and the WHERE that keeps the range. */
function monthBucket(
  database: Database,
  catalog: FieldCatalog,
  request: GraphCountRequest,
): { bucket: Sql; inRange: Expression<SqlBool> } | undefined {
  const range = request.query.range;
  if (!range) return undefined;
  const value = fieldSql(database.dialect, catalog, range.field, 'd').expr;
  if (range.isDateOnly) {
    const first = `${formatYearMonth(yearMonthOf(range.from))}-01`;
    const after = `${formatYearMonth(yearMonthOf(range.to + 1))}-01`;
    return { bucket: sql`substr(${value}, 1, 7)`, inRange: sql<SqlBool>`(${value} >= ${first} AND ${value} < ${after})` };
  }
  const months = monthBoundaries(range, request.timeZone);
  const whens = months.map((month) => sql`WHEN ${value} < ${month.to} THEN ${sql.lit(month.month)}`);
  return {
    bucket: sql`(CASE ${sql.join(whens, sql` `)} END)`,
    inRange: sql<SqlBool>`(${value} >= ${months[0]!.from} AND ${value} < ${months[months.length - 1]!.to})`,
  };
}

function termSql(database: Database, catalog: FieldCatalog, term: GraphTerm, bucket: Sql | undefined): Sql {
  if (term.kind === 'month') return bucket!;
  return fieldSql(database.dialect, catalog, term.field, 'd').expr;
}

export async function countForGraph(database: Database, request: GraphCountRequest): Promise<GraphCountResult> {
  const where = typeConditions(database, request, request.userId, request.filter);
  const month = monthBucket(database, request.catalog, request);
  if (month) where.push(month.inRange);
  const terms = request.query.terms;
  const columns = terms.map((term, index) => sql`${termSql(database, request.catalog, term, month?.bucket)} AS ${sql.ref(`g${index}`)}`);
  // The grouped expressions are computed once in an inner query: PostgreSQL would not match a
  // GROUP BY to a SELECT whose CASE holds bound parameters (each gets its own placeholder).
  const inner = sql`SELECT ${sql.join([...columns, sql`1 AS one`])} FROM documents AS d WHERE ${sql.join(where, sql` AND `)}`;
  const names = terms.map((_, index) => sql.ref(`g${index}`));
  const grouped = names.length > 0 ? sql`GROUP BY ${sql.join(names)} ORDER BY ${sql.join(names)}` : sql``;
  const select = names.length > 0 ? sql.join([...names, sql`count(*) AS count`]) : sql`count(*) AS count`;
  const query = sql<Record<string, unknown>>`SELECT ${select} FROM (${inner}) AS t ${grouped} LIMIT ${sql.lit(MAX_GROUPS + 1)}`;
  // On the bulk reader: a chart's groups read every matching document (document-groups.repository.ts).
  const { rows } = await query.execute(database.bulkReader);
  const truncated = rows.length > MAX_GROUPS;
  return {
    rows: (truncated ? rows.slice(0, MAX_GROUPS) : rows).map((row) => ({
      values: terms.map((_, index) => row[`g${index}`]),
      count: Number(row.count),
    })),
    truncated,
  };
}
