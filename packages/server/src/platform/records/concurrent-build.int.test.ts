/**
 * PostgreSQL's concurrent index builds when something goes wrong half-way (type-index-builds.ts,
 * docs/product/forms-and-lists.md#list-indexes): a build that loses a deadlock to another transaction is
 * built again at once, and what a failed build leaves behind (an invalid index) is never shown on
 * the Indexes tab as an index that serves the type's lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ListIndexesAnswer } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows } from './documents.repository.ts';
import { type IndexDefinition } from './type-indexes.ts';
import { buildMissingIndexes } from './type-index-builds.ts';
import { documentIndexes, indexExists } from './index-catalog.ts';

const PROBE = 'deadlock_probe_summary';
const probe: IndexDefinition = {
  name: PROBE,
  field: 'summary',
  holds: ['summary'],
  ddl: (concurrently) =>
    sql`CREATE INDEX ${sql.raw(concurrently ? 'CONCURRENTLY' : '')} ${sql.id(PROBE)} ON documents ((data->>'summary'), id)`,
};

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!testDialects.includes('postgres'))('concurrent index builds on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
  });
  afterAll(async () => t.close());

  it('builds again at once when the build loses a deadlock', async () => {
    const db = t.ctx.database.db;
    const build = await db.connection().execute(async (other) => {
      // Another transaction holding an older snapshot: the build's last phase waits for it.
      await sql`BEGIN ISOLATION LEVEL REPEATABLE READ`.execute(other);
      // Its own deadlock check comes late, so the build is the one that finds the cycle.
      await sql`SET LOCAL deadlock_timeout = '60s'`.execute(other);
      await sql`SELECT count(*) FROM documents`.execute(other);
      const building = buildMissingIndexes(t.ctx.database, [probe], { concurrently: true });
      building.catch(() => undefined);
      await waitFor(async () => {
        const { rows } = await sql<{ waiting: boolean }>`SELECT true AS waiting FROM pg_stat_activity
          WHERE query LIKE 'CREATE INDEX CONCURRENTLY%' AND query LIKE ${`%${PROBE}%`} AND wait_event = 'virtualxid'`.execute(db);
        return rows.length > 0;
      }, 'the build to wait for the older snapshot');
      // Now it waits for the build's lock on the table: a cycle, which PostgreSQL breaks by
      // failing the build; the lock is then granted.
      await sql`LOCK TABLE documents IN SHARE MODE`.execute(other);
      await sql`COMMIT`.execute(other);
      return building;
    });
    expect(build.built).toEqual([PROBE]);
    expect(await indexExists(t.ctx.database, PROBE)).toBe(true);
    const { rows } = await sql<{
      deadlocks: string;
    }>`SELECT deadlocks::text FROM pg_stat_database WHERE datname = current_database()`.execute(db);
    expect(Number(rows[0]?.deadlocks)).toBeGreaterThan(0);
  }, 60_000);

  it('leaves what a failed build left off the Indexes tab', async () => {
    const db = t.ctx.database.db;
    const orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
    const author = (await db.selectFrom('identities').select('uuid').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow())
      .uuid;
    const date = new Date().toISOString();
    const rows = [0, 1].map((index) => incidentRow({ orgId, index, prefix: 'CB', summaryPrefix: 'Concurrent build', author, date }));
    await db.transaction().execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'two incidents'), rows));
    // A unique build over duplicate values fails and leaves its invalid index behind.
    await expect(
      db
        .connection()
        .execute((connection) =>
          sql`CREATE UNIQUE INDEX CONCURRENTLY ux_incident_failed ON documents (org_id) WHERE doc_type = 'incident'`.execute(connection),
        ),
    ).rejects.toThrow(/could not create unique index/);
    const left = (await documentIndexes(t.ctx.database)).find((index) => index.name === 'ux_incident_failed');
    expect(left).toMatchObject({ docType: 'incident', valid: false });
    expect(await indexExists(t.ctx.database, 'ux_incident_failed')).toBe(false);

    const admin = (await t.signIn('admin@demo.local')).access;
    const tab = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/incident' })).json() as ListIndexesAnswer;
    expect(tab.existing.length).toBeGreaterThan(5);
    expect(tab.existing.map((entry) => entry.name)).not.toContain('ux_incident_failed');
  });
});
