/**
 * The documents table's indexes with their sizes (index-catalog.ts `documentIndexes`): a size only
 * where the caller asks for it — summing every b-tree of a large embedded file held the write
 * connection for seconds — and the Indexes tab's own (the type's and the shared ones) measured, on
 * both databases and on the embedded database's reader threads. The tab answers an organisation's
 * share of each index, never the whole: the indexes are shared, and their whole size would tell one
 * organisation how many documents another keeps (docs/product/security.md#tenants).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListIndexesAnswer } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows } from './documents.repository.ts';
import { writeQueueFor } from './group-commit.ts';
import { documentIndexes } from './index-catalog.ts';

const DEMO_INCIDENTS = 20;
const ACME_INCIDENTS = 4000;

const setups = [
  ...testDialects.map((dialect) => ({ name: dialect, dialect, readThreads: undefined })),
  { name: 'sqlite with a reader thread', dialect: 'sqlite' as const, readThreads: 1 },
];

describe.each(setups)('index sizes on $name', ({ dialect, readThreads }) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, readThreads === undefined ? {} : { readThreads });
    admin = (await t.signIn('admin@demo.local')).access;
  });
  afterAll(async () => t.close());

  it('measures no index unless asked, and only the ones asked for', async () => {
    const plain = await documentIndexes(t.ctx.database);
    expect(plain.length).toBeGreaterThan(10);
    expect(plain.every((index) => index.bytes === null)).toBe(true);
    const incident = await documentIndexes(t.ctx.database, { sizesOf: (index) => index.docType === 'incident' });
    expect(incident.filter((index) => index.bytes !== null).map((index) => index.docType)).toEqual(
      incident.filter((index) => index.docType === 'incident').map(() => 'incident'),
    );
    expect(incident.filter((index) => index.docType === 'incident').every((index) => (index.bytes ?? 0) > 0)).toBe(true);
  });

  it("answers each shown index's size as the organisation's share, never the whole", async () => {
    const orgIdOf = async (appId: string) =>
      (await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', appId).executeTakeFirstOrThrow()).id;
    const insert = async (appId: string, count: number) => {
      const orgId = await orgIdOf(appId);
      const rows = Array.from({ length: count }, (_, index) =>
        incidentRow({ orgId, index, prefix: `SZ${appId}`, summaryPrefix: 'Sized', author: 'u1', date: '2026-01-01T00:00:00.000Z' }),
      );
      await writeQueueFor(t.ctx.database).run((trx) =>
        insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'test incidents'), rows),
      );
    };
    await insert('demo', DEMO_INCIDENTS);
    await insert('acme', ACME_INCIDENTS);
    // The server's statistics refresh (planner-statistics.ts), which PostgreSQL's entry counts come from.
    await sql`ANALYZE`.execute(t.ctx.database.db);
    const whole = new Map((await documentIndexes(t.ctx.database, { sizesOf: () => true })).map((index) => [index.name, index.bytes ?? 0]));
    const tabOf = async (token: string, appId: string) =>
      new Map(
        ((await t.as(token, { method: 'GET', url: `/v3/${appId}/$$schema/indexes/incident` })).json() as ListIndexesAnswer).existing.map(
          (entry) => [entry.name, entry],
        ),
      );
    const demo = await tabOf(admin, 'demo');
    const acme = await tabOf((await t.signIn('admin@acme.local')).access, 'acme');
    expect(demo.size).toBeGreaterThan(5);
    for (const [name, entry] of demo) {
      const all = whole.get(name) ?? 0;
      expect(entry.bytes, name).toBeGreaterThan(0);
      // 20 of 4,020 incidents; of every type, the demo's own few hundred documents of 4,000 more.
      expect(entry.bytes, name).toBeLessThan(all / (entry.kind === 'base' ? 3 : 20));
      // The organisation with most of the entries is answered most of the index.
      expect(acme.get(name)?.bytes ?? 0, name).toBeGreaterThan(entry.bytes ?? 0);
    }
  });
  it('answers the same indexes without measuring any when the tab asks sizes=false (it follows a build that way)', async () => {
    const url = '/v3/demo/$$schema/indexes/incident';
    const measured = (await t.as(admin, { method: 'GET', url })).json() as ListIndexesAnswer;
    const unmeasured = await t.as(admin, { method: 'GET', url: `${url}?sizes=false` });
    expect(unmeasured.statusCode, unmeasured.body).toBe(200);
    const answer = unmeasured.json() as ListIndexesAnswer;
    expect(answer.existing.map((entry) => entry.name)).toEqual(measured.existing.map((entry) => entry.name));
    expect(answer.existing.every((entry) => entry.bytes === null)).toBe(true);
    expect(measured.existing.some((entry) => entry.bytes !== null && entry.bytes > 0)).toBe(true);
    const refused = await t.as(admin, { method: 'GET', url: `${url}?sizes=maybe` });
    expect(refused.statusCode).toBe(400);
  });
});
