/** `PUT /v2/identity/me/prefs` on both databases: validated, merged per key, per user, theme rule. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

describe.each(testDialects)('preferences on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  /** A report of the organisation everyone here may read: what a starred metric, or a starred document, names. */
  let reportId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    const report = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/report',
      payload: { title: 'Safety figures', data_frequency: 3, cover_scopes: [1] },
    });
    expect(report.statusCode, report.body).toBe(201);
    reportId = report.json().id;
  });
  afterAll(async () => t.close());

  const put = (token: string, payload: unknown, url = '/v2/identity/me/prefs') =>
    t.as(token, { method: 'PUT', url, payload: payload as object });

  it('stores each key sent and keeps the others', async () => {
    const first = await put(reader, {
      lang: 'fr',
      starred: [{ type: 'incident' }, { type: 'report', id: reportId }, { type: 'report', id: reportId }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      lang: 'fr',
      mailAlerts: false,
      starred: [{ type: 'incident' }, { type: 'report', id: reportId }],
    });
    const second = (
      await put(reader, {
        mailAlerts: true,
        mailSummaryWeekly: true,
        metrics: [{ metric: 'trir', cat: 'safety', report_id: reportId }],
        ui: { density: 'small', rowsPerPage: 30 },
      })
    ).json();
    expect(second).toMatchObject({
      lang: 'fr',
      mailAlerts: true,
      starred: [{ type: 'incident' }, { type: 'report', id: reportId }],
      ui: { density: 'small', rowsPerPage: 30 },
    });
    expect((await t.as(reader, { method: 'GET', url: '/v2/identity/me/prefs' })).json()).toEqual(second);
    const session = (await t.as(reader, { method: 'GET', url: '/v3/account/session' })).json();
    expect(session.user.preferences.lang).toBe('fr');
    expect((await t.as(admin, { method: 'GET', url: '/v2/identity/me/prefs' })).json().lang).toBe('en');
  });

  it.each([
    ['an unknown key', { lang: 'en', admin: true }],
    ['an unknown nested key', { ui: { density: 'small', isAdmin: true } }],
    ['a wrong language', { lang: 'de' }],
    ['a starred item without type', { starred: [{ id: 3 }] }],
    ['a starred item with an extra key', { starred: [{ type: 'post', id: 1, owner: 'x' }] }],
    ['a wrong row count', { ui: { rowsPerPage: 1000 } }],
    ['an empty body', {}],
    ['a negative default site', { site_id: -1 }],
    ['a metric preference with an extra key', { metrics: [{ metric: 'trir', cat: 'itm', report_id: 2, owner: 'x' }] }],
  ])('refuses %s and stores nothing', async (_name, payload) => {
    const before = (await t.as(reader, { method: 'GET', url: '/v2/identity/me/prefs' })).json();
    const response = await put(reader, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(true);
    expect((await t.as(reader, { method: 'GET', url: '/v2/identity/me/prefs' })).json()).toEqual(before);
  });

  // docs/product/reporting.md#user-drawer: the default site and currency, starred metrics with their virtual flag.
  it('stores the default site and currency and a virtual metric preference', async () => {
    const site = [...(await placesOf(t, 'demo')).sites.values()][0]!;
    const saved = await put(admin, {
      site_id: site,
      currency_id: 0,
      metrics: [{ metric: 'trir', cat: 'ytd', report_id: reportId, virtual: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      site_id: site,
      currency_id: 0,
      metrics: [{ metric: 'trir', cat: 'ytd', report_id: reportId, virtual: true }],
    });
  });

  it('needs the organisation to allow personal themes', async () => {
    expect((await put(admin, { theme: { blur: 4, backgroundImage: 'https://example.invalid/bg.jpg' } })).statusCode).toBe(200);
    await t.ctx.database.db
      .updateTable('organisations')
      .set({ app_config: JSON.stringify({ general: { themeUserAllow: false } }) })
      .where('app_id', '=', 'demo')
      .execute();
    const refused = await put(admin, { theme: { blur: 2 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_description).toBe('Your organisation does not allow personal themes.');
    expect((await t.app.inject({ method: 'PUT', url: '/v2/identity/me/prefs', payload: { lang: 'en' } })).statusCode).toBe(401);
  });
});
