/**
 * Named statements outlive a change to a column they answer (pg-prepared-pool.ts, `isStalePlan`):
 * when another process's migration changes a column's collation, as migration 031 does, the reads
 * this process had named still answer — run again unnamed on a connection the pool then closes —
 * where PostgreSQL refuses the stale statement on that connection every time; inside a transaction
 * the refusal is a "database unavailable" (503, try again), never the driver's raw error.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { DatabaseUnavailableError } from './connection-loss.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('named statements across a column change on postgres', () => {
  let test: TestDatabase;
  let other: pg.Client;

  /** Changes `created_date`'s collation as another process's migration would, on a connection of its own. */
  const migrateElsewhere = async (collation: 'C' | 'default') => {
    const table = `${other.escapeIdentifier(test.database.pgSchema!)}.documents`;
    const change = ['ALTER TABLE', table, 'ALTER COLUMN created_date TYPE text COLLATE', other.escapeIdentifier(collation)];
    await other.query(change.join(' '));
  };
  const read = () => sql<{ created_date: string }>`SELECT created_date FROM documents ORDER BY id LIMIT 1`.execute(test.database.db);

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await test.drop();
  });

  it('answers a named read after another process changed a column it answers', async () => {
    // Named from the second run; several runs so that every pooled connection parses it.
    await Promise.all(Array.from({ length: 12 }, read));
    await Promise.all(Array.from({ length: 12 }, read));
    await migrateElsewhere('default');
    const answers = await Promise.all(Array.from({ length: 12 }, read));
    expect(answers.every((answer) => Array.isArray(answer.rows))).toBe(true);
    // And once the pool has healed, again and again.
    for (let run = 0; run < 6; run++) expect(Array.isArray((await read()).rows)).toBe(true);
  });

  it('refuses it inside a transaction as a database that is unavailable for a moment', async () => {
    await Promise.all(Array.from({ length: 12 }, read));
    await Promise.all(Array.from({ length: 12 }, read));
    await migrateElsewhere('C');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        test.database.db.transaction().execute(async (trx) => sql`SELECT created_date FROM documents ORDER BY id LIMIT 1`.execute(trx)),
      ),
    );
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(DatabaseUnavailableError);
    // The connections that held the stale statement are gone: the same transaction now succeeds.
    await test.database.db.transaction().execute(async (trx) => sql`SELECT created_date FROM documents ORDER BY id LIMIT 1`.execute(trx));
  });
});
