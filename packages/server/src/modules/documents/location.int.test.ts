/** The region of a document follows from its site; sites must belong to the caller's organisation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { SITE_NOT_FOUND } from './location.ts';

interface Site {
  id: number;
  summary: string;
  region_id: number;
}

describe.each(testDialects)('document location on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let acmeAdmin: string;
  let sites: Site[];
  let acmeSite: Site;

  const incident = (siteId: number, regionId?: number) => ({
    summary: 'Slip in the quay area',
    descrip: 'Wet surface after rain.',
    incident_date: '2026-11-01T08:00:00.000Z',
    category: 'Near Miss',
    site_id: siteId,
    ...(regionId === undefined ? {} : { region_id: regionId }),
  });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    sites = (await t.as(admin, { method: 'GET', url: '/v3/demo/site?count=50' })).json().dataAr;
    acmeSite = (await t.as(acmeAdmin, { method: 'GET', url: '/v3/acme/site?count=50' })).json().dataAr[0];
  });
  afterAll(async () => t.close());

  it('stores the site’s region whatever region the body names', async () => {
    const north = sites.find((s) => s.summary === 'Harbour Depot')!;
    const south = sites.find((s) => s.summary === 'South Yard')!;
    expect(north.region_id).not.toBe(south.region_id);
    const created = await t.as(admin, { method: 'POST', url: '/v3/demo/incident', payload: incident(north.id, south.region_id) });
    expect(created.statusCode).toBe(201);
    expect(created.json().region_id).toBe(north.region_id);
    const moved = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/incident/${created.json().id}`,
      payload: { ...(created.json() as Record<string, unknown>), site_id: south.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().region_id).toBe(south.region_id);
  });

  it('refuses unknown and foreign sites', async () => {
    const unknown = await t.as(admin, { method: 'POST', url: '/v3/demo/incident', payload: incident(987654) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_description).toBe(SITE_NOT_FOUND);
    const foreign = await t.as(admin, { method: 'POST', url: '/v3/demo/incident', payload: incident(acmeSite.id) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error_description).toBe(SITE_NOT_FOUND);
  });
});
