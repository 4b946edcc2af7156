/**
 * Explicit assembly: hooks and job handlers are registered when the app context is built, before
 * any seed, job or request. Nothing can write documents or run jobs on a context that skipped it,
 * and a freshly seeded demo's posts each have their `create` event (docs/product/workflow-and-timeline.md).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppContext, type AppContext } from './app-context.ts';
import { loadConfig } from './config.ts';
import { LocalFileStore } from './platform/files/file-store.ts';
import { seedDemoIfEmpty } from './modules/demo/demo-seed.ts';
import { createTestDatabase, testDialects, type TestDatabase } from './test-support/test-database.ts';

const config = { ...loadConfig({}), seedPassword: 'docket-demo-1' };
const fileStore = new LocalFileStore('/nonexistent/docket-assembly-test');

/**
 * This process's registries as a process that has not assembled yet has them: the int tier runs
 * many files in one process (vitest.config.ts, `isolate: false`), and an earlier file's context
 * has sealed the registries its modules hold. `vi.resetModules` makes the imports below load
 * every module of the server afresh.
 */
async function unassembledModules() {
  vi.resetModules();
  return {
    ...(await import('./app-context.ts')),
    ...(await import('./platform/auth/access-tokens.ts')),
    ...(await import('./platform/jobs/job-worker.ts')),
    ...(await import('./modules/documents/type-hooks.ts')),
    ...(await import('./modules/demo/demo-seed.ts')),
    ...(await import('./test-support/test-database.ts')),
  };
}

describe('a context built without createAppContext', () => {
  let testDb: TestDatabase;
  let fresh: Awaited<ReturnType<typeof unassembledModules>>;
  beforeAll(async () => {
    fresh = await unassembledModules();
    testDb = await fresh.createTestDatabase('sqlite');
  });
  afterAll(async () => testDb.drop());

  it('cannot seed or run jobs, and leaves the database empty', async () => {
    expect(fresh.areTypeHooksSealed()).toBe(false);
    expect(fresh.areJobHandlersSealed()).toBe(false);
    const unassembled: AppContext = {
      database: testDb.database,
      config,
      fileStore,
      accessTokens: new fresh.AccessTokens(new Uint8Array(32)),
    };
    await expect(fresh.seedDemoIfEmpty(unassembled)).rejects.toThrow(/createAppContext/);
    await expect(fresh.runJobsOnce(unassembled, 'early-worker')).rejects.toThrow(/createAppContext/);
    expect(await testDb.database.db.selectFrom('organisations').select('id').execute()).toEqual([]);
  });

  it('is assembled by createAppContext, after which nothing more registers', async () => {
    await fresh.createAppContext({ database: testDb.database, config, fileStore });
    expect(fresh.areTypeHooksSealed()).toBe(true);
    expect(fresh.areJobHandlersSealed()).toBe(true);
    expect(() => fresh.registerTypeHooks('post', {})).toThrow(/assembly/);
    expect(() => fresh.registerHooksForEveryType({})).toThrow(/assembly/);
  });
});

describe.each(testDialects)('a freshly seeded demo on %s', (dialect) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    const ctx = await createAppContext({ database: testDb.database, config, fileStore });
    expect(await seedDemoIfEmpty(ctx)).toBe(true);
  }, 120_000);
  afterAll(async () => testDb.drop());

  it('has a create event for each post, by the post’s author, at its creation', async () => {
    const db = testDb.database.db;
    const posts = await db.selectFrom('documents').select(['id', 'org_id', 'created_by']).where('doc_type', '=', 'post').execute();
    expect(posts.length).toBeGreaterThan(0);
    const events = await db.selectFrom('events').select(['doc_id', 'org_id', 'created_by']).where('type', '=', 'create').execute();
    const creates = new Map(events.map((event) => [Number(event.doc_id), event]));
    for (const post of posts) {
      expect(creates.get(Number(post.id)), `post ${post.id}`).toMatchObject({ org_id: post.org_id, created_by: post.created_by });
    }
  });
});
