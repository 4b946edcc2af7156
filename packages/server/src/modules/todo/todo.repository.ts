/**
 * Open documents of workflow types the caller may read (the todo's candidates): recently changed,
 * waiting at an approval stage, assigned to the caller, or the caller's own and due.
 */
import { sql, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { documentColumns, type RowWithAuthor } from '../../platform/records/document-shape.ts';
import { multiTypeCondition, type TypeScope } from '../../platform/records/document-query.ts';

/**
 * The candidates' query: read in the order of `documents_open_updated` (migration 025), so the
 * database stops once `limit` rows of the caller's types are found instead of sorting every open
 * document (0.82 s with 625,000 open incidents; bench/README.md, eleventh session).
 */
export function openWorkflowQuery(database: Database, orgId: number, parts: readonly TypeScope[], userId: string, limit: number) {
  return openReadableDocuments(database, orgId, parts, userId).orderBy('d.updated_date', 'desc').orderBy('d.id', 'desc').limit(limit);
}

/** A readable workflow type with the statuses of its approval stages. */
export interface ApprovalScope extends TypeScope {
  statuses: readonly string[];
}

/**
 * The open documents of one type waiting at one approval stage, most recently changed first: one
 * range of `documents_open_status_updated` (migration 028) read in order until `limit` the caller
 * may read are found, however long ago they last changed and however many wait. Who may approve is
 * the workflow's rule, decided per candidate by the engine; this only narrows to the stage where
 * anyone could. `closed = 0` is written as a literal so the partial index applies.
 */
export function awaitingApprovalQuery(database: Database, orgId: number, part: TypeScope, status: string, userId: string, limit: number) {
  return database.reader
    .selectFrom('documents as d')
    .leftJoin('identities as author', 'author.uuid', 'd.created_by')
    .select(documentColumns.map((c) => `d.${c}` as const))
    .select('author.display_name as created_by_name')
    .where(multiTypeCondition(database, orgId, [part], userId, 'd', { alsoOf: () => sql<SqlBool>`d.status = ${status}` }))
    .where(sql<SqlBool>`d.closed = ${sql.lit(0)}`)
    .orderBy('d.updated_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit);
}

/**
 * The open documents assigned to the caller (`document_assignees`, migration 026), newest first:
 * their assignments read backwards along the index, each joined to its document by key, until
 * `limit` of the caller's types are found — however many they have (a person assigned 2,800 open
 * incidents: 441 ms sorted by change, 15 ms in this order on PostgreSQL; bench/README.md). Written
 * as a CROSS JOIN, which SQLite never reorders, so it never drives from the organisation's documents.
 */
export function assignedOpenQuery(database: Database, orgId: number, parts: readonly TypeScope[], userId: string, limit: number) {
  return database.reader
    .selectFrom('document_assignees as a')
    .crossJoin('documents as d')
    .leftJoin('identities as author', 'author.uuid', 'd.created_by')
    .select(documentColumns.map((c) => `d.${c}` as const))
    .select('author.display_name as created_by_name')
    .where('a.org_id', '=', orgId)
    .where('a.person', '=', userId)
    .where('a.closed', '=', 0)
    .whereRef('d.id', '=', 'a.doc_id')
    .where('d.org_id', '=', orgId)
    .where(multiTypeCondition(database, orgId, parts, userId))
    .orderBy('a.doc_id', 'desc')
    .limit(limit);
}

/**
 * The caller's own open documents already due (migration 027's `documents_own_open_due`), earliest
 * due first, until `limit` of the caller's types are found — however long unchanged.
 */
export function ownOverdueQuery(
  database: Database,
  orgId: number,
  parts: readonly TypeScope[],
  userId: string,
  limit: number,
  now = new Date(),
) {
  return openReadableDocuments(database, orgId, parts, userId)
    .where('d.created_by', '=', userId)
    .where('d.due_date', '<', now.toISOString())
    .orderBy('d.due_date')
    .limit(limit);
}

/**
 * The organisation's open documents of the caller's types, with their author's name. On SQLite
 * no type index may serve the type test (`avoidTypeIndexes`): exact statistics average the types,
 * and a type index then looked cheaper than the order's own.
 */
function openReadableDocuments(database: Database, orgId: number, parts: readonly TypeScope[], userId: string) {
  return database.reader
    .selectFrom('documents as d')
    .leftJoin('identities as author', 'author.uuid', 'd.created_by')
    .select(documentColumns.map((c) => `d.${c}` as const))
    .select('author.display_name as created_by_name')
    .where('d.org_id', '=', orgId)
    .where('d.closed', '=', 0)
    .where(multiTypeCondition(database, orgId, parts, userId, 'd', { avoidTypeIndexes: true }));
}

type CandidateQuery = typeof openWorkflowQuery | typeof assignedOpenQuery | typeof ownOverdueQuery;

/** The rows of one of the candidate queries; none when the caller may read no workflow type. */
async function candidateRows(
  query: CandidateQuery,
  database: Database,
  orgId: number,
  parts: readonly TypeScope[],
  userId: string,
  limit: number,
): Promise<RowWithAuthor[]> {
  if (parts.length === 0) return [];
  // On a reader connection (docs/architecture.md#reader-threads): however an index serves it, a
  // caller who may read few of the open documents makes it read many.
  return (await query(database, orgId, parts, userId, limit).execute()) as RowWithAuthor[];
}

export const openWorkflowRows = (database: Database, orgId: number, parts: readonly TypeScope[], userId: string, limit: number) =>
  candidateRows(openWorkflowQuery, database, orgId, parts, userId, limit);

export const assignedOpenRows = (database: Database, orgId: number, parts: readonly TypeScope[], userId: string, limit: number) =>
  candidateRows(assignedOpenQuery, database, orgId, parts, userId, limit);

/**
 * The documents waiting at any approval stage of the caller's types, most recently changed first:
 * each (type, stage status) read apart along its own index range, side by side, then merged.
 */
export async function awaitingApprovalRows(
  database: Database,
  orgId: number,
  parts: readonly ApprovalScope[],
  userId: string,
  limit: number,
): Promise<RowWithAuthor[]> {
  const ranges = parts.flatMap((part) => part.statuses.map((status) => ({ part, status })));
  const found = await Promise.all(
    ranges.map(
      async ({ part, status }) => (await awaitingApprovalQuery(database, orgId, part, status, userId, limit).execute()) as RowWithAuthor[],
    ),
  );
  return found.flat().sort(lastChangedFirst).slice(0, limit);
}

/** Most recently changed first, then the newer document first: the candidates' order. */
export function lastChangedFirst(a: RowWithAuthor, b: RowWithAuthor): number {
  return a.updated_date === b.updated_date ? Number(b.id) - Number(a.id) : a.updated_date < b.updated_date ? 1 : -1;
}

export const ownOverdueRows = (database: Database, orgId: number, parts: readonly TypeScope[], userId: string, limit: number) =>
  candidateRows(ownOverdueQuery, database, orgId, parts, userId, limit);
