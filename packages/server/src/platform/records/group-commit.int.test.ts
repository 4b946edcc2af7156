/**
 * The write queue's group commit on both databases: writes that arrive together share one
 * transaction and are answered only once it committed; a write that fails is rolled back alone
 * (its savepoint) while the rest of its batch commits.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test-support/test-database.ts';
import { writeQueueFor } from './group-commit.ts';

describe.each(testDialects)('group commit on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await sql`CREATE TABLE gc_probe (k varchar(40) PRIMARY KEY, tx varchar(40))`.execute(test.database.db);
  });
  afterAll(async () => test.drop());

  async function stored(key: string): Promise<boolean> {
    const result = await sql<{ k: string }>`SELECT k FROM gc_probe WHERE k = ${key}`.execute(test.database.db);
    return result.rows.length === 1;
  }

  it('answers each of the writes that arrive together after the one commit that holds them all', async () => {
    const queue = writeQueueFor(test.database);
    const transactionId = dialect === 'postgres' ? sql<{ tx: string }>`SELECT txid_current()::text AS tx` : null;
    const writes = Array.from({ length: 30 }, (_, i) =>
      queue.run(async (trx) => {
        const tx = transactionId ? (await transactionId.execute(trx)).rows[0]!.tx : 'sqlite';
        await sql`INSERT INTO gc_probe (k, tx) VALUES (${`together-${i}`}, ${tx})`.execute(trx);
        return i;
      }),
    );
    // Each answer, once it arrives, is already readable outside the writer's transaction.
    const visible = await Promise.all(writes.map(async (write) => stored(`together-${await write}`)));
    expect(visible).toEqual(Array.from({ length: 30 }, () => true));
    if (dialect === 'postgres') {
      const transactions = await sql<{ n: number }>`SELECT count(DISTINCT tx) AS n FROM gc_probe WHERE k LIKE 'together-%'`.execute(
        test.database.db,
      );
      expect(Number(transactions.rows[0]!.n)).toBe(1);
    }
  });

  it('rolls back a failing write alone, with all it wrote before failing, and commits the rest of its batch', async () => {
    const queue = writeQueueFor(test.database);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        queue.run(async (trx) => {
          await sql`INSERT INTO gc_probe (k) VALUES (${`batch-${i}`})`.execute(trx);
          // The fifth write then breaks the primary key: its own first insert must go too.
          if (i === 4) await sql`INSERT INTO gc_probe (k) VALUES (${'batch-0'})`.execute(trx);
          return i;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([...Array(4).fill('fulfilled'), 'rejected', ...Array(5).fill('fulfilled')]);
    const kept = await Promise.all(Array.from({ length: 10 }, (_, i) => stored(`batch-${i}`)));
    expect(kept).toEqual([true, true, true, true, false, true, true, true, true, true]);
  });

  it.runIf(dialect === 'sqlite')('keeps the savepoints’ statement journals in memory on the embedded database', async () => {
    const pragma = await sql<{ temp_store: number }>`PRAGMA temp_store`.execute(test.database.db);
    expect(Number(pragma.rows[0]!.temp_store)).toBe(2);
  });
});
