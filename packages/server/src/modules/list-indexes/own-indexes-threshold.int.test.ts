/**
 * A type's own indexes wait until it has held enough documents (docs/product/forms-and-lists.md#list-indexes):
 * a new type has none (every index of the documents table is opened by every insert, whatever its
 * type), the jobs worker's ticker queues them once the type has grown past the threshold, the
 * start drops those of a type below it (never an index an administrator added), the Indexes tab
 * says which, and no answer changes on the way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DocumentSchema, ListIndexesAnswer } from '@docket/shared';
import { loadConfig } from '../../config.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { indexDefinitionsOf } from '../../platform/records/type-indexes.ts';
import { definitionsNamed, dropIndex, ensureTypeIndexes } from '../../platform/records/type-index-builds.ts';
import { indexExists } from '../../platform/records/index-catalog.ts';
import { queueBuildsOfGrownTypes, scheduleStartIndexBuilds } from './index-jobs.ts';

/** Documents a type holds before it gets its own indexes, in these tests. */
const MIN_DOCUMENTS = 3;

function walkSchema(type: string) {
  return {
    type,
    idMask: 'WK-{seq:3}',
    indexed: ['area'],
    form: {
      title: 'Walks',
      schema: {
        type: 'object',
        required: ['summary'],
        properties: {
          summary: { type: 'string', minLength: 1 },
          area: { type: 'string', enum: ['Yard', 'Office'] },
          walked_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  };
}

describe.each(testDialects)("a type's own indexes and its size on %s", (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    const base = loadConfig({});
    t = await startTestApp(dialect, { jobs: false, config: { indexBuilds: { ...base.indexBuilds, minDocuments: MIN_DOCUMENTS } } });
    admin = (await t.signIn('admin@demo.local')).access;
  }, 120_000);
  afterAll(async () => t.close());

  async function saveSchema(type: string): Promise<DocumentSchema> {
    const saved = await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: walkSchema(type) });
    expect(saved.statusCode, saved.body).toBe(201);
    const [definition] = (await definitionsNamed(t.ctx.database, type)).filter((candidate) => candidate.type === type);
    return definition!;
  }

  async function present(type: DocumentSchema): Promise<string[]> {
    const names: string[] = [];
    for (const definition of indexDefinitionsOf(type, dialect))
      if (await indexExists(t.ctx.database, definition.name)) names.push(definition.name);
    return names;
  }

  async function create(type: string, area: string): Promise<number> {
    const created = await t.as(admin, { method: 'POST', url: `/v3/demo/${type}`, payload: { summary: `Walk of the ${area}`, area } });
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { id: number }).id;
  }

  async function yardWalks(type: string): Promise<number[]> {
    const listed = await t.as(admin, {
      method: 'GET',
      url: `/v3/demo/${type}?filter=${encodeURIComponent("area = 'Yard'")}&order=${encodeURIComponent('area asc')}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    return (listed.json() as { dataAr: { id: number }[] }).dataAr.map((row) => row.id).sort((a, b) => a - b);
  }

  async function tab(type: string): Promise<ListIndexesAnswer> {
    const response = await t.as(admin, { method: 'GET', url: `/v3/demo/$$schema/indexes/${type}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListIndexesAnswer;
  }

  it('gets them once it has held enough documents, queued by the ticker once, and answers the same before and after', async () => {
    const type = await saveSchema('walk_check');
    expect(indexDefinitionsOf(type, dialect).length).toBeGreaterThan(0);
    expect(await present(type)).toEqual([]);
    expect((await tab('walk_check')).ownIndexesFrom).toBe(MIN_DOCUMENTS);

    const yard = [await create('walk_check', 'Yard'), await create('walk_check', 'Yard')];
    expect(await queueBuildsOfGrownTypes(t.ctx, new Date())).not.toContain('walk_check');
    await create('walk_check', 'Office');
    const before = await yardWalks('walk_check');
    expect(before).toEqual(yard);

    const now = new Date();
    expect(await queueBuildsOfGrownTypes(t.ctx, now)).toContain('walk_check');
    // Its job waits: neither this worker's next turn nor another process's queues a second.
    expect(await queueBuildsOfGrownTypes(t.ctx, now)).not.toContain('walk_check');
    await runJobsOnce(t.ctx, 'threshold-worker');
    expect((await present(type)).sort()).toEqual(
      indexDefinitionsOf(type, dialect)
        .map((definition) => definition.name)
        .sort(),
    );
    expect((await tab('walk_check')).ownIndexesFrom).toBeNull();
    expect(await yardWalks('walk_check')).toEqual(before);
    expect(await queueBuildsOfGrownTypes(t.ctx, new Date())).not.toContain('walk_check');

    // What a type has held only grows: a deletion takes no index away, nor does the next start.
    const removed = await t.as(admin, { method: 'DELETE', url: `/v3/demo/walk_check/${yard[0]}` });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await scheduleStartIndexBuilds(t.ctx);
    expect(await present(type)).toHaveLength(indexDefinitionsOf(type, dialect).length);
  });

  it('queues a build that failed again the next hour, not at every turn of the ticker', async () => {
    const type = await saveSchema('retry_check');
    for (const area of ['Yard', 'Yard', 'Office']) await create('retry_check', area);
    const at = new Date('2026-12-01T10:15:00Z');
    expect(await queueBuildsOfGrownTypes(t.ctx, at)).toContain('retry_check');
    // Its build fails for good (the worker's attempts spent).
    await t.ctx.database.db
      .updateTable('jobs')
      .set({ status: 'failed', last_error: 'disk full' })
      .where('unique_key', '=', 'list-indexes.type:retry_check:grown:2026-12-01T10')
      .execute();
    expect(await queueBuildsOfGrownTypes(t.ctx, new Date('2026-12-01T10:59:00Z'))).not.toContain('retry_check');
    expect(await queueBuildsOfGrownTypes(t.ctx, new Date('2026-12-01T11:00:00Z'))).toContain('retry_check');
    await runJobsOnce(t.ctx, 'retry-worker');
    expect(await present(type)).toHaveLength(indexDefinitionsOf(type, dialect).length);
  });

  it('drops at start the own indexes of a type below the threshold, never one an administrator added', async () => {
    const type = await saveSchema('tiny_check');
    await create('tiny_check', 'Yard');
    // Built by hand, as a server of before the threshold did.
    await ensureTypeIndexes(t.ctx.database, type);
    expect(await present(type)).toHaveLength(indexDefinitionsOf(type, dialect).length);
    const added = 'ux_tiny_check_0123456789ab';
    await sql`CREATE INDEX ${sql.id(added)} ON documents (org_id, created_date) WHERE doc_type = 'tiny_check'`.execute(t.ctx.database.db);
    try {
      await scheduleStartIndexBuilds(t.ctx);
      expect(await present(type)).toEqual([]);
      expect(await indexExists(t.ctx.database, added)).toBe(true);
      expect(await yardWalks('tiny_check')).toHaveLength(1);
    } finally {
      await dropIndex(t.ctx.database, added);
    }
  });
});
