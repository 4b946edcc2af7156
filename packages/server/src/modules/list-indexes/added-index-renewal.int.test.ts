/**
 * Added indexes follow their type (added-index-renewal.ts, docs/product/forms-and-lists.md#list-indexes),
 * on both databases and with two organisations sharing an index: a schema save that changes what
 * a shape's index holds renews the saving organisation's added index under its new name (built,
 * claimed, the old claim given up, the old index dropped once no organisation claims it); the list
 * then reads the new one; a shape no index can hold any more loses its claim; the ticker finds a
 * claim a release left behind.
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
    app = await startListShapeApp(dialect);
    ({ t, admin } = app);
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const saved = await t.as(acmeAdmin, { method: 'POST', url: '/v3/acme/$$schema', payload: fieldCheck });
    expect(saved.statusCode, saved.body).toBe(201);
    acmeId = Number(
      (await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', 'acme').executeTakeFirstOrThrow()).id,
    );
  }, 120_000);
  afterAll(async () => t.close());

  /** Runs the queued jobs until none is left (the app's own worker may hold one for a while). */
  async function runJobs(): Promise<void> {
    for (let round = 0; round < 50; round++) {
      await runJobsOnce(t.ctx, `renewal-${dialect}`);
      const pending = await t.ctx.database.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'like', 'list-indexes.%')
        .where('status', '=', 'pending')
        .execute();
      if (pending.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('list-index jobs still pending');
  }

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
});
