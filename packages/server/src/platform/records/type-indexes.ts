/**
 * Expression indexes for the fields a type marks `indexed` (issue 4 item 10), on both databases:
 *   CREATE INDEX IF NOT EXISTS dx_<type>_<field>_<hash> ON documents (org_id, doc_type, <field expr>, id
 *     [, site_id, region_id, <default filter's fields>]) WHERE doc_type = '<type>'
 * (the list-shape indexes' trailing fields at the end on SQLite: `fieldIndexCoveredFieldsOf`).
 * The field expression is field-sql.ts's, the very text list queries use, so the planner matches
 * it; the partial predicate keeps other types' rows out of the index (not every cost: on PostgreSQL
 * an insert still opens and tests every index of the table, and the other types' ~160 partial
 * indexes make an incident insert 0.55–0.69 ms instead of 0.39–0.43; bench/pg-insert-index-cost.ts),
 * and list queries write the type as a literal so the predicate is provable. `doc_type` is in the
 * key as well although the predicate fixes it: SQLite's planner then counts three equality columns
 * and prefers this index to the two-column (org_id, doc_type) ones once ANALYZE has run. Names are
 * deterministic (a hash of type, field and expression), and nothing but validated identifiers
 * reaches the DDL. Built and dropped by type-index-builds.ts: dropped, like the shape indexes,
 * once no definition of the type asks for them (an index nothing names costs every write: SQLite
 * opens each index of the documents table for every insert, whatever its type). On SQLite a list
 * sorted by the field alone names it (shape-index-hints.ts).
 * Array fields and long text get no index: their filters (CONTAINS) cannot use a B-tree.
 *
 * List-shape indexes (issue 18, docs/product/forms-and-lists.md#list-indexes): composite
 * `sx_<type>_<hash>` indexes derived from what the type's lists ask (list-shapes.ts), so a page and
 * its capped count are each one index range scan; they follow the schema (dropped when no
 * definition of the type asks for them any more). Administrators add `ux_…` indexes for learned
 * shapes (modules/list-indexes), which a schema save leaves alone. On SQLite the group mode's
 * cross-tab has its own `gx_<type>_<hash>` index (`groupIndexDefinition`).
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { fieldCatalogOf, isArrayType, lookupField, type DocumentSchema, type FieldCatalog } from '@docket/shared';
import type { DialectName } from '../db/database.ts';
import { docTypeLiteral } from './document-query.ts';
import { fieldSql } from './field-sql.ts';
import { ORDER_VALUE_COLUMN, storedOrderFieldOf, withStoredOrder } from './order-keys.ts';
import { isLocatedType } from '../access/grant-rules.ts';
import { fieldStatistics, type FieldStatistics } from './field-statistics.ts';
import {
  ACCESS_EQUALITY_FIELDS,
  DEFAULT_ORDER_FIELD,
  defaultFilterFieldsOf,
  derivedShapesOf,
  isIndexableField,
  shapeKey,
  type ListShape,
} from './list-shapes.ts';

/** `sx`: derived from the type's definition; `ux`: added by an administrator for a learned shape. */
export type ShapeIndexPrefix = 'sx' | 'ux';

/** Part of every index name: a change of the key's shape gives new names (and new indexes). */
const INDEX_SHAPE = 'k2';

/**
 * The key's leading columns. SQLite: `(org_id, doc_type, …)`, since its planner then counts the
 * type as one more equality column. PostgreSQL: `(org_id, …)` — it drops `doc_type = '…'` from
 * the index conditions because the partial predicate implies it, and a B-tree cannot position
 * on the columns after a missing one, so `(org_id, doc_type, area, …)` made it walk the whole
 * organisation's entries to find one area (250 ms on 1,000,000 documents; bench/README.md).
 */
function typePrefix(dialect: DialectName): RawBuilder<unknown>[] {
  return dialect === 'postgres' ? [sql.raw('org_id')] : [sql.raw('org_id'), sql.raw('doc_type')];
}

function indexShape(dialect: DialectName): string {
  return dialect === 'postgres' ? 'k3' : INDEX_SHAPE;
}

export interface IndexKey {
  columns: readonly RawBuilder<unknown>[];
  where: RawBuilder<unknown>;
}

export interface IndexDefinition {
  name: string;
  field: string;
  /** The DDL; `concurrently` only on PostgreSQL, outside a transaction. */
  ddl: (concurrently: boolean) => RawBuilder<unknown>;
  /** The DDL's parts, for a build in chunks on SQLite (`buildIndex`): every key column, and the partial predicate. */
  key?: IndexKey;
  /**
   * The name the same key had before its trailing columns changed: a database of before keeps that
   * index until this one is built (a large type's by a durable job), and a list
   * naming this one reads through that one meanwhile (document-pages.ts, `usableIndex`).
   */
  former?: string;
  /** The fields the index holds, in its key and after it (`id`, the organisation and the type aside). */
  holds: readonly string[];
  /** PostgreSQL: the statistics on the field's expression that come with a single-field index (field-statistics.ts). */
  statistics?: FieldStatistics;
}

function slug(text: string, max: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, max);
}

/** The first `length` hex digits of the text's SHA-256: the deterministic part of an index name. */
function hashOf(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** Each field with its type (`area:string`), `id` alone: what an index's name is a hash of. */
function fieldsSignature(catalog: FieldCatalog, fields: readonly string[]): string {
  return fields.map((field) => (field === 'id' ? 'id' : `${field}:${lookupField(catalog, field)!.type}`)).join(',');
}

/** The key columns of `fields`: each read through field-sql.ts (the text lists use), `id` as the column. */
function fieldColumns(dialect: DialectName, catalog: FieldCatalog, fields: readonly string[]): RawBuilder<unknown>[] {
  return fields.map((field) => (field === 'id' ? sql.ref('id') : fieldSql(dialect, catalog, field).expr) as RawBuilder<unknown>);
}

/** `CREATE INDEX … ON documents (<type prefix>, <columns>) WHERE doc_type = '<type>'` (`concurrently` only on PostgreSQL). */
function indexDdl(
  dialect: DialectName,
  type: DocumentSchema,
  name: string,
  fields: readonly RawBuilder<unknown>[],
): Pick<IndexDefinition, 'ddl' | 'key'> {
  const key: IndexKey = { columns: [...typePrefix(dialect), ...fields], where: sql`doc_type = ${docTypeLiteral(type.type)}` };
  return {
    ddl: (concurrently) =>
      sql`CREATE INDEX ${sql.raw(concurrently ? 'CONCURRENTLY ' : '')}IF NOT EXISTS ${sql.id(name)} ON documents (${sql.join(key.columns)}) WHERE ${key.where}`,
    key,
  };
}

/** The single-field index definitions a type asks for with `indexed` (skipping fields that cannot have one). */
function fieldIndexDefinitionsOf(type: DocumentSchema, dialect: DialectName, catalog: FieldCatalog): IndexDefinition[] {
  const definitions: IndexDefinition[] = [];
  for (const field of new Set(type.indexed ?? [])) {
    const info = lookupField(catalog, field);
    if (!info || isArrayType(info.type) || info.type === 'text') continue;
    const signature = `${indexShape(dialect)}\u0000${type.type}\u0000${field}\u0000${info.type}\u0000${info.column ?? 'data'}`;
    const nameOf = (text: string) => `dx_${slug(type.type, 20)}_${slug(field, 24)}_${hashOf(text, 10)}`;
    const covered = fieldIndexCoveredFieldsOf(type, dialect, catalog).filter((name) => name !== field);
    const name = covered.length > 0 ? nameOf(`${signature}\u0000${fieldsSignature(catalog, covered)}`) : nameOf(signature);
    const built = indexDdl(dialect, type, name, fieldColumns(dialect, catalog, [field, 'id', ...covered]));
    // A promoted column has column statistics; a data field's expression needs its own.
    const statistics =
      dialect === 'postgres' && !info.column ? { statistics: fieldStatistics(name, fieldColumns(dialect, catalog, [field])[0]!) } : {};
    definitions.push({
      name,
      field,
      ...built,
      holds: [field, ...covered],
      ...(covered.length > 0 ? { former: nameOf(signature) } : {}),
      ...statistics,
    });
  }
  return definitions;
}

/**
 * SQLite: the fields every list-shape index carries at its end (`coveredFieldsOf`: a located type's
 * access fields, `site_id` and `region_id`, and the default filter's fields) at the end of each
 * single-field index too. A member of a few sites sorting by the field walks that index in order
 * (document-pages.ts, `orderWalk`) and checks each entry's site and the default filter on the
 * entry, reading no row it passes. On 1,000,000 incidents, a member of 2 of 20 sites sorted by
 * category under the default filter (as the web asks): page 100 in 0.8 ms instead of 9.3, page
 * 1,000 in 13 ms instead of 99 (past the walk's 50 ms, so read as sorted branches: 170–590 ms
 * through the API); the index 60 MB instead of 32, a whole type's group by the field 95 ms instead of
 * 62 (bench/README.md, thirty-sixth session). PostgreSQL reads no expression index without its rows
 * (no index-only scan) and does not walk: its indexes stay as they are.
 */
function fieldIndexCoveredFieldsOf(type: DocumentSchema, dialect: DialectName, catalog: FieldCatalog): string[] {
  return dialect === 'sqlite' ? coveredFieldsOf(type, catalog) : [];
}

/**
 * The index of one list shape: `(org_id, doc_type, <equality fields>, <order field>, id,
 * <covered fields>)` WHERE doc_type = '<type>'. Equality columns first and the order next let one
 * range scan answer the page in order; the trailing columns (the access fields and the default
 * filter's fields) make the capped count and the restricted user's check index-only. Answers
 * null when a field cannot be indexed (unknown, array, long text).
 */
export function shapeIndexDefinition(
  type: DocumentSchema,
  dialect: DialectName,
  shape: ListShape,
  catalog: FieldCatalog,
  prefix: ShapeIndexPrefix = 'sx',
): IndexDefinition | null {
  const key = [...shape.equality, shape.order];
  if (!key.every((field) => isIndexableField(catalog, field))) return null;
  const covered = coveredFieldsOf(type, catalog).filter((field) => !key.includes(field));
  const fields = [...key, 'id', ...covered];
  // PostgreSQL: the type's default order read from its stored column (order-keys.ts), which a new name says.
  const stored = storedOrderFieldOf(type, dialect)?.field === shape.order ? shape.order : undefined;
  const signature = `${fieldsSignature(catalog, fields)}${stored ? `\u0000${stored}@${ORDER_VALUE_COLUMN}` : ''}`;
  const name = `${prefix}_${slug(type.type, 24)}_${hashOf(`${indexShape(dialect)}\u0000${type.type}\u0000${signature}`, 12)}`;
  return {
    name,
    field: shapeKey(shape),
    // A key naming `id` (a list sorted by it) holds it once; the name keeps its signature, so an index added before still serves.
    ...indexDdl(dialect, type, name, fieldColumns(dialect, withStoredOrder(catalog, stored), [...new Set(fields)])),
    holds: [...key, ...covered],
  };
}

/** Fields every index of the type carries at its end: the access fields and the default filter's. */
function coveredFieldsOf(type: DocumentSchema, catalog: FieldCatalog): string[] {
  const fields = new Set<string>();
  if (isLocatedType(type)) for (const field of ACCESS_EQUALITY_FIELDS) fields.add(field);
  for (const field of defaultFilterFieldsOf(type, catalog)) if (isIndexableField(catalog, field)) fields.add(field);
  return [...fields];
}

/**
 * SQLite: the group mode's index, `gx_<type>_<hash>` ON documents (org_id, doc_type, <the view's
 * group field>, status, <covered fields>) WHERE doc_type = '<type>'. The group mode asks
 * `group_by=<field>,status` (a cross-tab) under the default filter; SQLite's planner read the
 * creation date's index and then every row (2.3–3.5 s for 1,000,000 incidents by category and
 * status), where this index answers from its entries alone, in the groups' order (0.13 s, a
 * member of two sites 0.09 s; the field's own index with the status at its end needed a sort of
 * every entry, 1.7 s: bench/README.md, thirty-sixth session). PostgreSQL reads an expression
 * index's rows anyway (no index-only scan): none there.
 */
export function groupIndexDefinition(type: DocumentSchema, dialect: DialectName, catalog: FieldCatalog): IndexDefinition | null {
  const field = type.view?.groupBy;
  if (dialect !== 'sqlite' || !field || field === 'status' || !isIndexableField(catalog, field)) return null;
  const covered = coveredFieldsOf(type, catalog).filter((name) => name !== field && name !== 'status');
  const fields = [field, 'status', ...covered];
  const name = `gx_${slug(type.type, 24)}_${hashOf(`${indexShape(dialect)}\u0000group\u0000${type.type}\u0000${fieldsSignature(catalog, fields)}`, 12)}`;
  return { name, field: `${field},status`, ...indexDdl(dialect, type, name, fieldColumns(dialect, catalog, fields)), holds: fields };
}

/** Shapes the base indexes of migration 001/002 already answer (`(org, type, …, created_date, id)`), and those indexes. */
export const BASE_INDEXES: ReadonlyMap<string, string> = new Map([
  ['|created_date', 'documents_type_created'],
  ['site_id|created_date', 'documents_type_site_created'],
  ['region_id|created_date', 'documents_type_region_created'],
  ['site_id,status|created_date', 'documents_type_status_site_created'],
]);
export const BASE_INDEX_SHAPES: ReadonlySet<string> = new Set(BASE_INDEXES.keys());

/**
 * PostgreSQL: the creation-date shapes the base indexes serve — the order alone and, for a located
 * type, after each access field — as the type's own partial indexes as well, whatever the type's
 * default order (creation date is the order of every list whose type and request name none).
 * A base index holds `doc_type` in its key, so PostgreSQL 15 tests the organisation, the type (a
 * text comparison) and the site on every entry it passes, and reads each entry's later columns
 * past that variable-length one without cached offsets; the type's own index has only integer
 * columns to test before the date. Skipping 16,000 entries for page 1,000: 1.0–1.3 ms instead of
 * 1.8–2.2 (one client); through the API, the administrator's page 1,000 by number answered 1.37
 * times as many requests and page 1 1.25 times (bench/README.md, fifty-seventh session). SQLite
 * reads its base indexes as fast as a type's own: none there.
 */
function creationDateShapesOf(type: DocumentSchema, dialect: DialectName): ListShape[] {
  if (dialect !== 'postgres') return [];
  const equalities = [[], ...(isLocatedType(type) ? ACCESS_EQUALITY_FIELDS.map((field) => [field]) : [])];
  return equalities.map((equality) => ({ equality, order: DEFAULT_ORDER_FIELD }));
}

/** The index definitions a type asks for: its `indexed` fields and its derived list shapes. */
export function indexDefinitionsOf(type: DocumentSchema, dialect: DialectName): IndexDefinition[] {
  const catalog = fieldCatalogOf(type, { canSeeProtected: true });
  const definitions = fieldIndexDefinitionsOf(type, dialect, catalog);
  for (const shape of [...derivedShapesOf(type), ...creationDateShapesOf(type, dialect)]) {
    // On SQLite a base index answers these shapes (`BASE_INDEXES`); PostgreSQL gets the type's own (creationDateShapesOf).
    if (dialect === 'sqlite' && BASE_INDEX_SHAPES.has(shapeKey(shape))) continue;
    const definition = shapeIndexDefinition(type, dialect, shape, catalog);
    if (definition && !definitions.some((d) => d.name === definition.name)) definitions.push(definition);
  }
  const group = groupIndexDefinition(type, dialect, catalog);
  if (group) definitions.push(group);
  return definitions;
}
