/** Open documents of workflow types the caller may read (the todo's candidates), newest first. */
import type { Database } from '../../platform/db/database.ts';
import { documentColumns, type RowWithAuthor } from '../../platform/records/document-shape.ts';
import { multiTypeCondition, type TypeScope } from '../../platform/records/document-query.ts';

/**
 * The candidates' query: read in the order of `documents_open_updated` (migration 025), so the
 * database stops once `limit` rows of the caller's types are found instead of sorting every open
 * document (0.82 s with 625,000 open incidents; bench/README.md, eleventh session).
 */
export function openWorkflowQuery(database: Database, orgId: number, parts: readonly TypeScope[], userId: string, limit: number) {
  return database.reader
    .selectFrom('documents as d')
    .leftJoin('identities as author', 'author.uuid', 'd.created_by')
    .select(documentColumns.map((c) => `d.${c}` as const))
    .select('author.display_name as created_by_name')
    .where('d.org_id', '=', orgId)
    .where('d.closed', '=', 0)
    .where(multiTypeCondition(database, orgId, parts, userId))
    .orderBy('d.updated_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit);
}

export async function openWorkflowRows(
  database: Database,
  orgId: number,
  parts: readonly TypeScope[],
  userId: string,
  limit: number,
): Promise<RowWithAuthor[]> {
  if (parts.length === 0) return [];
  // On a reader connection (docs/architecture.md#reader-threads): however the index serves it, a
  // caller who may read few of the open documents makes it read many.
  return (await openWorkflowQuery(database, orgId, parts, userId, limit).execute()) as RowWithAuthor[];
}
