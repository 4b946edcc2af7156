/** The caller's review of a document: an event of type `review` whose data holds the review fields. */
import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';

export async function findOwnReview(
  executor: Kysely<Tables> | Transaction<Tables>,
  orgId: number,
  docId: number,
  author: string,
): Promise<number | undefined> {
  const row = await executor
    .selectFrom('events')
    .select('id')
    .where('org_id', '=', orgId)
    .where('doc_id', '=', docId)
    .where('type', '=', 'review')
    .where('created_by', '=', author)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}
