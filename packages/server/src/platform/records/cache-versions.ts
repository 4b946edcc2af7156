/**
 * Version counters of per-process caches (`cache_versions`): a writer bumps the counter in the
 * same transaction as its change, readers compare it with the version they cached. One small
 * primary-key row per cached thing keeps the check cheap on both databases.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';

export function schemasCacheName(orgId: number): string {
  return `schemas:${orgId}`;
}

export async function readCacheVersion(database: Database, name: string): Promise<number> {
  const row = await database.db.selectFrom('cache_versions').select('version').where('name', '=', name).executeTakeFirst();
  return Number(row?.version ?? 0);
}

export async function bumpCacheVersion(trx: Transaction<Tables> | Kysely<Tables>, name: string): Promise<void> {
  await trx
    .insertInto('cache_versions')
    .values({ name, version: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ version: sql`cache_versions.version + 1` }))
    .execute();
}
