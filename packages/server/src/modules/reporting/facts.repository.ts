/**
 * The facts-cube queries (docs/product/reporting.md#kpi-maths): for one document type, ONE grouped
 * query computes every aggregate of the report over that type, per (site, region, month) — the
 * SUM of `CASE WHEN <filter> THEN 1 ELSE 0 END` per count, of `CASE WHEN <filter> THEN <field> END`
 * per sum. Months are those of the organisation's time zone: the date field (the type's
 * `form.dateField`, else the creation date) is bucketed by a CASE over the UTC instants where the
 * zone's months begin (shared `monthBoundaries`), plain text comparisons that SQLite and
 * PostgreSQL answer alike; a date-only field is bucketed by its own calendar day. The query budget
 * check comes first in the WHERE, right after the organisation and type (`typeConditions`).
 * GROUP BY names its columns by position: the CASE holds parameters, and PostgreSQL would see the
 * same CASE written twice as two different expressions.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  andAll,
  compareField,
  formatYearMonth,
  lookupField,
  monthBoundaries,
  yearMonthOf,
  type DocumentSchema,
  type FieldCatalog,
  type FilterNode,
  type MonthIndex,
  type MonthRange,
} from '@docket/shared';
import type { Database, DialectName } from '../../platform/db/database.ts';
import { factColumnsOf } from './fact-columns.ts';
import { compileFilter } from '../../platform/records/filter-sql.ts';
import { fieldSql } from '../../platform/records/field-sql.ts';
import { typeConditions, type TypeScope } from '../../platform/records/document-query.ts';

type Sql = RawBuilder<unknown>;

/** One aggregate of a formula, as the cube needs it. */
export interface AggregateSpec {
  key: string;
  aggregate: string;
  field?: string;
  filter: FilterNode | null;
}

/** One row of the grouped answer: where, which month, and each aggregate's value by key. */
export interface FactRow {
  siteId: number | null;
  regionId: number | null;
  month: MonthIndex;
  values: Record<string, number>;
}

interface SqlContext {
  dialect: DialectName;
  /** The catalog of the materialised step's columns (fact-columns.ts). */
  catalog: FieldCatalog;
}

/**
 * Each aggregate kind's monthly value over the materialised documents: the SQL beside the shared
 * AGGREGATE_KINDS registry, keyed by the same names.
 */
const AGGREGATE_SQL: Readonly<Record<string, (spec: AggregateSpec, matches: Sql, c: SqlContext) => Sql>> = {
  count: (_spec, matches) => sql`SUM(CASE WHEN ${matches} THEN 1 ELSE 0 END)`,
  sum: (spec, matches, c) => {
    const field = fieldSql(c.dialect, c.catalog, spec.field ?? '', 'facts').expr;
    return sql`SUM(CASE WHEN ${matches} THEN ${field} END)`;
  },
};

/** The date field documents of `type` are counted by, and whether it holds a calendar day only. */
export function dateFieldOf(type: DocumentSchema, part: TypeScope): { field: string; isDateOnly: boolean } {
  const named = type.form?.dateField;
  const field = named && lookupField(part.catalog, named) ? named : 'created_date';
  return { field, isDateOnly: lookupField(part.catalog, field)?.type === 'date' };
}

/** `[month, inclusive start, exclusive end]` of each month, as the stored text of the date field. */
function bucketsOf(range: MonthRange, timeZone: string, isDateOnly: boolean): { month: MonthIndex; from: string; to: string }[] {
  if (!isDateOnly) return monthBoundaries(range, timeZone);
  const day = (month: MonthIndex) => `${formatYearMonth(yearMonthOf(month))}-01`;
  const buckets = [];
  for (let month = range.from; month <= range.to; month += 1) buckets.push({ month, from: day(month), to: day(month + 1) });
  return buckets;
}

/** Every aggregate of `specs` over documents of `type`, per site, region and month of `range`. */
export async function aggregateFacts(
  database: Database,
  type: DocumentSchema,
  part: TypeScope<'read'>,
  specs: readonly AggregateSpec[],
  range: MonthRange,
  timeZone: string,
  location: { siteIds?: readonly number[]; regionId?: number } = {},
): Promise<FactRow[]> {
  if (specs.length === 0 || range.to < range.from) return [];
  const { field, isDateOnly } = dateFieldOf(type, part);
  const buckets = bucketsOf(range, timeZone, isDateOnly);
  const first = buckets[0]!;
  const last = buckets[buckets.length - 1]!;
  const within = andAll([compareField(field, '>=', first.from), compareField(field, '<', last.to)]);
  const where = typeConditions(database, part, '', within);
  // A single item's refresh reads its own sites or region only (promoted columns with indexes of
  // their own: the planner's statistics choose between them and the date field's index).
  if (location.siteIds)
    where.push(location.siteIds.length > 0 ? sql<SqlBool>`d.site_id IN (${sql.join([...location.siteIds])})` : sql<SqlBool>`(1 = 0)`);
  if (location.regionId !== undefined) where.push(sql<SqlBool>`d.region_id = ${location.regionId}`);
  const dateExpr = fieldSql(database.dialect, part.catalog, field, 'd').expr;
  // PostgreSQL compares text under the database's collation; "C" orders ISO text as SQLite does.
  const dt = database.dialect === 'postgres' ? sql`(facts.dt COLLATE "C")` : sql`facts.dt`;
  const bound = (text: string) => (database.dialect === 'postgres' ? sql`cast(${text} as text)` : sql`${text}`);
  const month = sql`CASE ${sql.join(
    buckets.map((b) => sql`WHEN ${dt} < ${bound(b.to)} THEN ${sql.lit(b.month)}`),
    sql` `,
  )} END`;
  const columns = factColumnsOf(
    database.dialect,
    part.catalog,
    specs.map((spec) => spec.filter),
    specs.flatMap((spec) => (spec.field === undefined ? [] : [spec.field])),
  );
  const c: SqlContext = { dialect: database.dialect, catalog: columns.catalog };
  const now = new Date();
  const sums = specs.map((spec, index) => {
    const matches = spec.filter
      ? compileFilter(spec.filter, { dialect: database.dialect, catalog: columns.catalog, ctx: { userId: '', now }, tableAlias: 'facts' })
      : sql`(1 = 1)`;
    const kind = AGGREGATE_SQL[spec.aggregate];
    if (!kind) throw new Error(`No SQL for aggregate ${spec.aggregate}`);
    return sql`${kind(spec, matches, c)} AS ${sql.ref(`p${index}`)}`;
  });
  // Each matching document's date and fields are read once, in a materialised step; the month
  // CASE and the filters then read plain columns (inline, the JSON date would be read once per
  // month tried and a field once per filter testing it).
  const result = await sql<Record<string, unknown>>`WITH facts AS MATERIALIZED (
      SELECT d.site_id AS site_id, d.region_id AS region_id, ${dateExpr} AS dt${columns.selects.length > 0 ? sql`, ${sql.join(columns.selects)}` : sql``}
      FROM documents AS d
      WHERE ${sql.join(where, sql` AND `)}
    )
    SELECT facts.site_id AS site_id, facts.region_id AS region_id, ${month} AS month_index, ${sql.join(sums)}
    FROM facts
    GROUP BY 1, 2, 3`.execute(database.bulkReader); // every matching document: off the write connection (docs/architecture.md#reader-threads)
  return result.rows.map((row) => {
    const values: Record<string, number> = {};
    specs.forEach((spec, index) => {
      const value = Number(row[`p${index}`] ?? 0);
      values[spec.key] = Number.isFinite(value) ? value : 0;
    });
    return {
      siteId: row.site_id === null || row.site_id === undefined ? null : Number(row.site_id),
      regionId: row.region_id === null || row.region_id === undefined ? null : Number(row.region_id),
      month: Number(row.month_index),
      values,
    };
  });
}
