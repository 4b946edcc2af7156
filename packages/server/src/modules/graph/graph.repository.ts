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
import type { GraphQuery } from './graph-terms.ts';

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

/** The column the raw value of a month term's date field is read as (`raw`, countForGraph). */
const DATE_VALUE = sql.ref('docket_date');

/**
 * The month index of a date field's value (read as `DATE_VALUE`) as an SQL expression, and the
 * WHERE on the field that keeps the range. An instant's month is found by a balanced tree of
 * comparisons with the months' ends — about six per document for five years of months, where a
 * chain of WHENs made thirty on average (0.55–0.69 s against 0.38–0.42 s for 35 months of
 * 1,000,000 incidents; bench/README.md, thirty-seventh session).
 */
function monthBucket(
  database: Database,
  catalog: FieldCatalog,
  request: GraphCountRequest,
): { value: Sql; bucket: Sql; inRange: Expression<SqlBool> } | undefined {
  const range = request.query.range;
  if (!range) return undefined;
  const value = fieldSql(database.dialect, catalog, range.field, 'd').expr;
  if (range.isDateOnly) {
    const first = `${formatYearMonth(yearMonthOf(range.from))}-01`;
    const after = `${formatYearMonth(yearMonthOf(range.to + 1))}-01`;
    return { value, bucket: sql`substr(${DATE_VALUE}, 1, 7)`, inRange: sql<SqlBool>`(${value} >= ${first} AND ${value} < ${after})` };
  }
  const months = monthBoundaries(range, request.timeZone);
  const within = (first: number, last: number): Sql => {
    if (first === last) return sql.lit(months[first]!.month);
    const middle = (first + last) >> 1;
    return sql`(CASE WHEN ${DATE_VALUE} < ${months[middle]!.to} THEN ${within(first, middle)} ELSE ${within(middle + 1, last)} END)`;
  };
  return {
    value,
    bucket: within(0, months.length - 1),
    inRange: sql<SqlBool>`(${value} >= ${months[0]!.from} AND ${value} < ${months[months.length - 1]!.to})`,
  };
}

export async function countForGraph(database: Database, request: GraphCountRequest): Promise<GraphCountResult> {
  const where = typeConditions(database, request, request.userId, request.filter);
  const month = monthBucket(database, request.catalog, request);
  if (month) where.push(month.inRange);
  const terms = request.query.terms;
  // The documents' raw values first — the date field's and each grouped field's — in a query SQLite
  // does not flatten (`LIMIT -1`): its index on the date field then answers without the rows, where
  // the month's expression over the field, written into the same query, read each row's JSON again
  // (2.2–2.5 s against 0.4 s for 35 months of 1,000,000 incidents; bench/README.md, thirty-seventh session).
  const raw = [
    ...(month ? [sql`${month.value} AS ${DATE_VALUE}`] : []),
    ...terms.flatMap((term, index) =>
      term.kind === 'field' ? [sql`${fieldSql(database.dialect, request.catalog, term.field, 'd').expr} AS ${sql.ref(`g${index}`)}`] : [],
    ),
    sql`1 AS one`,
  ];
  const unflattened = database.dialect === 'sqlite' ? sql` LIMIT -1` : sql``;
  const values = sql`SELECT ${sql.join(raw)} FROM documents AS d WHERE ${sql.join(where, sql` AND `)}${unflattened}`;
  // The grouped expressions are computed once in a query of their own: PostgreSQL would not match
  // a GROUP BY to a SELECT whose CASE holds bound parameters (each gets its own placeholder).
  const columns = terms.map((term, index) =>
    term.kind === 'month' ? sql`${month!.bucket} AS ${sql.ref(`g${index}`)}` : sql.ref(`g${index}`),
  );
  const inner = sql`SELECT ${sql.join([...columns, sql`1 AS one`])} FROM (${values}) AS v`;
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
