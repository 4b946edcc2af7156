/** Open documents of workflow types the caller may read (the todo's candidates), newest first. */
import type { Database } from '../../platform/db/database.ts';
import { documentColumns, type RowWithAuthor } from '../../platform/records/document-shape.ts';
import { multiTypeCondition, type TypeScope } from '../../platform/records/document-query.ts';

export async function openWorkflowRows(
  database: Database,
  orgId: number,
  parts: readonly TypeScope[],
  userId: string,
  limit: number,
): Promise<RowWithAuthor[]> {
  if (parts.length === 0) return [];
  // On a reader connection: no index serves this order, so the newest open documents of every
  // workflow type are sorted first (0.85 s with 625,000 open incidents on the embedded database,
  // where the write connection would hold the event loop for as long; docs/architecture.md#reader-threads).
  return (await database.reader
    .selectFrom('documents as d')
    .leftJoin('identities as author', 'author.uuid', 'd.created_by')
    .select(documentColumns.map((c) => `d.${c}` as const))
    .select('author.display_name as created_by_name')
    .where(multiTypeCondition(database, orgId, parts, userId))
    .where('d.closed', '=', 0)
    .orderBy('d.updated_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute()) as RowWithAuthor[];
}
