/**
 * The Indexes tab (docs/product/forms-and-lists.md#list-indexes), on both databases: slow shapes
 * are learned in the database and suggested (past 2 ms at the 95th percentile, asked often enough
 * or slow enough once); a suggestion on an unknown or array field is refused with its message; an
 * administrator adds one as a durable job, the shape is then one range scan, and dropping it
 * changes no answer; an organisation sees and drops only the indexes it added, though both share
 * them; an index added for the members limited to their sites too, where an organisation has
 * them; the tab reads the builds before the indexes; a member who does not administer type
 * schemas is refused.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INDEX_ARRAY_FIELD,
  INDEX_NOT_ADDED,
  INDEX_UNKNOWN_FIELD,
  type AddedListIndexes,
  type DocumentSchema,
  type ListIndexesAnswer,
} from '@docket/shared';
import { type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { fieldCheck, planHelpers, startListShapeApp } from '../../test-support/list-shape-fixture.ts';
import { learnedShapes } from '../../platform/records/list-shape-stats.ts';
import { documentIndexes } from '../../platform/records/index-catalog.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { MIN_SHAPE_REQUESTS } from './list-indexes.service.ts';
import type { Tables } from '../../platform/db/tables.ts';

describe.each(testDialects)('the Indexes tab on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let orgId: number;
  let helpers: ReturnType<typeof planHelpers>;

  beforeAll(async () => {
    const app = await startListShapeApp(dialect);
    ({ t, admin, orgId } = app);
    helpers = planHelpers(app, dialect);
  }, 120_000);
  afterAll(async () => t.close());

  const expectOneRangeScan: typeof helpers.expectOneRangeScan = (...args) => helpers.expectOneRangeScan(...args);

  it('learns shapes in the database and suggests an index for a slow one', async () => {
    const filter = encodeURIComponent("area = 'yard' AND risk = 'High'");
    for (let i = 0; i < 3; i++) {
      const answer = await t.as(admin, { method: 'GET', url: `/v3/demo/field_check?count=${10 + i}&filter=${filter}` });
      expect(answer.statusCode).toBe(200);
    }
    const learned = await learnedShapes(t.ctx.database, orgId, 'field_check');
    expect(learned.find((entry) => entry.shape === 'area,risk|observed_at')?.requests).toBe(3);
    // Another process's flush: the same shape was slow there (20 requests at ≤ 200 ms).
    await sql`UPDATE list_shape_stats SET requests = requests + 20, total_ms = total_ms + 3000, h200 = h200 + 20
      WHERE org_id = ${orgId} AND doc_type = 'field_check' AND shape = 'area,risk|observed_at'`.execute(t.ctx.database.db);
    const tab = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer;
    const suggestion = tab.suggested.find((entry) => entry.shape === 'area,risk|observed_at');
    expect(suggestion).toMatchObject({ equality: ['area', 'risk'], order: 'observed_at', requests: 23, p95Ms: 200 });
    expect(suggestion!.savedMs).toBeGreaterThan(2000);
    expect(tab.existing.some((entry) => entry.kind === 'derived' && entry.shape === 'area|observed_at')).toBe(true);
    expect(tab.existing.some((entry) => entry.kind === 'base')).toBe(true);
  });

  /** Whether the Indexes tab of field_check suggests an index for `shape`. */
  const isSuggested = async (shape: string) =>
    ((await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer).suggested.some(
      (entry) => entry.shape === shape,
    );

  /** field_check's tab in `appId`, read once no build is pending (the app's own job worker may hold one through its ANALYZE). */
  async function settledTab(token: string, appId: string): Promise<ListIndexesAnswer> {
    const url = `/v3/${appId}/$$schema/indexes/field_check`;
    let tab = (await t.as(token, { method: 'GET', url })).json() as ListIndexesAnswer;
    for (let wait = 0; tab.building.length > 0 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      tab = (await t.as(token, { method: 'GET', url })).json() as ListIndexesAnswer;
    }
    return tab;
  }

  /** The tally of `shape` as the server's flushes leave it: `requests` in all, every one in `bucket` (the histogram column of its bound). */
  async function setShapeTally(shape: string, requests: number, totalMs: number, bucket: 'h2' | 'h5' | 'h10' | 'h1000'): Promise<void> {
    const db = t.ctx.database.db;
    await sql`DELETE FROM list_shape_stats WHERE org_id = ${orgId} AND doc_type = 'field_check' AND shape = ${shape}`.execute(db);
    await sql`INSERT INTO list_shape_stats (org_id, doc_type, shape, requests, total_ms, last_seen, ${sql.ref(bucket)})
      VALUES (${orgId}, 'field_check', ${shape}, ${requests}, ${totalMs}, ${new Date().toISOString()}, ${requests})`.execute(db);
  }

  it('suggests a shape once its p95 passes 2 ms, not before', async () => {
    const shape = 'area,risk|created_date';
    await setShapeTally(shape, 100, 150, 'h2');
    expect(await isSuggested(shape)).toBe(false);
    // 100 more requests at 2–5 ms each: the p95 is now in the ≤ 5 ms bucket.
    await sql`UPDATE list_shape_stats SET requests = requests + 100, total_ms = total_ms + 400, h5 = h5 + 100
      WHERE org_id = ${orgId} AND doc_type = 'field_check' AND shape = ${shape}`.execute(t.ctx.database.db);
    expect(await isSuggested(shape)).toBe(true);
  });

  it('suggests a shape asked once only when that once was slow enough to matter', async () => {
    const shape = 'risk|created_date';
    // One request at 5–10 ms (a fresh server's first list): no pattern, nothing to save.
    await setShapeTally(shape, 1, 7, 'h10');
    expect(await isSuggested(shape)).toBe(false);
    // Asked MIN_SHAPE_REQUESTS times in all, at that speed: a pattern.
    await setShapeTally(shape, MIN_SHAPE_REQUESTS, 7 * MIN_SHAPE_REQUESTS, 'h10');
    expect(await isSuggested(shape)).toBe(true);
    // Two requests of 0.8 s each are worth an index too.
    await setShapeTally(shape, 2, 1600, 'h1000');
    expect(await isSuggested(shape)).toBe(true);
    await sql`DELETE FROM list_shape_stats WHERE org_id = ${orgId} AND shape = ${shape}`.execute(t.ctx.database.db);
  });

  it('refuses a suggestion on an unknown field or an array field with its message', async () => {
    const post = (equality: string[], orderField: string) =>
      t.as(admin, { method: 'POST', url: '/v3/demo/$$schema/indexes/field_check', payload: { equality, order: orderField } });
    const unknown = await post(['nope'], 'observed_at');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_description).toBe(INDEX_UNKNOWN_FIELD('nope', 'field_check'));
    const array = await post(['tags'], 'observed_at');
    expect(array.statusCode).toBe(400);
    expect(array.json().error_description).toBe(INDEX_ARRAY_FIELD('tags'));
    expect((await post(['area'], 'tags')).statusCode).toBe(400);
  });

  it('adds the suggested index as a job; the shape is then one range scan; dropping it changes no answer', async () => {
    const fieldCheckType = { ...fieldCheck, version: 3 } as unknown as DocumentSchema;
    const added = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/$$schema/indexes/field_check',
      payload: { equality: ['risk', 'area'], order: 'observed_at' },
    });
    expect(added.statusCode, added.body).toBe(202);
    const name = added.json().name as string;
    expect(name).toMatch(/^ux_field_check_/);
    const pending = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer;
    expect(pending.building).toEqual(['area,risk|observed_at']);
    await runJobsOnce(t.ctx, `list-indexes-${dialect}`);
    // The app's own job worker may have claimed the build first: its job is done only after the
    // statistics that follow the build (ANALYZE), so the tab is read once no build is pending.
    let tab = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer;
    for (let wait = 0; tab.building.length > 0 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      tab = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).json() as ListIndexesAnswer;
    }
    expect(tab.existing.find((entry) => entry.name === name)).toMatchObject({ kind: 'added', shape: 'area,risk|observed_at' });
    expect(tab.suggested.map((entry) => entry.shape)).not.toContain('area,risk|observed_at');
    expect(tab.building).toEqual([]);
    if (dialect === 'postgres') await sql`VACUUM documents`.execute(t.ctx.database.db);
    await expectOneRangeScan(fieldCheckType, "area = 'yard' AND risk = 'High'", 'observed_at desc', /ux_field_check_\w+/);

    const page = async (count: number) => {
      const url = `/v3/demo/field_check?count=${count}&start=40&filter=${encodeURIComponent("area = 'yard' AND risk = 'High'")}`;
      const answer = (await t.as(admin, { method: 'GET', url })).json();
      return { ids: answer.dataAr.map((d: { id: number }) => d.id) as number[], total: answer.total as number };
    };
    const indexed = await page(30);
    expect(indexed.ids).toHaveLength(30);
    expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/$$schema/indexes/field_check/${name}` })).statusCode).toBe(200);
    // Another page size: a different request, so no answer cache can serve it.
    const after = await page(29);
    expect(after).toEqual({ ids: indexed.ids.slice(0, 29), total: indexed.total });
    const base = await t.as(admin, { method: 'DELETE', url: '/v3/demo/$$schema/indexes/field_check/documents_type_created' });
    expect(base.statusCode).toBe(400);
  });

  it('shows and drops only the indexes an organisation added, though both organisations share them', async () => {
    const acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const saved = await t.as(acmeAdmin, { method: 'POST', url: '/v3/acme/$$schema', payload: fieldCheck });
    expect(saved.statusCode, saved.body).toBe(201);
    const shape = { equality: ['area', 'risk', 'site_id'], order: 'observed_at' };
    const tabOf = async (token: string, appId: string) =>
      (await settledTab(token, appId)).existing.filter((entry) => entry.kind === 'added').map((entry) => `${entry.name} ${entry.shape}`);
    const add = async (token: string, appId: string) => {
      const answer = await t.as(token, { method: 'POST', url: `/v3/${appId}/$$schema/indexes/field_check`, payload: shape });
      expect(answer.statusCode, answer.body).toBe(202);
      await runJobsOnce(t.ctx, `list-indexes-claims-${dialect}`);
      return answer.json().name as string;
    };
    const drop = (token: string, appId: string, name: string) =>
      t.as(token, { method: 'DELETE', url: `/v3/${appId}/$$schema/indexes/field_check/${name}` });
    const exists = async (name: string) => (await documentIndexes(t.ctx.database)).some((index) => index.name === name);

    const name = await add(admin, 'demo');
    expect(await tabOf(admin, 'demo')).toEqual([`${name} area,risk,site_id|observed_at`]);
    // The same definition in the other organisation is served by the same index, but it is not theirs.
    expect(await tabOf(acmeAdmin, 'acme')).toEqual([]);
    const refused = await drop(acmeAdmin, 'acme', name);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe(INDEX_NOT_ADDED);
    expect(await exists(name)).toBe(true);

    // Asked for by both, it stays until neither wants it.
    expect(await add(acmeAdmin, 'acme')).toBe(name);
    expect(await tabOf(acmeAdmin, 'acme')).toEqual([`${name} area,risk,site_id|observed_at`]);
    expect((await drop(admin, 'demo', name)).statusCode).toBe(200);
    expect(await tabOf(admin, 'demo')).toEqual([]);
    expect(await exists(name)).toBe(true);
    expect((await drop(admin, 'demo', name)).statusCode).toBe(400);
    expect((await drop(acmeAdmin, 'acme', name)).statusCode).toBe(200);
    expect(await exists(name)).toBe(false);
  });

  it('adds the shape for the members limited to their sites when asked, in the organisation that has them', async () => {
    const fieldCheckType = { ...fieldCheck, version: 3 } as unknown as DocumentSchema;
    const acmeAdmin = (await t.signIn('admin@acme.local')).access;
    // The demo's site manager and editor each reach one site; acme (its field_check saved by the test before) has no one limited.
    expect((await settledTab(admin, 'demo')).limitedBy).toEqual(['site_id']);
    expect((await settledTab(acmeAdmin, 'acme')).limitedBy).toEqual([]);

    const add = async (appId: string, token: string, forLimited: boolean) => {
      const url = `/v3/${appId}/$$schema/indexes/field_check`;
      const answer = await t.as(token, { method: 'POST', url, payload: { equality: ['risk'], order: 'observed_at', forLimited } });
      expect(answer.statusCode, answer.body).toBe(202);
      await runJobsOnce(t.ctx, `list-indexes-limited-${dialect}`);
      return answer.json() as AddedListIndexes;
    };
    const drop = (appId: string, token: string, name: string) =>
      t.as(token, { method: 'DELETE', url: `/v3/${appId}/$$schema/indexes/field_check/${name}` });
    const addedShapes = async (token: string, appId: string) =>
      (await settledTab(token, appId)).existing.filter((entry) => entry.kind === 'added').map((entry) => entry.shape);

    expect(await add('acme', acmeAdmin, true)).toMatchObject({ shape: 'risk|observed_at', alsoFor: [] });
    const added = await add('demo', admin, true);
    expect(added).toMatchObject({ shape: 'risk|observed_at', alsoFor: [{ shape: 'risk,site_id|observed_at' }] });
    const limited = added.alsoFor[0]!.name;
    expect(limited).toMatch(/^ux_field_check_/);
    expect(await addedShapes(admin, 'demo')).toEqual(expect.arrayContaining(['risk|observed_at', 'risk,site_id|observed_at']));
    expect(await addedShapes(acmeAdmin, 'acme')).toEqual(['risk|observed_at']);
    if (dialect === 'postgres') await sql`VACUUM documents`.execute(t.ctx.database.db);
    // A member of one site reads this shape with `site_id` fixed: the added index serves them in one range scan.
    await expectOneRangeScan(fieldCheckType, "risk = 'High' AND site_id = 1", 'observed_at desc', new RegExp(limited));

    for (const name of [added.name, limited]) expect((await drop('demo', admin, name)).statusCode).toBe(200);
    expect((await drop('acme', acmeAdmin, added.name)).statusCode).toBe(200);
    // Not asked: the shape alone.
    const plain = await add('demo', admin, false);
    expect(plain).toMatchObject({ shape: 'risk|observed_at', alsoFor: [] });
    expect(await addedShapes(admin, 'demo')).toEqual(['risk|observed_at']);
    expect((await drop('demo', admin, plain.name)).statusCode).toBe(200);
  });

  it('reads the builds before the indexes, so a build that ends between the two reads shows in one of them', async () => {
    const database = t.ctx.database as { db: Kysely<Tables> };
    const plain = database.db;
    const statements: string[] = [];
    database.db = plain.withPlugin({
      transformQuery: (args) => {
        statements.push(plain.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    try {
      expect((await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/field_check' })).statusCode).toBe(200);
    } finally {
      database.db = plain;
    }
    const builds = statements.findIndex((text) => /from "jobs"/i.test(text));
    const indexes = statements.findIndex((text) => /sqlite_master|pg_index/.test(text));
    expect(builds).toBeGreaterThanOrEqual(0);
    expect(indexes).toBeGreaterThan(builds);
  });

  it('refuses the Indexes tab to a member who does not administer type schemas', async () => {
    const editor = (await t.signIn('editor@demo.local')).access;
    expect((await t.as(editor, { method: 'GET', url: '/v3/demo/$$schema/indexes/incident' })).statusCode).toBe(403);
  });
});
