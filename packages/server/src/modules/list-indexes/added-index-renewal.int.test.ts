/**
 * Added indexes follow their type (added-index-renewal.ts, docs/product/forms-and-lists.md#list-indexes),
 * on both databases and with two organisations sharing an index: a schema save that changes what
 * a shape's index holds renews the saving organisation's added index under its new name (built,
 * claimed, the old claim given up, the old index dropped once no organisation claims it); the list
 * then reads the new one; a shape no index can hold any more loses its claim; the ticker finds a
 * claim a release left behind; on PostgreSQL the old index of a stored order stays until the stored
 * values are ready.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSchema, ListIndexesAnswer } from '@docket/shared';
import { sql } from 'kysely';
import { type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { fieldCheck, planHelpers, startListShapeApp, type ListShapeApp } from '../../test-support/list-shape-fixture.ts';
import { documentIndexes } from '../../platform/records/index-catalog.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { allClaims } from './index-claims.ts';
import { queueRenewals, staleClaims } from './added-index-renewal.ts';

const SHAPE = 'risk|observed_at';

describe.each(testDialects)('added indexes follow their type on %s', (dialect) => {
  let app: ListShapeApp;
  let t: TestApp;
  let admin: string;
  let acmeAdmin: string;
  let acmeId: number;

  beforeAll(async () => {
    // No job worker of the app's own: the test runs the jobs, and no ticker settles a key it has set aside.
    app = await startListShapeApp(dialect, { jobs: false });
    ({ t, admin } = app);
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const saved = await t.as(acmeAdmin, { method: 'POST', url: '/v3/acme/$$schema', payload: fieldCheck });
    expect(saved.statusCode, saved.body).toBe(201);
    acmeId = Number(
      (await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', 'acme').executeTakeFirstOrThrow()).id,
    );
  }, 120_000);
  afterAll(async () => t.close());

  /** Runs the queued jobs that are due. */
  const runJobs = () => runJobsOnce(t.ctx, `renewal-${dialect}`);

  const addedOf = async (token: string, appId: string) => {
    const tab = (await t.as(token, { method: 'GET', url: `/v3/${appId}/$$schema/indexes/field_check` })).json() as ListIndexesAnswer;
    return tab.existing.filter((entry) => entry.kind === 'added').map((entry) => `${entry.name} ${entry.shape}`);
  };
  const exists = async (name: string) => (await documentIndexes(t.ctx.database)).some((index) => index.name === name);
  const add = async (token: string, appId: string) => {
    const answer = await t.as(token, {
      method: 'POST',
      url: `/v3/${appId}/$$schema/indexes/field_check`,
      payload: { equality: ['risk'], order: 'observed_at' },
    });
    expect(answer.statusCode, answer.body).toBe(202);
    await runJobs();
    return answer.json().name as string;
  };
  /** Saves field_check in `appId` as `changes` make it. */
  const save = async (token: string, appId: string, changes: (schema: typeof fieldCheck) => unknown) => {
    const url = `/v3/${appId}/$$schema?filter=${encodeURIComponent("type = 'field_check'")}`;
    const [current] = (await t.as(token, { method: 'GET', url })).json().dataAr;
    const updated = await t.as(token, {
      method: 'PUT',
      url: `/v3/${appId}/$$schema/${current.id}`,
      payload: { ...(changes(structuredClone(fieldCheck)) as object), meta: { version: current.meta.version } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
  };

  it('renews an organisation’s added index when its schema changes what the index holds, keeping the one the other organisation still claims', async () => {
    const first = await add(admin, 'demo');
    expect(await add(acmeAdmin, 'acme')).toBe(first);

    // A default filter on `area`: every index of the type now covers it, the shape's index has a new name.
    await save(admin, 'demo', (schema) => ({ ...schema, filter: { ...schema.filter, defaultFilter: "area = 'yard'" } }));
    await runJobs();
    const [renewed] = (await addedOf(admin, 'demo')).map((entry) => entry.split(' ')[0]!);
    expect(renewed).toMatch(/^ux_field_check_/);
    expect(renewed).not.toBe(first);
    expect(await addedOf(admin, 'demo')).toEqual([`${renewed} ${SHAPE}`]);
    expect(await exists(renewed!)).toBe(true);
    // Acme's definition is unchanged: its claim, and so the index, stay.
    expect(await addedOf(acmeAdmin, 'acme')).toEqual([`${first} ${SHAPE}`]);
    expect(await exists(first)).toBe(true);
    expect(await staleClaims(t.ctx)).toEqual([]);

    // The demo's list of that shape reads the renewed index.
    const demoType = (await typeRegistryFor(t.ctx.database).get(app.orgId, 'field_check')) as DocumentSchema;
    if (dialect === 'postgres') await sql`VACUUM documents`.execute(t.ctx.database.db);
    await planHelpers(app, dialect).expectOneRangeScan(
      demoType,
      "area = 'yard' AND risk = 'High'",
      'observed_at desc',
      new RegExp(renewed!),
    );

    // Acme makes the same change: it takes the index already built, and the old one, claimed by no one now, goes.
    await save(acmeAdmin, 'acme', (schema) => ({ ...schema, filter: { ...schema.filter, defaultFilter: "area = 'yard'" } }));
    await runJobs();
    expect(await addedOf(acmeAdmin, 'acme')).toEqual([`${renewed} ${SHAPE}`]);
    expect(await exists(first)).toBe(false);
    expect(await exists(renewed!)).toBe(true);
  });

  it('gives up the claim of a shape no index can hold any more, the index staying while another organisation claims it', async () => {
    const [name] = (await addedOf(admin, 'demo')).map((entry) => entry.split(' ')[0]!);
    // `risk` becomes a list of values: no index holds it.
    await save(admin, 'demo', (schema) => {
      schema.form.schema.properties.risk = { type: 'array', items: { type: 'string', enum: ['Low', 'Medium', 'High'] } } as never;
      return {
        ...schema,
        filter: { schema: { type: 'object', properties: { area: { type: 'string' } } }, defaultFilter: "area = 'yard'" },
      };
    });
    await runJobs();
    expect(await addedOf(admin, 'demo')).toEqual([]);
    expect((await allClaims(t.ctx.database, app.orgId)).map((claim) => claim.name)).not.toContain(name);
    expect(await exists(name!)).toBe(true);
    expect((await allClaims(t.ctx.database, acmeId)).map((claim) => claim.name)).toEqual([name]);
  });

  it('finds a claim a release left under another name on its ticker, once an hour', async () => {
    const [name] = (await allClaims(t.ctx.database, acmeId)).map((claim) => claim.name);
    // As a release that indexes the shape otherwise leaves it: the claim names an index the shape no longer gives.
    await t.ctx.database.db.updateTable('list_index_claims').set({ name: 'ux_field_check_before' }).where('org_id', '=', acmeId).execute();
    const now = new Date();
    expect((await queueRenewals(t.ctx, now)).map((claim) => `${claim.orgId} ${claim.name} ${claim.renewed}`)).toEqual([
      `${acmeId} ux_field_check_before ${name}`,
    ]);
    expect(await queueRenewals(t.ctx, now)).toEqual([]);
    await runJobs();
    expect(await addedOf(acmeAdmin, 'acme')).toEqual([`${name} ${SHAPE}`]);
    expect((await allClaims(t.ctx.database, acmeId)).map((claim) => claim.name)).toEqual([name]);
    expect(await exists(name!)).toBe(true);
  });

  it.runIf(dialect === 'postgres')('keeps the old index of a stored order until the stored values are ready, then retires it', async () => {
    const db = t.ctx.database.db;
    const registry = typeRegistryFor(t.ctx.database);
    const [name] = (await allClaims(t.ctx.database, acmeId)).map((claim) => claim.name);
    // Acme's field_check is ordered by its stored `observed_at`, being filled again (a default order changed back).
    await runJobs();
    expect(await registry.readyOrderField(acmeId, 'field_check')).toBe('observed_at');
    await sql`UPDATE document_order_keys SET state = 'filling' WHERE org_id = ${acmeId} AND doc_type = 'field_check'`.execute(db);
    await registry.reload(acmeId);
    await db.updateTable('list_index_claims').set({ name: 'ux_field_check_older' }).where('org_id', '=', acmeId).execute();
    await sql`CREATE INDEX ux_field_check_older ON documents (org_id) WHERE doc_type = 'field_check'`.execute(db);
    expect(await queueRenewals(t.ctx, new Date())).toHaveLength(1);
    await runJobs();
    // The renewed index is there and claimed, the old one kept while the lists cannot read the new one.
    expect((await allClaims(t.ctx.database, acmeId)).map((claim) => claim.name).sort()).toEqual([name, 'ux_field_check_older'].sort());
    expect(await exists('ux_field_check_older')).toBe(true);
    const waiting = await db.selectFrom('jobs').select(['id', 'run_after']).where('status', '=', 'pending').execute();
    expect(waiting).toHaveLength(1);
    expect(Date.parse(String(waiting[0]!.run_after))).toBeGreaterThan(Date.now() + 30_000);
    // The Indexes tab says which index the waiting build renews, to its own organisation only.
    const tabOf = async (token: string, appId: string) =>
      ((await t.as(token, { method: 'GET', url: `/v3/${appId}/$$schema/indexes/field_check` })).json() as ListIndexesAnswer).builds;
    expect(await tabOf(acmeAdmin, 'acme')).toEqual([
      expect.objectContaining({ shape: SHAPE, renews: 'ux_field_check_older', status: 'retiring' }),
    ]);
    expect((await tabOf(admin, 'demo')).filter((build) => build.renews !== null)).toEqual([]);

    await sql`UPDATE document_order_keys SET state = 'ready' WHERE org_id = ${acmeId} AND doc_type = 'field_check'`.execute(db);
    await registry.reload(acmeId);
    await db.updateTable('jobs').set({ run_after: new Date().toISOString() }).where('id', '=', waiting[0]!.id).execute();
    await runJobs();
    expect((await allClaims(t.ctx.database, acmeId)).map((claim) => claim.name)).toEqual([name]);
    expect(await exists('ux_field_check_older')).toBe(false);
  });
});
