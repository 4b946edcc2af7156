/**
 * SQL for documents. Every function takes an AccessScope: the organisation and the caller's row
 * filter are ANDed into every query here, so no caller can forget them (GUIDE habit 4).
 */
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { FieldCatalog, FilterNode } from '@docket/shared';
import type { Database } from '../db/database.ts';
import type { DocumentsTable, Tables } from '../db/tables.ts';
import type { AccessScope } from '../access/access-scope.ts';
import type { RowWithAuthor } from './document-shape.ts';
import { compileFilter } from './filter-sql.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export interface OrderTerm {
  column: SortableColumn;
  direction: 'asc' | 'desc';
}

/** Columns a list may be ordered by (JSON fields join this list through expression indexes later). */
export const sortableColumns = ['created_date', 'updated_date', 'display_id', 'summary', 'status', 'id', 'site_id', 'region_id', 'due_date'] as const;
export type SortableColumn = (typeof sortableColumns)[number];

export interface ListRequest {
  docType: string;
  filter: FilterNode | null;
  catalog: FieldCatalog;
  order: OrderTerm[];
  start: number;
  count: number;
  userId: string;
}

export interface ListResult {
  rows: RowWithAuthor[];
  total: number;
}

function scopeWhere(database: Database, scope: AccessScope, docType: string, catalog: FieldCatalog, userId: string, extra: FilterNode | null) {
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`d.org_id = ${scope.orgId}`, sql<SqlBool>`d.doc_type = ${docType}`];
  const ctx = { userId, now: new Date() };
  for (const node of [scope.rowFilter, extra]) {
    if (node) conditions.push(compileFilter(node, { dialect: database.dialect, catalog, ctx, tableAlias: 'd' }));
  }
  return conditions;
}

function selectWithAuthor(executor: Executor) {
  return executor
    .selectFrom('documents as d')
    .leftJoin('identities as author', 'author.uuid', 'd.created_by')
    .selectAll('d')
    .select('author.display_name as created_by_name');
}

export async function listDocuments(database: Database, scope: AccessScope, request: ListRequest): Promise<ListResult> {
  const where = scopeWhere(database, scope, request.docType, request.catalog, request.userId, request.filter);
  let query = selectWithAuthor(database.db).where((eb) => eb.and(where));
  for (const term of request.order) query = query.orderBy(`d.${term.column}`, term.direction);
  query = query.orderBy('d.id', request.order[0]?.direction ?? 'desc');
  const rows = (await query.limit(request.count).offset(request.start).execute()) as RowWithAuthor[];
  const totalRow = await database.db
    .selectFrom('documents as d')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => eb.and(where))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(totalRow.total) };
}

export async function findDocument(database: Database, executor: Executor, scope: AccessScope, docType: string, id: number, catalog: FieldCatalog, userId: string): Promise<RowWithAuthor | undefined> {
  const where = scopeWhere(database, scope, docType, catalog, userId, null);
  return (await selectWithAuthor(executor)
    .where('d.id', '=', id)
    .where((eb) => eb.and(where))
    .executeTakeFirst()) as RowWithAuthor | undefined;
}

export type NewDocumentRow = Omit<DocumentsTable, 'id'>;

export async function insertDocument(trx: Transaction<Tables>, scope: AccessScope, row: NewDocumentRow): Promise<number> {
  const inserted = await trx
    .insertInto('documents')
    .values({ ...row, org_id: scope.orgId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateDocumentRow(trx: Transaction<Tables>, scope: AccessScope, id: number, changes: Partial<NewDocumentRow>): Promise<void> {
  await trx.updateTable('documents').set(changes).where('org_id', '=', scope.orgId).where('id', '=', id).execute();
}

/**
 * Deletes a document with its descendants (child actions and their children) and their events,
 * inside the caller's transaction. Ids come from the database and are still bound as parameters
 * (SECURITY-LESSONS #13).
 */
export async function deleteDocumentTree(trx: Transaction<Tables>, scope: AccessScope, id: number): Promise<number[]> {
  const ids: number[] = [id];
  let frontier = [id];
  while (frontier.length > 0) {
    const children = await trx
      .selectFrom('documents')
      .select('id')
      .where('org_id', '=', scope.orgId)
      .where('parent_id', 'in', frontier)
      .execute();
    frontier = children.map((c) => Number(c.id)).filter((childId) => !ids.includes(childId));
    ids.push(...frontier);
  }
  await trx.deleteFrom('events').where('org_id', '=', scope.orgId).where('doc_id', 'in', ids).execute();
  await trx.deleteFrom('documents').where('org_id', '=', scope.orgId).where('id', 'in', ids).execute();
  return ids;
}
