/**
 * PostgreSQL connections take the configured plan cache mode (plan-cache-mode.ts) from their first
 * query: PostgreSQL's `auto` unless the operator chose another, on every connection of the pool.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialects } from '../../test-support/test-database.ts';

describe.skipIf(!testDialects.includes('postgres'))('plan_cache_mode on postgres', () => {
  it('is auto unless configured, on every connection', async () => {
    const { database, drop } = await createTestDatabase('postgres');
    try {
      const modes = await Promise.all(
        Array.from({ length: 4 }, () => sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(database.db)),
      );
      expect(modes.map((result) => result.rows[0]?.plan_cache_mode)).toEqual(Array(4).fill('auto'));
    } finally {
      await drop();
    }
  });

  it("takes the operator's mode", async () => {
    const { database, drop } = await createTestDatabase('postgres', { planCacheMode: 'force_generic_plan' });
    try {
      expect((await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(database.db)).rows[0]?.plan_cache_mode).toBe(
        'force_generic_plan',
      );
    } finally {
      await drop();
    }
  });
});
