/**
 * Awaited jobs first (docs/architecture.md#durable-jobs): the worker claims the ready jobs of
 * the kinds someone waits for on a screen (index builds, server tasks, period refreshes) before any
 * other, through this index — pending jobs of those kinds in `run_after` order — so the claim
 * stays one short index range however many bulk jobs (notifications) are queued.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database.ts';

export function awaitedJobsMigration(_database: Database): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('jobs_ready_kind').on('jobs').columns(['status', 'kind', 'run_after', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('jobs_ready_kind').execute();
    },
  };
}
