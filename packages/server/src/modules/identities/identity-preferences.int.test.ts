/**
 * An administrator writing a member's preferences on the identities screen, on both databases
 * (docs/product/identities-and-sign-in.md#preferences): the default site, currency and starred
 * metrics go to the member's preferences in the administrator's organisation, where the member's
 * own call reads them, and pass the same reference check: another organisation's site or report
 * is refused and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, placesOf, type Places } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { REFERENCE_NOT_FOUND } from '../documents/lookup-references.ts';
import { THEME_NOT_ALLOWED } from '../preferences/preferences.service.ts';

describe.each(testDialects)("an administrator's write of a member's preferences on %s", (dialect) => {
  let t: TestApp;
  let admin: string;
  let acmeAdmin: string;
  let demo: Places;
  let acme: Places;
  let acmeReport: number;

  const member = (uuid: string) => `/v3/demo/users/${uuid}`;
  const firstSite = (places: Places) => [...places.sites.values()][0]!;

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    demo = await placesOf(t, 'demo');
    acme = await placesOf(t, 'acme');
    const report = await t.as(acmeAdmin, {
      method: 'POST',
      url: '/v3/acme/report',
      payload: { title: 'Figures', data_frequency: 3, cover_scopes: [1] },
    });
    expect(report.statusCode, report.body).toBe(201);
    acmeReport = Number(report.json().id);
  }, 120_000);
  afterAll(async () => t.close());

  it("stores the default site where the member's own call reads it, and answers it back", async () => {
    const email = `site-pref-${dialect}@demo.local`;
    const uuid = await addMember(t, demo.orgId, { email, level: 6 });
    const site = firstSite(demo);
    const saved = await t.as(admin, { method: 'PUT', url: member(uuid), payload: { preferences: { lang: 'fr', site_id: site } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences).toEqual({ lang: 'fr', site_id: site });
    const own = await t.as((await t.signIn(email)).access, { method: 'GET', url: '/v2/identity/me/prefs?app=demo' });
    expect(own.json()).toMatchObject({ lang: 'fr', site_id: site });
    // Sending back what was read changes nothing.
    expect((await t.as(admin, { method: 'PUT', url: member(uuid), payload: saved.json() })).statusCode).toBe(200);
  });

  it("refuses another organisation's site or report and stores nothing", async () => {
    const uuid = await addMember(t, demo.orgId, { email: `foreign-pref-${dialect}@demo.local`, level: 6 });
    const kept = { mailAlerts: false, site_id: firstSite(demo) };
    expect((await t.as(admin, { method: 'PUT', url: member(uuid), payload: { preferences: kept } })).statusCode).toBe(200);
    for (const [preferences, message] of [
      [{ ...kept, site_id: firstSite(acme) }, REFERENCE_NOT_FOUND.site],
      [{ ...kept, metrics: [{ metric: 'trir', cat: 'itm', report_id: acmeReport }] }, REFERENCE_NOT_FOUND.report],
    ] as const) {
      const refused = await t.as(admin, { method: 'PUT', url: member(uuid), payload: { preferences } });
      expect([refused.statusCode, refused.json().error_description], JSON.stringify(preferences)).toEqual([400, message]);
    }
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/users',
      payload: { email: `created-foreign-${dialect}@demo.local`, display_name: 'Foreign Site', preferences: { site_id: firstSite(acme) } },
    });
    expect([created.statusCode, created.json().error_description]).toEqual([400, REFERENCE_NOT_FOUND.site]);
    expect((await t.as(admin, { method: 'GET', url: member(uuid) })).json().preferences).toEqual(kept);
    const listed = await t.as(admin, { method: 'GET', url: '/v3/demo/users?count=200' });
    expect(listed.json().dataAr.map((u: { email: string }) => u.email)).not.toContain(`created-foreign-${dialect}@demo.local`);
  });

  it("keeps the keys a write does not send, as the member's own call does: the person's settings and this organisation's", async () => {
    const email = `partial-pref-${dialect}@demo.local`;
    const uuid = await addMember(t, demo.orgId, { email, level: 6 });
    const personal = { lang: 'fr', mailAlerts: true, theme: { blur: 3 }, ui: { density: 'small' } };
    const write = (preferences: object) => t.as(admin, { method: 'PUT', url: member(uuid), payload: { preferences } });
    expect((await write(personal)).statusCode).toBe(200);
    // Only an organisation key: the person's own settings stay.
    const siteOnly = await write({ site_id: firstSite(demo) });
    expect(siteOnly.statusCode, siteOnly.body).toBe(200);
    expect(siteOnly.json().preferences).toEqual({ ...personal, site_id: firstSite(demo) });
    // Only a personal key: this organisation's default site stays, the other personal keys too.
    const langOnly = await write({ lang: 'es' });
    expect(langOnly.json().preferences).toEqual({ ...personal, lang: 'es', site_id: firstSite(demo) });
    const own = await t.as((await t.signIn(email)).access, { method: 'GET', url: '/v2/identity/me/prefs?app=demo' });
    expect(own.json()).toMatchObject({ ...personal, lang: 'es', site_id: firstSite(demo) });
  });

  it('never reaches a member of another organisation only', async () => {
    const demoOnly = await addMember(t, demo.orgId, { email: `demo-only-pref-${dialect}@demo.local`, level: 6 });
    const foreign = await t.as(acmeAdmin, { method: 'PUT', url: `/v3/acme/users/${demoOnly}`, payload: { preferences: { lang: 'es' } } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: member(demoOnly) })).json().preferences).not.toHaveProperty('lang');
  });

  it('refuses a personal theme the organisation does not allow, as for the member', async () => {
    const uuid = await addMember(t, demo.orgId, { email: `theme-pref-${dialect}@demo.local`, level: 6 });
    const config = await t.ctx.database.db
      .selectFrom('organisations')
      .select('app_config')
      .where('id', '=', demo.orgId)
      .executeTakeFirstOrThrow();
    await t.ctx.database.db
      .updateTable('organisations')
      .set({ app_config: JSON.stringify({ general: { themeUserAllow: false } }) })
      .where('id', '=', demo.orgId)
      .execute();
    try {
      const refused = await t.as(admin, { method: 'PUT', url: member(uuid), payload: { preferences: { theme: { blur: 2 } } } });
      expect([refused.statusCode, refused.json().error_description]).toEqual([403, THEME_NOT_ALLOWED]);
      expect((await t.as(admin, { method: 'GET', url: member(uuid) })).json().preferences).not.toHaveProperty('theme');
    } finally {
      await t.ctx.database.db.updateTable('organisations').set({ app_config: config.app_config }).where('id', '=', demo.orgId).execute();
    }
  });
});
