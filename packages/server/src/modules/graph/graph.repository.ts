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
import type { GraphQuery, GraphTerm } from './graph-terms.ts';

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

/** A month term's bucket: over a plain column (`bucketOf`), over the field's expression (`chainOf`). */
interface MonthBucket {
  value: Sql;
  bucketOf: (date: Sql) => Sql;
  chainOf: (date: Sql) => Sql;
  inRange: Expression<SqlBool>;
}

/** The column the raw value of a month term's date field is read as (`monthsOnly`). */
const DATE_VALUE = sql.ref('docket_date');

/**
 * The month index of a date field's value as an SQL expression of that value, and the WHERE on
 * the field that keeps the range. An instant's month is found by comparisons with the months'
 * ends: over a plain column (`monthsOnly`) a balanced tree of them — about six per document for
 * five years of months, against thirty on average for a chain of WHENs (0.38–0.42 s against
 * 0.55–0.69 s for 35 months of 1,000,000 incidents); over the field's own expression the chain,
 * which SQLite answered no slower (2.5 s against 2.6 s for the tree; bench/README.md,
 * thirty-seventh session).
 */
function monthBucket(database: Database, catalog: FieldCatalog, request: GraphCountRequest): MonthBucket | undefined {
  const range = request.query.range;
  if (!range) return undefined;
  const value = fieldSql(database.dialect, catalog, range.field, 'd').expr;
  if (range.isDateOnly) {
    const first = `${formatYearMonth(yearMonthOf(range.from))}-01`;
    const after = `${formatYearMonth(yearMonthOf(range.to + 1))}-01`;
    const bucketOf = (date: Sql) => sql`substr(${date}, 1, 7)`;
    return { value, bucketOf, chainOf: bucketOf, inRange: sql<SqlBool>`(${value} >= ${first} AND ${value} < ${after})` };
  }
  const months = monthBoundaries(range, request.timeZone);
  const within = (date: Sql, first: number, last: number): Sql => {
    if (first === last) return sql.lit(months[first]!.month);
    const middle = (first + last) >> 1;
    return sql`(CASE WHEN ${date} < ${months[middle]!.to} THEN ${within(date, first, middle)} ELSE ${within(date, middle + 1, last)} END)`;
  };
  return {
    value,
    bucketOf: (date) => within(date, 0, months.length - 1),
    chainOf: (date) =>
      sql`(CASE ${sql.join(
        months.map((month) => sql`WHEN ${date} < ${month.to} THEN ${sql.lit(month.month)}`),
        sql` `,
      )} END)`,
    inRange: sql<SqlBool>`(${value} >= ${months[0]!.from} AND ${value} < ${months[months.length - 1]!.to})`,
  };
}

export async function countForGraph(database: Database, request: GraphCountRequest): Promise<GraphCountResult> {
  const where = typeConditions(database, request, request.userId, request.filter);
  const month = monthBucket(database, request.catalog, request);
  if (month) where.push(month.inRange);
  const terms = request.query.terms;
  const whereSql = sql.join(where, sql` AND `);
  // The grouped expressions are computed once in an inner query: PostgreSQL would not match a
  // GROUP BY to a SELECT whose CASE holds bound parameters (each gets its own placeholder).
  const inner =
    month && terms.every((term) => term.kind === 'month')
      ? monthsOnly(database, terms.length, month, whereSql)
      : termsOfEachDocument(database, request.catalog, terms, month, whereSql);
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

/** Each term's value for each document: a field through field-sql.ts, a month from its date field. */
function termsOfEachDocument(
  database: Database,
  catalog: FieldCatalog,
  terms: readonly GraphTerm[],
  month: MonthBucket | undefined,
  whereSql: Sql,
): Sql {
  const columns = terms.map((term, index) => {
    const value = term.kind === 'month' ? month!.chainOf(month!.value) : fieldSql(database.dialect, catalog, term.field, 'd').expr;
    return sql`${value} AS ${sql.ref(`g${index}`)}`;
  });
  return sql`SELECT ${sql.join([...columns, sql`1 AS one`])} FROM documents AS d WHERE ${whereSql}`;
}

/**
 * A chart by months alone: the date field's raw value read first, in a query SQLite does not
 * flatten (`LIMIT -1`), and each month computed from it outside. SQLite's index on the date field
 * then answers without the rows, where the month's expression over the field in the same query
 * read each document's JSON again: 1.6–1.7 s against 0.4–0.7 s for 35 months of 1,000,000
 * incidents (bench/README.md, thirty-seventh session). Not with a field term beside the month:
 * the date's index does not hold that field, and a lone field (`group_by=category`) grouped in
 * the order of its own index, which an unflattened read loses (0.13 s against 1.3–2.1 s).
 */
function monthsOnly(database: Database, termCount: number, month: { value: Sql; bucketOf: (value: Sql) => Sql }, whereSql: Sql): Sql {
  const unflattened = database.dialect === 'sqlite' ? sql` LIMIT -1` : sql``;
  const values = sql`SELECT ${month.value} AS ${DATE_VALUE} FROM documents AS d WHERE ${whereSql}${unflattened}`;
  const columns = Array.from({ length: termCount }, (_, index) => sql`${month.bucketOf(DATE_VALUE)} AS ${sql.ref(`g${index}`)}`);
  return sql`SELECT ${sql.join([...columns, sql`1 AS one`])} FROM (${values}) AS v`;
}
