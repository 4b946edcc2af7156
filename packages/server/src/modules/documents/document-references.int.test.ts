/**
 * What a document body may not set or name, on both databases (docs/product/documents-and-schemas.md,
 * docs/product/access.md): server-controlled keys are dropped on create and update (never stored);
 * a zone must be a zone of the document's site; a module must exist; person fields name members
 * of the document's organisation only — also an identity whose e-mail another organisation shares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../platform/db/json.ts';
import { addMember, placesOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { MODULE_NOT_FOUND, NOT_A_MEMBER, ZONE_NOT_OF_SITE } from './document-references.ts';

/** Every server-controlled key a hostile body tries, with a value the server would never store. */
const forged: Record<string, unknown> = {
  closed: true,
  closed_date: '2001-01-01T00:00:00.000Z',
  status_date: '2001-01-01T00:00:00.000Z',
  due_date: '2001-01-01T00:00:00.000Z',
  id: 999_999,
  org_id: 999,
  org: 'acme',
  app_id: 'acme',
  display_id: 'FORGED-1',
  doc_type: 'site',
  created_by: 'forged-uuid',
  created_date: '2001-01-01T00:00:00.000Z',
  updated_by: 'forged-uuid',
  updated_date: '2001-01-01T00:00:00.000Z',
  status: 'Closed',
  workflow: { status: 'Closed', closed: true },
  workflow_version: 42,
  version: 42,
  access: { editor: true, delete: true },
  attachments: [{ name: 'forged.pdf' }],
  ref: 'EXT-FORGED',
};

describe.each(testDialects)('what a document body cannot set or name, on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  let zoneOfA: number;
  let zoneOfB: number;
  let acmeZone: number;

  const zoneOf = async (appId: string, siteId: number) => {
    const row = await t.ctx.database.db
      .selectFrom('documents')
      .select('id')
      .where('doc_type', '=', 'zone')
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!row) throw new Error(`no zone at site ${siteId} of ${appId}`);
    return Number(row.id);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await workflowCast(t);
    zoneOfA = await zoneOf('demo', cast.siteA);
    zoneOfB = await zoneOf('demo', cast.siteB);
    const acme = await placesOf(t, 'acme');
    acmeZone = await zoneOf('acme', [...acme.sites.values()][0]!);
  });
  afterAll(async () => t.close());

  const incidentBody = () => ({
    summary: 'Refused reference',
    descrip: 'Wet floor near the entrance',
    incident_date: '2026-03-01T09:00:00.000Z',
    category: 'Injury',
    site_id: cast.siteA,
  });
  const storedRow = (id: number) => t.ctx.database.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  function expectNothingForged(row: Awaited<ReturnType<typeof storedRow>>, answer: Record<string, unknown>, author: string) {
    const data = readJson<Record<string, unknown>>(row.data, {});
    for (const key of Object.keys(forged)) expect(Object.hasOwn(data, key), key).toBe(false);
    expect(row).toMatchObject({ org_id: cast.orgId, doc_type: 'incident', closed: 0, closed_date: null, ref: null, created_by: author });
    expect(row.display_id).not.toBe('FORGED-1');
    expect(row.created_date).not.toContain('2001');
    expect(row.updated_date).not.toContain('2001');
    expect(row.status).not.toBe('Closed');
    expect(row.due_date ?? '').not.toContain('2001');
    expect(row.status_date ?? '').not.toContain('2001');
    expect(Number(row.version)).toBeLessThan(42);
    expect(Number(row.workflow_version)).toBeLessThan(42);
    expect(readJson<unknown[]>(row.attachments, [])).toEqual([]);
    expect(answer).not.toHaveProperty('closed');
    expect(answer).not.toHaveProperty('due_date');
    expect(answer).not.toHaveProperty('org');
    expect(answer).not.toHaveProperty('attachments');
    expect(answer.meta).toMatchObject({ ref: null, access: { editor: true } });
  }

  it('drops every server-controlled key from a create', async () => {
    const created = await createIncident(t, cast.tokens.editorA, cast.siteA, forged);
    expect(created.id).not.toBe(999_999);
    expectNothingForged(await storedRow(created.id), created, cast.uuids.editorA);
  });

  it('drops every server-controlled key from an update', async () => {
    const created = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const updated = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${created.id}`,
      payload: { ...created, summary: 'Edited with forged keys', ...forged, meta: created.meta },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().summary).toBe('Edited with forged keys');
    expectNothingForged(await storedRow(created.id), updated.json(), cast.uuids.editorA);
  });

  it('refuses a body carrying __proto__ on create and update, storing nothing of it', async () => {
    const created = await createIncident(t, cast.tokens.editorA, cast.siteA);
    const hostile = (extra: object) => JSON.stringify({ ...extra, summary: 'Polluted' }).replace(/^\{/, '{"__proto__":{"polluted":true},');
    const headers = { 'content-type': 'application/json' };
    const create = await t.as(cast.tokens.editorA, { method: 'POST', url: '/v3/demo/incident', payload: hostile({}), headers });
    const update = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${created.id}`,
      payload: hostile({ ...created }),
      headers,
    });
    expect(create.statusCode).toBe(400);
    expect(update.statusCode).toBe(400);
    expect((await storedRow(created.id)).summary).not.toBe('Polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps an action's own due_date field, the one server-controlled name a type may own", async () => {
    const action = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/action',
      payload: { summary: 'Fix the latch', due_date: '2030-01-01', actionee_ids: [cast.uuids.readerA], site_id: cast.siteA, closed: true },
    });
    expect(action.statusCode).toBe(201);
    expect(action.json()).toMatchObject({ due_date: '2030-01-01', meta: { workflow: { closed: false } } });
  });

  it("accepts a zone of the document's site and refuses one of another site or organisation", async () => {
    expect((await createIncident(t, cast.tokens.editorA, cast.siteA, { zone_id: zoneOfA })).zone_id).toBe(zoneOfA);
    for (const zone of [zoneOfB, acmeZone, 987_654, cast.siteA]) {
      const refused = await t.as(cast.tokens.editorA, {
        method: 'POST',
        url: '/v3/demo/incident',
        payload: { ...incidentBody(), zone_id: zone },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error_description: ZONE_NOT_OF_SITE, details: [{ path: 'zone_id' }] });
    }
    const created = await createIncident(t, cast.tokens.editorA, cast.siteA, { zone_id: zoneOfA });
    const moved = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${created.id}`,
      payload: { ...created, zone_id: zoneOfB },
    });
    expect(moved.statusCode).toBe(400);
    expect((await storedRow(created.id)).zone_id).toBe(zoneOfA);
  });

  it('refuses a module that does not exist in the organisation; the default module 1 is always there', async () => {
    const missing = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: { ...incidentBody(), module_id: 987_654 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error_description: MODULE_NOT_FOUND, details: [{ path: 'module_id' }] });
    expect((await createIncident(t, cast.tokens.editorA, cast.siteA, { module_id: 1 })).module_id).toBe(1);
  });

  it("accepts only members of the document's organisation in person fields, also with an e-mail two organisations share", async () => {
    const acme = await placesOf(t, 'acme');
    const tag = Math.random().toString(36).slice(2, 8);
    // The same person in both organisations, and a person of the other organisation only.
    const shared = await addMember(t, acme.orgId, { email: `shared-${tag}@both.example`, level: 2 });
    await t.ctx.database.db
      .insertInto('memberships')
      .values({ org_id: cast.orgId, identity_uuid: shared, created_date: new Date().toISOString() })
      .execute();
    const stranger = await addMember(t, acme.orgId, { email: `stranger-${tag}@acme.example`, level: 2 });

    const withShared = await createIncident(t, cast.tokens.editorA, cast.siteA, { actionee_ids: [shared], reporter_id: shared });
    expect(withShared.actionee_ids).toEqual([shared]);
    for (const people of [{ actionee_ids: [cast.uuids.readerA, stranger] }, { reporter_id: stranger }, { reviewer_ids: [stranger] }]) {
      const refused = await t.as(cast.tokens.editorA, {
        method: 'POST',
        url: '/v3/demo/incident',
        payload: { ...incidentBody(), ...people },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_description).toContain(NOT_A_MEMBER);
    }
    const updated = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/incident/${withShared.id}`,
      payload: { ...withShared, actionee_ids: [stranger] },
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().details).toEqual([{ path: 'actionee_ids/0', message: expect.stringContaining(NOT_A_MEMBER) }]);
    expect(readJson<Record<string, unknown>>((await storedRow(withShared.id)).data, {}).actionee_ids).toEqual([shared]);
  });
});
