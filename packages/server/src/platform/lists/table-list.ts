/**
 * The generic list query (select, filter, order, count, start → {dataAr, total}) over a table
 * that is not `documents`: access entries, identities, logs, the outbox, the audit trail. The
 * administration lists answer exactly like the document lists (docs/product/administration.md#administration-area).
 *
 * The source is a subquery aliased `r` whose columns are named like the catalog's fields; list
 * fields live in its JSON `data` column, so `compileFilter` (platform/records/filter-sql.ts)
 * compiles filters unchanged. Filters are parsed and checked against the catalog first
 * (docs/product/security.md#lesson-1, #lesson-2); orders are whitelisted per list.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { checkFilter, FilterError, MAX_LIST_COUNT, MAX_LIST_START, parseFilter, type FieldCatalog, type FilterNode } from '@docket/shared';
import type { Database } from '../db/database.ts';
import { compileFilter } from '../records/filter-sql.ts';
import { budgetCheck } from '../db/query-budget.ts';
import { HttpError } from '../errors/http-error.ts';

export interface ListSpec {
  catalog: FieldCatalog;
  /** Fields a list may be ordered by. */
  sortable: readonly string[];
  /** Used when the query names no order. */
  defaultOrder: OrderTerm[];
  /** A unique column that breaks ties so pages never overlap. */
  tieBreaker: string;
}

export interface OrderTerm {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListQueryParams {
  s?: string;
  select?: string;
  filter?: string;
  order?: string;
  count: number;
  start: number;
}

export interface ParsedList {
  filter: FilterNode | null;
  order: OrderTerm[];
  start: number;
  count: number;
}

/** The list query string of every administration list (unknown keys are refused). */
export const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    s: { type: 'string', maxLength: 8 },
    select: { type: 'string', maxLength: 2000, description: 'Comma-separated fields to answer (id and meta always come)' },
    // Bounded by the filter parser, whose refusal names the limit (docs/filter-language.md, "Limits").
    filter: { type: 'string', description: 'Filter-language expression (docs/filter-language.md)' },
    order: { type: 'string', maxLength: 500, description: "'field asc|desc', comma-separated" },
    count: { type: 'integer', minimum: 1, maximum: MAX_LIST_COUNT, default: 15 },
    start: { type: 'integer', minimum: 0, maximum: MAX_LIST_START, default: 0 },
  },
} as const;

export function parseListQuery(query: ListQueryParams, spec: ListSpec): ParsedList {
  return {
    filter: parseListFilter(query.filter, spec.catalog),
    order: parseOrder(query.order, spec),
    start: query.start,
    count: query.count,
  };
}

export function parseListFilter(text: string | undefined, catalog: FieldCatalog): FilterNode | null {
  if (!text?.trim()) return null;
  try {
    return checkFilter(parseFilter(text), catalog);
  } catch (error) {
    if (error instanceof FilterError) throw new HttpError('invalid_filter', error.message);
    throw error;
  }
}

export function parseOrder(text: string | undefined, spec: ListSpec): OrderTerm[] {
  if (!text?.trim()) return spec.defaultOrder;
  return text.split(',').map((part) => {
    const [field = '', direction = 'asc', ...rest] = part.trim().split(/\s+/);
    const dir = direction.toLowerCase();
    if (rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) throw new HttpError('bad_request', `Invalid order: ${part.trim()}`);
    if (!spec.sortable.includes(field)) throw new HttpError('bad_request', `Cannot order by field: ${field}`);
    return { field, direction: dir };
  });
}

// The source's own row type is not known statically; the list reads rows as plain records.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySource = SelectQueryBuilder<any, any, any>;

export interface TableListResult<Row> {
  rows: Row[];
  total: number;
}

/**
 * Runs a list over `source` (which must already be restricted to the caller's organisation and
 * rights): `where` is ANDed, then the parsed filter, order and page.
 */
export async function runTableList<Row>(
  database: Database,
  source: AnySource,
  spec: ListSpec,
  list: ParsedList,
  userId: string,
): Promise<TableListResult<Row>> {
  const ctx = { userId, now: new Date() };
  const filter = list.filter
    ? compileFilter(list.filter, { dialect: database.dialect, catalog: spec.catalog, ctx, tableAlias: 'r' })
    : sql<boolean>`(1 = 1)`;
  // The time-budget check first (platform/db/query-budget.ts), so it runs for every row considered.
  const budget = budgetCheck(database.dialect);
  const where = budget ? sql<boolean>`(${budget} AND ${filter})` : filter;
  const from = database.db.selectFrom(source.as('r'));
  let page = from.selectAll().where(where);
  for (const term of list.order) page = page.orderBy(sql.ref(`r.${identifier(term.field)}`), term.direction);
  page = page.orderBy(sql.ref(`r.${identifier(spec.tieBreaker)}`), list.order[0]?.direction ?? 'desc');
  const rows = (await page.limit(list.count).offset(list.start).execute()) as Row[];
  const totalRow = await database.db
    .selectFrom(source.as('r'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(where)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(totalRow.total) };
}

/** `select=a,b` keeps those fields plus id and meta (like the document lists). */
export function projectFields<T extends object>(
  row: T,
  select: string | undefined,
  always: readonly string[] = ['id', 'meta'],
): Partial<T> {
  if (!select?.trim()) return row;
  const keep = new Set([...always, ...select.split(',').map((s) => s.trim())]);
  return Object.fromEntries(Object.entries(row).filter(([key]) => keep.has(key))) as Partial<T>;
}

function identifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Invalid column name ${name}`);
  return name;
}

/** A JSON array of strings read from a JSON column or a subquery (text on SQLite, value on pg). */
export function jsonStrings(value: unknown): string[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}
