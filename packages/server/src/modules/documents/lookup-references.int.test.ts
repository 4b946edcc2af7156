/**
 * A lookup field (`x-lookup: {doc_type}`) names a document of its type in the writer's
 * organisation that the writer may read, on both databases
 * (docs/product/documents-and-schemas.md#references): a site's region, a region item's region, a
 * metric's report, a project's client, a travel request's currency, a custom type's lookup of a
 * located type; and the default site and currency of the preferences. Another organisation's
 * record and one the writer may not read get the same 400 as a missing one; an edit keeping a
 * reference the document already held saves even when that record has gone since.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { addTravelOnlyEditor, placesOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';
import { REFERENCE_NOT_FOUND, referenceNotFound } from './lookup-references.ts';

const MISSING_ID = 987_654;

describe.each(testDialects)('lookup references on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  let admin: string;
  let acmeAdmin: string;
  let adminUuid: string;
  let ownRegion: number;
  let ownSite: number;
  let acmeRegion: number;
  let acmeSite: number;
  const own: Record<'client' | 'currency' | 'report', number> = { client: 0, currency: 0, report: 0 };
  const acme: Record<'client' | 'currency' | 'report', number> = { client: 0, currency: 0, report: 0 };
  /** A member who may create travel requests and nothing else: no currency is theirs to read. */
  let travelOnly: string;
  let travelOnlyUuid: string;

  const post = (token: string, url: string, payload: object) => t.as(token, { method: 'POST', url, payload });
  const idOf = async (token: string, url: string, payload: object) => {
    const created = await post(token, url, payload);
    expect(created.statusCode, created.body).toBe(201);
    return Number(created.json().id);
  };
  const expectRefused = (answer: { statusCode: number; json(): unknown }, path: string, message: string) => {
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: true, error_description: message, details: [{ path, message }] });
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    cast = await workflowCast(t);
    admin = cast.tokens.admin;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const demo = await placesOf(t, 'demo');
    const acmePlaces = await placesOf(t, 'acme');
    adminUuid = (await t.as(admin, { method: 'GET', url: '/v3/account/session' })).json().user.uuid;
    ownRegion = [...demo.regions.values()][0]!;
    ownSite = cast.siteA;
    acmeRegion = [...acmePlaces.regions.values()][0]!;
    acmeSite = [...acmePlaces.sites.values()][0]!;
    for (const [appId, token, into] of [
      ['demo', admin, own],
      ['acme', acmeAdmin, acme],
    ] as const) {
      into.client = await idOf(token, `/v3/${appId}/client`, { title: `Client of ${appId}` });
      into.currency = await idOf(token, `/v3/${appId}/currency`, { title: 'Euro', symbol: '€', descrip: 'Euro' });
      into.report = await idOf(token, `/v3/${appId}/report`, { title: `Report of ${appId}`, data_frequency: 3, cover_scopes: [1] });
    }
    ({ uuid: travelOnlyUuid, token: travelOnly } = await addTravelOnlyEditor(t, demo.orgId, dialect));
  }, 120_000);
  afterAll(async () => t.close());

  it("refuses a site in another organisation's region or in none, and stores one in its own", async () => {
    const site = (regionId: number) => post(admin, '/v3/demo/site', { title: 'Refused site', region_id: regionId });
    for (const region of [acmeRegion, MISSING_ID, ownSite]) expectRefused(await site(region), 'region_id', REFERENCE_NOT_FOUND.region!);
    expect((await site(ownRegion)).json()).toMatchObject({ region_id: ownRegion });
  });

  it("refuses a region item of another organisation's region", async () => {
    // The period's refresh job creates its items.
    expect((await t.as(admin, { method: 'POST', url: `/reporting/${own.report}?year=2025&month=12` })).statusCode).toBe(200);
    await runJobsOnce(t.ctx, `lookup-references-${dialect}`);
    const regionItem = (regionId: number) =>
      post(admin, '/v3/demo/report_data', { report_id: own.report, report_date: '2025-12-01', scope: 2, region_id: regionId });
    for (const region of [acmeRegion, MISSING_ID]) expectRefused(await regionItem(region), 'region_id', REFERENCE_NOT_FOUND.region!);
    const stored = await regionItem(ownRegion);
    expect(stored.statusCode, stored.body).toBe(201);
  });

  it("refuses a metric of another organisation's report", async () => {
    const metric = (reportId: number, name: string) =>
      post(admin, '/v3/demo/report_metric', { report_id: reportId, name, label: name, descrip: name, unit: '#', type: 0 });
    for (const report of [acme.report, MISSING_ID])
      expectRefused(await metric(report, 'foreign'), 'report_id', REFERENCE_NOT_FOUND.report!);
    expect((await metric(own.report, 'visits')).statusCode).toBe(201);
  });

  it("refuses a project of another organisation's client", async () => {
    const project = (clientId: number) => post(admin, '/v3/demo/project', { title: 'Bridge', client_id: clientId });
    for (const client of [acme.client, MISSING_ID, own.currency])
      expectRefused(await project(client), 'client_id', REFERENCE_NOT_FOUND.client!);
    expect((await project(own.client)).json()).toMatchObject({ client_id: own.client });
    const acmeProject = await post(acmeAdmin, '/v3/acme/project', { title: 'Bridge', client_id: own.client });
    expectRefused(acmeProject, 'client_id', REFERENCE_NOT_FOUND.client!);
  });

  it("refuses a travel request in another organisation's currency, or one its writer may not read", async () => {
    const travel = (token: string, currencyId: number) =>
      post(token, '/v3/demo/worksafe_travel_request', {
        summary: 'Site visit',
        destination: 'Lyon',
        purpose: 'Audit',
        depart_date: '2026-05-04',
        return_date: '2026-05-06',
        approver_ids: [adminUuid],
        estimated_cost: 420,
        currency_id: currencyId,
      });
    for (const currency of [acme.currency, MISSING_ID])
      expectRefused(await travel(admin, currency), 'currency_id', REFERENCE_NOT_FOUND.currency!);
    expect((await travel(admin, own.currency)).json()).toMatchObject({ currency_id: own.currency });
    // The same currency, named by a member whose grant reaches travel requests only.
    expectRefused(await travel(travelOnly, own.currency), 'currency_id', REFERENCE_NOT_FOUND.currency!);
    const withoutCurrency = await post(travelOnly, '/v3/demo/worksafe_travel_request', {
      summary: 'Site visit',
      destination: 'Lyon',
      purpose: 'Audit',
      depart_date: '2026-05-04',
      return_date: '2026-05-06',
      approver_ids: [travelOnlyUuid],
    });
    expect(withoutCurrency.statusCode, withoutCurrency.body).toBe(201);
  });

  it('refuses, in a custom type, an incident at a site its site-limited writer may not read', async () => {
    const schema = {
      type: 'incident_note',
      description: 'Notes on incidents',
      category: 'Quality',
      idMask: 'IN-{seq:3}',
      form: {
        title: 'Incident note',
        schema: {
          type: 'object',
          required: ['summary'],
          properties: {
            summary: { type: 'string', minLength: 1 },
            incidents: { type: 'array', items: { type: 'integer', 'x-lookup': { doc_type: 'incident' } } },
          },
        },
      },
      view: { title: 'Incident notes', table: { schema: [{ id: 'summary', label: 'Summary' }] } },
    };
    expect((await post(admin, '/v3/demo/$$schema', schema)).statusCode).toBe(201);
    const atA = (await createIncident(t, cast.tokens.editorA, cast.siteA)).id;
    const atB = (await createIncident(t, cast.tokens.managerB, cast.siteB)).id;
    const note = (token: string, incidents: number[]) => post(token, '/v3/demo/incident_note', { summary: 'Seen', incidents });
    // editorA's grant is at site A: the incident at site B is not theirs to read, nor to name.
    expectRefused(await note(cast.tokens.editorA, [atA, atB]), 'incidents.1', referenceNotFound('incident'));
    expect((await note(cast.tokens.editorA, [atA])).statusCode).toBe(201);
    expect((await note(admin, [atA, atB])).statusCode).toBe(201);
  });

  it('saves an edit keeping a reference the document held, even to a record gone since, and refuses a new one', async () => {
    const client = await idOf(admin, '/v3/demo/client', { title: 'Short-lived client' });
    const project = (await post(admin, '/v3/demo/project', { title: 'Tunnel', client_id: client })).json();
    expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/client/${client}` })).statusCode).toBe(200);
    const edit = (body: object) =>
      t.as(admin, { method: 'PUT', url: `/v3/demo/project/${project.id}`, payload: { ...project, ...body, meta: project.meta } });
    expectRefused(await edit({ title: 'Tunnel 2', client_id: acme.client }), 'client_id', REFERENCE_NOT_FOUND.client!);
    const kept = await edit({ title: 'Tunnel 2' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ title: 'Tunnel 2', client_id: client });
  });

  describe('preferences', () => {
    const put = (token: string, payload: object) => t.as(token, { method: 'PUT', url: '/v2/identity/me/prefs', payload });

    it("refuses another organisation's site or currency as a default, and one the user may not read", async () => {
      expectRefused(await put(admin, { site_id: acmeSite }), 'site_id', REFERENCE_NOT_FOUND.site!);
      expectRefused(await put(admin, { site_id: MISSING_ID }), 'site_id', REFERENCE_NOT_FOUND.site!);
      expectRefused(await put(admin, { currency_id: acme.currency }), 'currency_id', REFERENCE_NOT_FOUND.currency!);
      expect((await put(admin, { site_id: ownSite, currency_id: own.currency })).json()).toMatchObject({
        site_id: ownSite,
        currency_id: own.currency,
      });
      // A member whose grant reaches travel requests only reads no site: the same site is refused.
      expectRefused(await put(travelOnly, { site_id: ownSite }), 'site_id', REFERENCE_NOT_FOUND.site!);
      expect((await put(travelOnly, { site_id: 0, currency_id: 0 })).statusCode).toBe(200);
      // The stored default stays a default when sent again (another key changed with it).
      expect((await put(admin, { site_id: ownSite, lang: 'en' })).statusCode).toBe(200);
      expect((await put(acmeAdmin, { site_id: acmeSite })).json()).toMatchObject({ site_id: acmeSite });
    });
  });
});
