/**
 * A person in two organisations, on both databases (docs/product/identities-and-sign-in.md#preferences):
 * the default site, currency, starred metrics and starred items are kept per organisation, read and checked in
 * the organisation in context only; the language and the other personal settings follow the
 * person everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { REFERENCE_NOT_FOUND } from '../documents/lookup-references.ts';

type App = 'demo' | 'acme';

describe.each(testDialects)('preferences of a person in two organisations on %s', (dialect) => {
  let t: TestApp;
  /** admin@acme.local, made a member of demo too. */
  let person: string;
  const site: Record<App, number> = { demo: 0, acme: 0 };
  const currency: Record<App, number> = { demo: 0, acme: 0 };
  const report: Record<App, number> = { demo: 0, acme: 0 };

  const prefsUrl = (app: App) => `/v2/identity/me/prefs?app=${app}`;
  const put = (app: App, payload: object) => t.as(person, { method: 'PUT', url: prefsUrl(app), payload });
  const read = async (app: App) => (await t.as(person, { method: 'GET', url: prefsUrl(app) })).json();
  const session = async (app: App) =>
    (await t.as(person, { method: 'GET', url: `/v3/account/session?app=${app}` })).json().user.preferences;
  const metric = (app: App) => ({ metric: 'trir', cat: 'itm', report_id: report[app] });

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    const admins: Record<App, string> = {
      demo: (await t.signIn('admin@demo.local')).access,
      acme: (await t.signIn('admin@acme.local')).access,
    };
    person = admins.acme;
    const demo = await placesOf(t, 'demo');
    await addMembership(t, demo.orgId, await uuidOf(t, 'admin@acme.local'), { level: 6 });
    for (const app of ['demo', 'acme'] as const) {
      site[app] = [...(await placesOf(t, app)).sites.values()][0]!;
      const create = async (type: string, payload: object) => {
        const created = await t.as(admins[app], { method: 'POST', url: `/v3/${app}/${type}`, payload });
        expect(created.statusCode, created.body).toBe(201);
        return Number(created.json().id);
      };
      currency[app] = await create('currency', { title: `Franc of ${app}`, symbol: 'F', descrip: 'Franc' });
      report[app] = await create('report', { title: `Report of ${app}`, data_frequency: 3, cover_scopes: [1] });
    }
  }, 120_000);
  afterAll(async () => t.close());

  it("keeps each organisation's default site, currency, metrics and stars apart, and the language everywhere", async () => {
    const starred = [{ type: 'incident' }, { type: 'report', id: report.acme }];
    const inAcme = await put('acme', { site_id: site.acme, currency_id: currency.acme, metrics: [metric('acme')], starred, lang: 'fr' });
    expect(inAcme.statusCode, inAcme.body).toBe(200);
    // Demo sees none of acme's ids: not in the preferences, not in the session its pages read.
    for (const seen of [await read('demo'), await session('demo')]) {
      expect(seen).toMatchObject({ lang: 'fr' });
      expect(seen).not.toHaveProperty('site_id');
      expect(seen).not.toHaveProperty('currency_id');
      expect(seen).not.toHaveProperty('metrics');
      expect(seen).not.toHaveProperty('starred');
    }
    const inDemo = await put('demo', { site_id: site.demo, currency_id: currency.demo, metrics: [metric('demo')] });
    expect(inDemo.json()).toMatchObject({ site_id: site.demo, currency_id: currency.demo, metrics: [metric('demo')], lang: 'fr' });
    // Choosing in demo left acme's choice alone.
    expect(await session('acme')).toMatchObject({
      site_id: site.acme,
      currency_id: currency.acme,
      metrics: [metric('acme')],
      starred,
      lang: 'fr',
    });
    expect(await read('demo')).toMatchObject({ site_id: site.demo, currency_id: currency.demo, metrics: [metric('demo')] });
  });

  it("refuses naming one organisation's records in the other, even the ones stored there", async () => {
    expect((await put('acme', { site_id: site.acme, currency_id: currency.acme, metrics: [metric('acme')] })).statusCode).toBe(200);
    for (const [payload, path, message] of [
      [{ site_id: site.acme }, 'site_id', REFERENCE_NOT_FOUND.site],
      [{ currency_id: currency.acme }, 'currency_id', REFERENCE_NOT_FOUND.currency],
      [{ metrics: [metric('acme')] }, 'metrics.0.report_id', REFERENCE_NOT_FOUND.report],
      // A starred document names a record too: acme's report, or a demo site starred as another type.
      [{ starred: [{ type: 'incident' }, { type: 'report', id: report.acme }] }, 'starred.1.id', REFERENCE_NOT_FOUND.report],
      [{ starred: [{ type: 'report', id: site.demo }] }, 'starred.0.id', REFERENCE_NOT_FOUND.report],
    ] as const) {
      const refused = await put('demo', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ error_description: message, details: [{ path, message }] });
    }
    // A document of this organisation, and a star already held here, are taken.
    const stars = [{ type: 'site', id: site.demo }];
    expect((await put('demo', { starred: stars })).statusCode).toBe(200);
    expect((await put('demo', { starred: [...stars, { type: 'incident' }] })).statusCode).toBe(200);
    const fromAcme = await put('acme', { site_id: site.demo });
    expect([fromAcme.statusCode, fromAcme.json().error_description]).toEqual([400, REFERENCE_NOT_FOUND.site]);
    expect(await read('demo')).not.toMatchObject({ site_id: site.acme });
    expect((await read('demo')).starred).toEqual([...stars, { type: 'incident' }]);
  });

  it('needs the organisation named when the person belongs to several, and says exactly what to send', async () => {
    const said = 'You belong to several organisations: send the app parameter or the X-App header, set to one of: acme, demo.';
    const unnamed = await t.as(person, { method: 'GET', url: '/v2/identity/me/prefs' });
    expect([unnamed.statusCode, unnamed.json().error_description]).toEqual([400, said]);
    const french = await t.as(person, { method: 'GET', url: '/v2/identity/me/prefs', headers: { 'accept-language': 'fr' } });
    expect(french.json().error_description).toBe(
      "Vous appartenez à plusieurs organisations : envoyez le paramètre app ou l'en-tête X-App, avec l'une de ces valeurs : acme, demo.",
    );
    const spanish = await t.as(person, { method: 'GET', url: '/v2/identity/me/prefs', headers: { 'accept-language': 'es' } });
    expect(spanish.json().error_description).toBe(
      'Pertenece a varias organizaciones: envíe el parámetro app o la cabecera X-App, con uno de estos valores: acme, demo.',
    );
    const unnamedWrite = await t.as(person, { method: 'PUT', url: '/v2/identity/me/prefs', payload: { lang: 'es' } });
    expect([unnamedWrite.statusCode, unnamedWrite.json().error_description]).toEqual([400, said]);
    // Doing what it says answers.
    expect((await t.as(person, { method: 'GET', url: '/v2/identity/me/prefs?app=demo' })).statusCode).toBe(200);
    expect((await t.as(person, { method: 'GET', url: '/v2/identity/me/prefs', headers: { 'x-app': 'acme' } })).statusCode).toBe(200);
    // The one-organisation caller names none.
    const demoAdmin = (await t.signIn('admin@demo.local')).access;
    expect((await t.as(demoAdmin, { method: 'GET', url: '/v2/identity/me/prefs' })).statusCode).toBe(200);
  });

  it('does not read organisation keys left on the identity, whose organisation is unknown', async () => {
    const uuid = await uuidOf(t, 'admin@acme.local');
    await t.ctx.database.db
      .updateTable('identities')
      .set({ preferences: JSON.stringify({ lang: 'es', site_id: site.acme, metrics: [metric('acme')] }) })
      .where('uuid', '=', uuid)
      .execute();
    const seen = await read('demo');
    expect(seen).toMatchObject({ lang: 'es' });
    expect(seen.site_id).not.toBe(site.acme);
    expect(seen.metrics).not.toEqual([metric('acme')]);
  });
});
