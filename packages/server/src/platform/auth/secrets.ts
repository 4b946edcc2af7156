/**
 * The token signing key lives in the database so every server process sharing it signs and
 * verifies alike. The first process to start creates it; the others read the same row.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

export async function loadOrCreateSecret(database: Database, name: string): Promise<Uint8Array> {
  await database.db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
