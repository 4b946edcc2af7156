/**
 * The list API's query string → checked list options, shared by every route that lists documents
 * (v3 list, legacy list, group, export): the same field catalog decides filter, order and
 * group_by fields, so none of them reaches a field the caller may not read (docs/product/security.md#lesson-1, #lesson-8).
 *
 * `args` (comma-separated flags): `default` applies the type's `filter.defaultFilter` when the
 * request has no filter of its own. Without it no default filter applies (the web app asks for it).
 */
import {
  checkFilter,
  eq,
  fieldCatalogOf,
  FilterError,
  inList,
  andAll,
  currentUser,
  LIST_ARGS,
  parseFilter,
  parseGroupBy,
  parseOrderBy,
  QueryParameterError,
  type DocumentSchema,
  type FieldCatalog,
  type FilterNode,
  type OrderTerm,
} from '@docket/shared';
import { HttpError } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { canSeeProtectedFields } from '../../platform/access/protected-fields.ts';
import { CURSOR_ORDER_MISMATCH, decodeCursor, INVALID_CURSOR, orderSignature, type Keyset } from '../../platform/records/keyset.ts';

export interface ListQueryString {
  select?: string;
  filter?: string;
  order?: string;
  group_by?: string;
  count: number;
  start: number;
  args?: string;
  /** Keyset continuation: a page's `cursors.next` / `cursors.previous`. */
  after?: string;
  before?: string;
  /** Legacy `/api/{api}` parameters. */
  qry?: string;
  value?: string;
  personal?: boolean;
  parentValue?: number;
}

export interface ListOptions {
  filter: FilterNode | null;
  order: OrderTerm[];
  groupBy: string[];
  start: number;
  count: number;
  select: string[] | null;
  /** `args=estimate`: a total beyond the counted window carries the database's estimate. */
  withEstimate: boolean;
  /** `after` / `before`: continue from a row of another page (keyset.ts) instead of skipping `start` rows. */
  keyset: Keyset | null;
}

const DEFAULT_ORDER: OrderTerm[] = [{ field: 'created_date', direction: 'desc' }];
const catalogs = new WeakMap<DocumentSchema, { hidden: FieldCatalog; full: FieldCatalog }>();

/** The filter catalog of a type for this caller: protected fields are readable only for those who may see them. */
export function catalogFor(principal: Principal | null, type: DocumentSchema): FieldCatalog {
  let pair = catalogs.get(type);
  if (!pair) {
    pair = { hidden: fieldCatalogOf(type, { canSeeProtected: false }), full: fieldCatalogOf(type, { canSeeProtected: true }) };
    catalogs.set(type, pair);
  }
  return principal === null || canSeeProtectedFields(principal, type) ? pair.full : pair.hidden;
}

/** Parses and checks a filter from a request: 400 `invalid_filter` naming the problem. */
export function requestFilter(text: string | undefined, catalog: FieldCatalog): FilterNode | null {
  if (!text?.trim()) return null;
  try {
    return checkFilter(parseFilter(text), catalog);
  } catch (error) {
    if (error instanceof FilterError) throw new HttpError('invalid_filter', error.message);
    throw error;
  }
}

function withQueryError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof QueryParameterError) throw new HttpError('bad_request', error.message);
    throw error;
  }
}

function parseArgs(text: string | undefined): Set<string> {
  const args = new Set(
    (text ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  );
  for (const arg of args) {
    if (!(LIST_ARGS as readonly string[]).includes(arg)) throw new HttpError('bad_request', `Unknown args value: ${arg.slice(0, 50)}`);
  }
  return args;
}

/** The type's default filter (written by an administrator, so it may name protected fields). */
function defaultFilterOf(type: DocumentSchema): FilterNode | null {
  const text = type.filter?.defaultFilter;
  if (!text?.trim()) return null;
  return checkFilter(parseFilter(text), fieldCatalogOf(type, { canSeeProtected: true }));
}

function legacyFilter(query: ListQueryString): FilterNode[] {
  const parts: FilterNode[] = [];
  if (query.personal) parts.push(eq('created_by', currentUser));
  if (query.parentValue !== undefined) parts.push(eq('parent_id', query.parentValue));
  if (query.value?.trim()) {
    const ids = query.value.split(',').map((v) => Number(v.trim()));
    if (ids.some((id) => !Number.isSafeInteger(id) || id < 1))
      throw new HttpError('bad_request', 'Invalid value: a comma-separated list of document ids');
    parts.push(inList('id', ids));
  }
  return parts;
}

export function listOptionsFrom(query: ListQueryString, principal: Principal, type: DocumentSchema): ListOptions {
  const catalog = catalogFor(principal, type);
  const args = parseArgs(query.args);
  if (query.filter?.trim() && query.qry?.trim()) throw new HttpError('bad_request', 'Use filter or qry, not both');
  let filter = requestFilter(query.filter ?? query.qry, catalog);
  if (filter === null && args.has('default')) filter = defaultFilterOf(type);
  const legacy = legacyFilter(query);
  if (legacy.length > 0) filter = andAll(filter ? [filter, ...legacy] : legacy);
  let order = withQueryError(() => parseOrderBy(query.order, catalog));
  if (order.length === 0) order = defaultOrderOf(type);
  const groupBy = withQueryError(() => parseGroupBy(query.group_by, catalog));
  const select = query.select?.trim()
    ? query.select
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;
  const keyset = keysetOf(query, order);
  return { filter, order, groupBy, start: query.start, count: query.count, select, withEstimate: args.has('estimate'), keyset };
}

/** `after` or `before` as a checked cursor of this order; a 400 naming the problem otherwise. */
function keysetOf(query: ListQueryString, order: OrderTerm[]): Keyset | null {
  if (query.after !== undefined && query.before !== undefined) throw new HttpError('bad_request', 'Use after or before, not both');
  const text = query.after ?? query.before;
  if (text === undefined) return null;
  const cursor = decodeCursor(text);
  if (!cursor) throw new HttpError('bad_request', INVALID_CURSOR);
  if (cursor.order !== orderSignature(order) || cursor.values.length !== order.length)
    throw new HttpError('bad_request', CURSOR_ORDER_MISMATCH);
  return { direction: query.after !== undefined ? 'after' : 'before', cursor };
}

/** The view's default order when it is valid for the type, else newest first. */
export function defaultOrderOf(type: DocumentSchema): OrderTerm[] {
  try {
    const order = parseOrderBy(type.view?.defaultOrder, fieldCatalogOf(type, { canSeeProtected: true }));
    return order.length > 0 ? order : DEFAULT_ORDER;
  } catch {
    return DEFAULT_ORDER;
  }
}
