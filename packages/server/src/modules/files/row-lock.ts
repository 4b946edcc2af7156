/** `SELECT … FOR UPDATE` on PostgreSQL; SQLite has one writer at a time and no such clause. */
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

export function forUpdate<DB, TB extends keyof DB, O>(
  database: Database,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return database.dialect === 'postgres' ? query.forUpdate() : query;
}
