/**
 * SQL for documents. Every read takes an AccessScope (through `TypeScope`): the organisation and
 * the caller's row filter are ANDed into every query here, so no caller can forget them
 * (docs/engineering.md#habit-4). Writes take the transaction of the write queue (group-commit.ts) and a scope
 * of their own action (`TypeScope<'update'>`, `AccessScope<'merge'>`, …) whose row filter is in
 * the UPDATE or DELETE itself: a row outside it is simply not written. Every write that changes
 * a document adds one to its `version`; an edit names the version it read (lost updates,
 * docs/product/documents-and-schemas.md). Only this file and workflow.repository.ts write the
 * documents table (lint rule in eslint.config.js).
 */
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { TOTAL_COUNT_WINDOW, type FilterNode, type OrderTerm } from '@docket/shared';
import type { Database, DialectName } from '../db/database.ts';
import type { DocumentsTable, Tables } from '../db/tables.ts';
import type { AccessScope } from '../access/access-scope.ts';
import { readJson, writeJson } from '../db/json.ts';
import { withPersonReplaced } from './person-replacement.ts';
import { documentColumns, type RowWithAuthor } from './document-shape.ts';
import { multiTypeCondition, typeConditions, type TypeScope } from './document-query.ts';
import { fieldSql } from './field-sql.ts';
import { cachedCount } from './count-cache.ts';
import { cursorValueOf, encodeCursor, isNullableColumn, keysetConditions, orderSignature, readingTerms, type Keyset } from './keyset.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

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

function selectWithAuthor(executor: Executor) {
  return executor
    .selectFrom('documents as d')
    .leftJoin('identities as author', 'author.uuid', 'd.created_by')
    .select(documentColumns.map((c) => `d.${c}` as const))
    .select('author.display_name as created_by_name');
}

export async function listDocuments(database: Database, request: ListRequest): Promise<ListResult> {
  const where = typeConditions(database, request, request.userId, request.filter);
  const order = request.order.map((term) => {
    const field = fieldSql(database.dialect, request.catalog, term.field, 'd');
    return { expr: field.expr, direction: term.direction, isNullable: isNullableColumn(field.info.column) };
  });
  const { keys, ...result } = await listWhere(database, where, order, request);
  if (!keys) return result;
  const signature = orderSignature(request.order);
  const cursorOf = (key: PageKey) => encodeCursor({ order: signature, values: key.values, id: key.id });
  return { ...result, cursors: { previous: cursorOf(keys.first), next: cursorOf(keys.last) } };
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
  page: { start: number; count: number; keyset?: Keyset | null; withKeys?: boolean },
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
  return sql<RowWithAuthor>`SELECT ${PAGE_COLUMNS}${keys}
    FROM (SELECT d.id FROM documents AS d WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${orderTerms(reading)} LIMIT ${page.count} OFFSET ${offset}) AS page
    JOIN documents AS d ON d.id = page.id
    LEFT JOIN identities AS author ON author.uuid = d.created_by
    ORDER BY ${terms}`;
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
  // Copied column by column, not spread and `delete`d: deleting a property turns every row into a
  // slow dictionary object, which cost 7 % of a cold list request (issue 18, bench/README.md).
  const plain = rows.map((row) => {
    const copy: Record<string, unknown> = {};
    for (const column of PAGE_ROW_COLUMNS) copy[column] = row[column];
    return copy as unknown as RowWithAuthor;
  });
  return keys ? { rows: plain, keys } : { rows: plain };
}

/**
 * A page of documents under `where` (already holding the organisation and access conditions).
 * The total comes from the short-lived count cache (count-cache.ts) when the same count was just made.
 */
export async function listWhere(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: { start: number; count: number; withTotal?: boolean; withEstimate?: boolean; keyset?: Keyset | null; withCursors?: boolean },
): Promise<ListResult & { keys?: { first: PageKey; last: PageKey } }> {
  const withKeys = page.withCursors === true;
  const query = pageQuery(where, order, { ...page, withKeys }, database.dialect);
  const paged = query
    .execute(database.db)
    .then((result) => (withKeys ? withoutKeys(result.rows as unknown as Record<string, unknown>[], order.length) : { rows: result.rows }));
  if (page.withTotal === false) return { ...(await paged), total: 0, totalIsEstimate: false };
  const count = () => countFor(database, where, order, page);
  // PostgreSQL runs the page and the total side by side on two connections.
  const [found, counted] = await Promise.all([paged, database.dialect === 'postgres' ? count() : null]);
  // A short first page is its own total: no count query at all.
  if (counted === null && page.start === 0 && !page.keyset && found.rows.length < page.count)
    return { ...found, total: found.rows.length, totalIsEstimate: false };
  return { ...found, ...(counted ?? (await count())) };
}

/**
 * The total of a page. After a cursor the rows before it are known — `start` of them, the page's
 * position the client names — so only the rows from the cursor on are counted (up to the usual
 * window): a deep page's total costs what page 1's does. Otherwise the rows up to `start` + window.
 */
function countFor(
  database: Database,
  where: Expression<SqlBool>[],
  order: OrderExpression[],
  page: { start: number; withEstimate?: boolean; keyset?: Keyset | null },
): Promise<{ total: number; totalIsEstimate: boolean; totalEstimate?: number }> {
  const withEstimate = page.withEstimate === true;
  if (page.keyset?.direction !== 'after') return countCapped(database, where, page.start, withEstimate);
  const beyond = [...where, ...keysetWhere(database.dialect, order, page.keyset)];
  return countCapped(database, beyond, 0, withEstimate).then((counted) => ({
    ...counted,
    total: page.start + counted.total,
    ...(counted.totalEstimate === undefined ? {} : { totalEstimate: page.start + counted.totalEstimate }),
  }));
}

/** Counts matches up to `limit`: one index range scan when an index holds every column the WHERE reads. */
export function countQuery(where: Expression<SqlBool>[], limit: number) {
  return sql<{
    total: number;
  }>`SELECT count(*) AS total FROM (SELECT 1 FROM documents AS d WHERE ${sql.join(where, sql` AND `)} LIMIT ${limit}) AS capped`;
}

/**
 * Counts matches up to `start + TOTAL_COUNT_WINDOW` (+1 to know there are more): a list page
 * never pays for counting a million rows. Above the window the total is that lower bound and
 * `totalIsEstimate` is true.
 */
export async function countCapped(
  database: Database,
  where: Expression<SqlBool>[],
  start: number,
  withEstimate = false,
): Promise<{ total: number; totalIsEstimate: boolean; totalEstimate?: number }> {
  const cap = start + TOTAL_COUNT_WINDOW;
  const compiled = countQuery(where, cap + 1).compile(database.db);
  const run = async () => {
    const total = Number((await database.db.executeQuery(compiled)).rows[0]?.total ?? 0);
    if (total <= cap) return { total, totalIsEstimate: false };
    const estimate = withEstimate ? await plannedRows(database, where) : null;
    return estimate === null
      ? { total: cap, totalIsEstimate: true }
      : { total: cap, totalIsEstimate: true, totalEstimate: Math.max(estimate, cap + 1) };
  };
  return cachedCount(database, `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}\u0000${withEstimate}`, run);
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

export async function findDocument(
  database: Database,
  executor: Executor,
  part: TypeScope,
  id: number,
  userId: string,
): Promise<RowWithAuthor | undefined> {
  const where = typeConditions(database, part, userId, null);
  return (await selectWithAuthor(executor)
    .where('d.id', '=', id)
    .where((eb) => eb.and(where))
    .executeTakeFirst()) as RowWithAuthor | undefined;
}

/** A document of any type in the organisation, before any access check (the caller checks). */
export async function findAnyDocument(executor: Executor, orgId: number, id: number): Promise<RowWithAuthor | undefined> {
  return (await selectWithAuthor(executor).where('d.org_id', '=', orgId).where('d.id', '=', id).executeTakeFirst()) as
    RowWithAuthor | undefined;
}

/** Children of a document among the types the caller may read, oldest first. */
export async function listChildRows(
  database: Database,
  orgId: number,
  parentId: number,
  parts: readonly TypeScope[],
  userId: string,
  limit: number,
): Promise<RowWithAuthor[]> {
  return (await selectWithAuthor(database.db)
    .where('d.parent_id', '=', parentId)
    .where(multiTypeCondition(database, orgId, parts, userId))
    .orderBy('d.created_date')
    .orderBy('d.id')
    .limit(limit)
    .execute()) as RowWithAuthor[];
}

/** A row to insert: its counters start at their column defaults. */
export type NewDocumentRow = Omit<DocumentsTable, 'id' | 'version' | 'workflow_version'>;

/** Conditions of the rows `part` allows, for a write of its action (the scope's own principal). */
function writeConditions(database: Database, part: TypeScope): Expression<SqlBool>[] {
  return typeConditions(database, part, part.scope.principal?.uuid ?? '', null);
}

export async function insertDocument(trx: Transaction<Tables>, scope: AccessScope<'create'>, row: NewDocumentRow): Promise<number> {
  const inserted = await trx
    .insertInto('documents')
    .values({ ...row, org_id: scope.orgId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/**
 * Many rows in one statement per 500 (data loads and benchmarks; the API creates one at a time).
 * The caller assigns display ids and keeps the sequence row in step.
 */
export async function insertDocumentRows(
  trx: Transaction<Tables>,
  scope: AccessScope<'create'>,
  rows: readonly NewDocumentRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('documents')
      .values(rows.slice(i, i + 500).map((row) => ({ ...row, org_id: scope.orgId })))
      .execute();
  }
}

/** The columns an edit may change; version and the workflow's columns are never among them. */
export type DocumentChanges = Partial<Omit<NewDocumentRow, 'org_id' | 'doc_type'>>;

/**
 * Applies an edit if the row still holds `expectedVersion` and lies inside the update scope, in
 * one statement (atomic on both databases: PostgreSQL re-checks the WHERE on the locked row).
 * Answers false when nothing was written (stale version, or the row is outside the scope).
 */
export async function updateDocumentRow(
  database: Database,
  trx: Transaction<Tables>,
  part: TypeScope<'update'>,
  id: number,
  expectedVersion: number,
  changes: DocumentChanges,
): Promise<boolean> {
  const result = await trx
    .updateTable('documents as d')
    .set((eb) => ({ ...changes, version: eb('d.version', '+', 1) }))
    .where('d.id', '=', id)
    .where('d.version', '=', expectedVersion)
    .where((eb) => eb.and(writeConditions(database, part)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Merges `patch` into the top level of a document's `data` in one statement (the server's own
 * computed fields: a report refresh's figures, a refresh's progress), so fields a person changed
 * meanwhile are kept; the row must be inside the update scope. Such fields are never taken from
 * an edit's body (the type's `writableBody` hook keeps the stored ones), so by default the write
 * leaves the version alone and an edit opened before it still saves. With `expectedVersion` the
 * write happens only while the row holds that version, and moves it on (a guard of its own).
 * Answers whether a row was written.
 */
export async function patchDocumentData(
  database: Database,
  trx: Transaction<Tables>,
  part: TypeScope<'update'>,
  id: number,
  patch: Record<string, unknown>,
  expectedVersion?: number,
): Promise<boolean> {
  const text = JSON.stringify(patch);
  const merged = database.dialect === 'postgres' ? sql`d.data || cast(${text} as jsonb)` : sql`json_patch(d.data, ${text})`;
  const bump = expectedVersion !== undefined;
  let query = trx
    .updateTable('documents as d')
    .set((eb) => (bump ? { data: merged, version: eb('d.version', '+', 1) } : { data: merged }))
    .where('d.id', '=', id)
    .where((eb) => eb.and(writeConditions(database, part)));
  if (expectedVersion !== undefined) query = query.where('d.version', '=', expectedVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * `patchDocumentData` for many rows in ONE statement (a report refresh's figures): each row's
 * patch merged into its `data`, rows outside the update scope left alone. Answers how many rows
 * were written.
 */
export async function patchDocumentsData(
  database: Database,
  trx: Transaction<Tables>,
  part: TypeScope<'update'>,
  patches: ReadonlyArray<readonly [number, Record<string, unknown>]>,
): Promise<number> {
  if (patches.length === 0) return 0;
  const pg = database.dialect === 'postgres';
  const values = sql.join(
    patches.map(([id, patch]) => (pg ? sql`(cast(${id} as bigint), ${JSON.stringify(patch)})` : sql`(${id}, ${JSON.stringify(patch)})`)),
  );
  // Each row finds its patch by id among the few in `v`; the rows themselves are found by id
  // (a join FROM v may start from the documents' type index instead).
  const patchOf = sql`(SELECT v.patch FROM v WHERE v.id = d.id)`;
  const merged = pg ? sql`d.data || cast(${patchOf} as jsonb)` : sql`json_patch(d.data, ${patchOf})`;
  const where = sql.join(writeConditions(database, part), sql` AND `);
  const ids = sql.join(patches.map(([id]) => id));
  const result = await sql`WITH v(id, patch) AS (VALUES ${values})
    UPDATE documents AS d SET data = ${merged} WHERE d.id IN (${ids}) AND ${where}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Writes the links to the child documents a write raised into the document's data, inside that
 * write's transaction (docs/product/workflow-and-timeline.md#tracked-actions): part of the same
 * edit, so the version the edit gave the row stays. An edited row must still be inside the
 * update scope; a new row (`created`) is the one this transaction just inserted, at version 1.
 */
export async function linkRaisedChildren(
  database: Database,
  trx: Transaction<Tables>,
  part: { edited: TypeScope<'update'> } | { created: AccessScope<'create'> },
  id: number,
  data: string,
): Promise<boolean> {
  let query = trx.updateTable('documents as d').set({ data }).where('d.id', '=', id);
  if ('edited' in part) query = query.where((eb) => eb.and(writeConditions(database, part.edited)));
  else query = query.where('d.org_id', '=', part.created.orgId).where('d.version', '=', 1);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces a document's attachment list (uploads); the row must be inside the update scope. */
export async function setDocumentAttachments(
  database: Database,
  trx: Transaction<Tables>,
  part: TypeScope<'update'>,
  id: number,
  attachments: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('documents as d')
    .set({ attachments })
    .where('d.id', '=', id)
    .where((eb) => eb.and(writeConditions(database, part)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Identity merge: documents created or last changed by `source` name `target` instead, in the
 * merging administrator's organisation; each changed document gets a new version. Answers how
 * many documents changed creator.
 */
export async function reassignDocumentPeople(
  trx: Transaction<Tables>,
  scope: AccessScope<'merge'>,
  source: string,
  target: string,
): Promise<number> {
  const created = await trx
    .updateTable('documents')
    .set((eb) => ({ created_by: target, version: eb('version', '+', 1) }))
    .where('org_id', '=', scope.orgId)
    .where('created_by', '=', source)
    .executeTakeFirst();
  await trx
    .updateTable('documents')
    .set((eb) => ({ updated_by: target, version: eb('version', '+', 1) }))
    .where('org_id', '=', scope.orgId)
    .where('updated_by', '=', source)
    .execute();
  await reassignPeopleInData(trx, scope, source, target);
  return Number(created.numUpdatedRows);
}

/**
 * Identity merge inside document data (docs/product/identities-and-sign-in.md#merge): the people
 * a document names — reporter, actionees, visitors, approvers, the users of a stored type's
 * workflow steps, the submitters its workflow state remembers — name `target` instead of
 * `source`. The rows are found by their JSON text (a uuid is unique text), rewritten in memory
 * and stored with a new version.
 */
async function reassignPeopleInData(
  trx: Transaction<Tables>,
  scope: AccessScope<'merge'>,
  source: string,
  target: string,
): Promise<number> {
  const pattern = `%${source}%`;
  const rows = await trx
    .selectFrom('documents')
    .select(['id', 'data', 'workflow'])
    .where('org_id', '=', scope.orgId)
    .where((eb) => eb.or([eb(sql`cast(data as text)`, 'like', pattern), eb(sql`cast(workflow as text)`, 'like', pattern)]))
    .execute();
  for (const row of rows) {
    const data = withPersonReplaced(readJson<unknown>(row.data, {}), source, target);
    const workflow = row.workflow === null ? null : withPersonReplaced(readJson<unknown>(row.workflow, null), source, target);
    await trx
      .updateTable('documents')
      .set((eb) => ({ data: writeJson(data), workflow: workflow === null ? null : writeJson(workflow), version: eb('version', '+', 1) }))
      .where('org_id', '=', scope.orgId)
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}
/** The ancestors of a document, nearest first (to refuse a parent link that would make a loop). */
export async function ancestorIds(executor: Executor, orgId: number, id: number, maxDepth = 50): Promise<number[]> {
  const ancestors: number[] = [];
  let current: number | null = id;
  while (current !== null && ancestors.length < maxDepth) {
    const row: { parent_id: number | null } | undefined = await executor
      .selectFrom('documents')
      .select('parent_id')
      .where('org_id', '=', orgId)
      .where('id', '=', current)
      .executeTakeFirst();
    current = row?.parent_id ?? null;
    if (current !== null) ancestors.push(current);
  }
  return ancestors;
}

/**
 * Deletes a document with its descendants (child actions and their children) and their events,
 * inside the caller's transaction. The root is deleted first, by a DELETE holding the delete
 * scope's row filter: a root outside it is not removed, and then nothing else is. Ids read back
 * from the database are still bound as parameters, never joined into SQL text. Answers the
 * removed rows' ids and types (empty when nothing was removed).
 */
export async function deleteDocumentTree(
  database: Database,
  trx: Transaction<Tables>,
  part: TypeScope<'delete'>,
  id: number,
): Promise<{ id: number; doc_type: string }[]> {
  const scope = part.scope;
  const root = await trx
    .deleteFrom('documents as d')
    .where('d.id', '=', id)
    .where((eb) => eb.and(writeConditions(database, part)))
    .returning(['id', 'doc_type'])
    .executeTakeFirst();
  if (!root) return [];
  const removed = [{ id: Number(root.id), doc_type: root.doc_type }];
  const seen = new Set([id]);
  let frontier = [id];
  while (frontier.length > 0) {
    const children = await trx
      .selectFrom('documents')
      .select(['id', 'doc_type'])
      .where('org_id', '=', scope.orgId)
      .where('parent_id', 'in', frontier)
      .execute();
    frontier = [];
    for (const child of children) {
      const childId = Number(child.id);
      if (seen.has(childId)) continue;
      seen.add(childId);
      frontier.push(childId);
      removed.push({ id: childId, doc_type: child.doc_type });
    }
  }
  const ids = [...seen];
  await trx.deleteFrom('events').where('org_id', '=', scope.orgId).where('doc_id', 'in', ids).execute();
  const descendants = ids.filter((doc) => doc !== id);
  if (descendants.length > 0) await trx.deleteFrom('documents').where('org_id', '=', scope.orgId).where('id', 'in', descendants).execute();
  return removed;
}
