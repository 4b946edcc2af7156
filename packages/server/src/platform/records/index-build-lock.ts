/**
 * One index build at a time across every server process (docs/product/forms-and-lists.md#list-indexes).
 * PostgreSQL: a session advisory lock held, on a connection of its own, for the length of the
 * work — the lock lives in the database, so processes cannot disagree, and it is released when
 * the holder's connection ends (a killed process does not keep it). Advisory locks belong to the
 * whole database, so the key names the schema too: deployments (or test runs) in other schemas of
 * the same database build their own indexes without waiting on this one. SQLite: one process serves
 * the file and its jobs worker runs the jobs one after another (and the start's drop of what a
 * stopped build left runs before that worker starts): no lock is needed.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** Key of the advisory lock (an arbitrary constant naming "documents index builds"). */
const INDEX_BUILD_LOCK = 180_018;

/** Runs `work` when no other build runs; answers false (without running it) when one does. */
export async function withIndexBuildLock(database: Database, work: () => Promise<void>): Promise<boolean> {
  if (database.dialect !== 'postgres') {
    await work();
    return true;
  }
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_lock(${INDEX_BUILD_LOCK}, hashtext(current_schema())) AS locked`.execute(connection);
    if (rows[0]?.locked !== true) return false;
    try {
      await work();
      return true;
    } finally {
      await sql`SELECT pg_advisory_unlock(${INDEX_BUILD_LOCK}, hashtext(current_schema()))`.execute(connection);
    }
  });
}
