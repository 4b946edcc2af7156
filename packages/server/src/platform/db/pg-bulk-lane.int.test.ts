/**
 * The bulk lane on PostgreSQL (docs/architecture.md#reader-threads): however many groups and charts
 * are being read, a list read finds a connection at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test-support/test-database.ts';

describe.skipIf(!testDialects.includes('postgres'))('the bulk lane on PostgreSQL', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase('postgres'); // a pool of four connections
  });
  afterAll(async () => t.drop());

  it('leaves a list read a connection while as many bulk reads as the pool has wait', async () => {
    let bulkEnded = 0;
    // Four different reads (identical ones would share one: shared-reads.ts).
    const bulk = Array.from({ length: 4 }, (_, index) =>
      sql`SELECT pg_sleep(0.3), ${index}::int AS n`.execute(t.database.bulkReader).then(() => {
        bulkEnded += 1;
      }),
    );
    const listed = await sql<{ one: number }>`SELECT 1 AS one`
      .execute(t.database.reader)
      .then((answer) => ({ rows: answer.rows, bulkEnded }));
    expect(listed).toEqual({ rows: [{ one: 1 }], bulkEnded: 0 });
    const began = performance.now();
    await Promise.all(bulk);
    // Two at a time (half of four connections): the last two began only after the first two ended.
    expect(performance.now() - began).toBeGreaterThanOrEqual(450);
  });
});
