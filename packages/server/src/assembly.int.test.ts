/**
 * Explicit assembly: hooks and job handlers are registered when the app context is built, before
 * any seed, job or request. Nothing can write documents or run jobs on a context that skipped it,
 * and a freshly seeded demo's posts each have their `create` event (docs/product/workflow-and-timeline.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from './app-context.ts';
import { loadConfig } from './config.ts';
import { AccessTokens } from './platform/auth/access-tokens.ts';
import { LocalFileStore } from './platform/files/file-store.ts';
import { areJobHandlersSealed, runJobsOnce } from './platform/jobs/job-worker.ts';
import { areTypeHooksSealed, registerHooksForEveryType, registerTypeHooks } from './modules/documents/type-hooks.ts';
import { seedDemoIfEmpty } from './modules/demo/demo-seed.ts';
import { createTestDatabase, testDialects, type TestDatabase } from './test-support/test-database.ts';

const config = { ...loadConfig({}), seedPassword: 'docket-demo-1' };
const fileStore = new LocalFileStore('/nonexistent/docket-assembly-test');

// Runs first in this file: the registries are per process, and nothing here has assembled yet.
describe('a context built without createAppContext', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
  });
  afterAll(async () => testDb.drop());

  it('cannot seed or run jobs, and leaves the database empty', async () => {
    expect(areTypeHooksSealed()).toBe(false);
    expect(areJobHandlersSealed()).toBe(false);
    const unassembled: AppContext = { database: testDb.database, config, fileStore, accessTokens: new AccessTokens(new Uint8Array(32)) };
    await expect(seedDemoIfEmpty(unassembled)).rejects.toThrow(/createAppContext/);
    await expect(runJobsOnce(unassembled, 'early-worker')).rejects.toThrow(/createAppContext/);
    expect(await testDb.database.db.selectFrom('organisations').select('id').execute()).toEqual([]);
  });

  it('is assembled by createAppContext, after which nothing more registers', async () => {
    await createAppContext({ database: testDb.database, config, fileStore });
    expect(areTypeHooksSealed()).toBe(true);
    expect(areJobHandlersSealed()).toBe(true);
    expect(() => registerTypeHooks('post', {})).toThrow(/assembly/);
    expect(() => registerHooksForEveryType({})).toThrow(/assembly/);
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
