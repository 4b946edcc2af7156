/**
 * PostgreSQL connections plan prepared statements generically (plan-cache-mode.ts): every
 * connection of the pool has the mode from its first query, and an operator's choice applies.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialects } from '../../test-support/test-database.ts';

describe.skipIf(!testDialects.includes('postgres'))('plan_cache_mode on postgres', () => {
  it('is force_generic_plan unless configured, on every connection', async () => {
    const { database, drop } = await createTestDatabase('postgres');
    try {
      const modes = await Promise.all(
        Array.from({ length: 4 }, () => sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(database.db)),
      );
      expect(modes.map((result) => result.rows[0]?.plan_cache_mode)).toEqual(Array(4).fill('force_generic_plan'));
    } finally {
      await drop();
    }
  });

  it("takes the operator's mode", async () => {
    const { database, drop } = await createTestDatabase('postgres', { planCacheMode: 'auto' });
    try {
      expect((await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(database.db)).rows[0]?.plan_cache_mode).toBe('auto');
    } finally {
      await drop();
    }
  });
});
