/**
 * The SQL texts a test's requests send through the database's list reader (on SQLite its reader
 * threads, else the pool) — or its bulk reader (groups, charts) — to see which statements a path
 * ran, and which index they name.
 */
import type { CompiledQuery } from 'kysely';
import type { Database } from '../platform/db/database.ts';

export function recordReaderStatements(
  database: Database,
  lane: 'reader' | 'bulkReader' = 'reader',
): { statements: string[]; queries: CompiledQuery[]; stop: () => void } {
  const executor = database[lane].getExecutor();
  const run = executor.executeQuery.bind(executor);
  const statements: string[] = [];
  const queries: CompiledQuery[] = [];
  executor.executeQuery = ((query: CompiledQuery) => {
    statements.push(query.sql);
    queries.push(query);
    return run(query);
  }) as typeof executor.executeQuery;
  return { statements, queries, stop: () => (executor.executeQuery = run) };
}
