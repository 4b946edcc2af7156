/**
 * Claims on added list indexes (migration 029, docs/product/forms-and-lists.md#list-indexes):
 * the indexes live on the table every organisation shares, the claims say which organisations
 * asked for each, so the Indexes tab shows and drops only an organisation's own.
 */
import type { Database } from '../../platform/db/database.ts';
import { dropIndex } from '../../platform/records/type-index-builds.ts';

export interface IndexClaim {
  name: string;
  shape: string;
}

/** The added indexes this organisation claims on a type, with the shape each was added for. */
export async function claimsOf(database: Database, orgId: number, docType: string): Promise<IndexClaim[]> {
  return database.db
    .selectFrom('list_index_claims')
    .select(['name', 'shape'])
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .execute();
}

/** Records that this organisation asked for the index (again: the first claim is kept). */
export async function claimIndex(database: Database, orgId: number, docType: string, claim: IndexClaim): Promise<void> {
  await database.db
    .insertInto('list_index_claims')
    .values({ org_id: orgId, doc_type: docType, name: claim.name, shape: claim.shape, added_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['org_id', 'doc_type', 'name']).doNothing())
    .execute();
}

/**
 * Removes this organisation's claim; answers whether the index is now claimed by no one, and so
 * may be dropped. False when this organisation held no claim on it.
 */
export async function releaseClaim(
  database: Database,
  orgId: number,
  docType: string,
  name: string,
): Promise<{ held: boolean; unclaimed: boolean }> {
  return database.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('list_index_claims')
      .where('org_id', '=', orgId)
      .where('doc_type', '=', docType)
      .where('name', '=', name)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return { held: false, unclaimed: false };
    const other = await trx.selectFrom('list_index_claims').select('org_id').where('name', '=', name).limit(1).executeTakeFirst();
    return { held: true, unclaimed: other === undefined };
  });
}

/** Every organisation's claims (or one's), with whose each is: what the renewal of added indexes walks. */
export async function allClaims(database: Database, orgId?: number): Promise<(IndexClaim & { orgId: number; docType: string })[]> {
  let query = database.db.selectFrom('list_index_claims').select(['org_id', 'doc_type', 'name', 'shape']);
  if (orgId !== undefined) query = query.where('org_id', '=', orgId);
  const rows = await query.orderBy('org_id').orderBy('doc_type').orderBy('name').execute();
  return rows.map((row) => ({ orgId: Number(row.org_id), docType: row.doc_type, name: row.name, shape: row.shape }));
}

/**
 * Gives up this organisation's claim on an added index its shape no longer names (added-index-renewal.ts),
 * and drops the index once no organisation claims it. Answers whether it was dropped.
 */
export async function retireClaim(database: Database, orgId: number, docType: string, name: string): Promise<boolean> {
  const { unclaimed } = await releaseClaim(database, orgId, docType, name);
  if (unclaimed) await dropIndex(database, name);
  return unclaimed;
}
