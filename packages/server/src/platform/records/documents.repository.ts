/**
 * SQL for documents. Every read takes an AccessScope (through `TypeScope`): the organisation and
 * the caller's row filter are ANDed into every query here, so no caller can forget them
 * (docs/engineering.md#habit-4). Writes take the transaction of the write queue (group-commit.ts) and a scope
 * of their own action (`TypeScope<'update'>`, `AccessScope<'merge'>`, …) whose row filter is in
 * the UPDATE or DELETE itself: a row outside it is simply not written. Every write that changes
 * a document adds one to its `version`; an edit names the version it read (lost updates,
 * docs/product/documents-and-schemas.md). Only this file and workflow.repository.ts write the
 * documents table (lint rule in eslint.config.js), with documents-maintenance.repository.ts for the
 * organisation-wide rewrites (identity merge, stored order values).
 */
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DocumentsTable, Tables } from '../db/tables.ts';
import type { AccessScope } from '../access/access-scope.ts';
import { writeJson } from '../db/json.ts';
import { documentColumns, type RowWithAuthor } from './document-shape.ts';
import { multiTypeCondition, typeConditions, type TypeScope } from './document-query.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

function selectWithAuthor(executor: Executor) {
  return executor
    .selectFrom('documents as d')
    .leftJoin('identities as author', 'author.uuid', 'd.created_by')
    .select(documentColumns.map((c) => `d.${c}` as const))
    .select('author.display_name as created_by_name');
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

/** The `action` documents whose parent is `parentId`: which actions a document raised (a structural read, not a list). */
export async function childActionIds(database: Database, orgId: number, parentId: number): Promise<number[]> {
  const rows = await database.db
    .selectFrom('documents')
    .select('id')
    .where('org_id', '=', orgId)
    .where('doc_type', '=', 'action')
    .where('parent_id', '=', parentId)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** A row to insert: its counters start at their column defaults. */
export type NewDocumentRow = Omit<DocumentsTable, 'id' | 'version' | 'workflow_version'>;

/**
 * A new row of `docType` written by `author` at `stamp` (an ISO instant), every other column empty:
 * no display id, status, texts, parent, place or workflow, no files, empty data. Writers spread it
 * and set what they know (`{ ...blankDocumentRow(…), summary, site_id, data }`).
 */
export function blankDocumentRow(orgId: number, docType: string, author: string, stamp: string): NewDocumentRow {
  return {
    org_id: orgId,
    doc_type: docType,
    display_id: '',
    status: '',
    summary: '',
    descrip: '',
    parent_id: null,
    site_id: null,
    region_id: null,
    zone_id: null,
    module_id: null,
    ref: null,
    created_by: author,
    created_date: stamp,
    updated_by: author,
    updated_date: stamp,
    closed: 0,
    closed_date: null,
    due_date: null,
    status_date: null,
    workflow: null,
    attachments: writeJson([]),
    data: writeJson({}),
  };
}

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
