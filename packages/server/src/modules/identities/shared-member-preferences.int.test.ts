/**
 * An administrator writing the preferences of a person who belongs to two organisations, on both
 * databases (docs/product/identities-and-sign-in.md#preferences): the keys naming this
 * organisation's records go to its membership only, checked with the administrator's read rights;
 * a personal key sent refuses the whole write, whatever the person holds, and the other
 * organisation's membership and the person's own settings never change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, addMembership, placesOf, type Places } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { REFERENCE_NOT_FOUND } from '../documents/lookup-references.ts';
import { SHARED_IDENTITY } from './identities.service.ts';

const REFUSED_LANG =
  "This identity also belongs to another organisation: its own settings (lang) cannot be changed here, only this organisation's site_id, currency_id, metrics, starred.";

describe.each(testDialects)("an administrator's write of a shared member's organisation preferences on %s", (dialect) => {
  let t: TestApp;
  let demoAdmin: string;
  let acmeAdmin: string;
  let demo: Places;
  let acme: Places;
  let serial = 0;
  let uuid: string;
  let person: string;

  const sites = (places: Places) => [...places.sites.values()];
  const write = (preferences: object, headers: Record<string, string> = {}) =>
    t.as(demoAdmin, { method: 'PUT', url: `/v3/demo/users/${uuid}`, payload: { preferences }, headers });
  const ownPreferences = async (app: string) => (await t.as(person, { method: 'GET', url: `/v2/identity/me/prefs?app=${app}` })).json();
  const adminReads = async (admin: string, app: string) =>
    (await t.as(admin, { method: 'GET', url: `/v3/${app}/users/${uuid}` })).json().preferences;
  /** What the person holds everywhere, as they and both administrators read it. */
  const everything = async () => ({
    demo: await ownPreferences('demo'),
    acme: await ownPreferences('acme'),
    demoAdmin: await adminReads(demoAdmin, 'demo'),
    acmeAdmin: await adminReads(acmeAdmin, 'acme'),
  });

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    demoAdmin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    demo = await placesOf(t, 'demo');
    acme = await placesOf(t, 'acme');
  }, 120_000);
  afterAll(async () => t.close());

  // A new shared person per test: their own settings and a default site chosen in each organisation.
  beforeEach(async () => {
    const email = `shared-org-pref-${dialect}-${++serial}@acme.local`;
    uuid = await addMember(t, acme.orgId, { email, level: 2 });
    await addMembership(t, demo.orgId, uuid, { level: 2 });
    person = (await t.signIn(email)).access;
    const own = async (app: string, preferences: object) =>
      expect((await t.as(person, { method: 'PUT', url: `/v2/identity/me/prefs?app=${app}`, payload: preferences })).statusCode).toBe(200);
    await own('acme', { lang: 'fr', mailAlerts: true, site_id: sites(acme)[0]! });
    await own('demo', { site_id: sites(demo)[0]!, starred: [{ type: 'incident' }] });
  });

  it("sets this organisation's default site on its membership only, and answers it but not the person's settings", async () => {
    const before = await everything();
    expect(before.demoAdmin).toEqual({ site_id: sites(demo)[0]!, starred: [{ type: 'incident' }] });
    const saved = await write({ site_id: sites(demo)[1]! });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences).toEqual({ site_id: sites(demo)[1]!, starred: [{ type: 'incident' }] });
    expect(await everything()).toEqual({
      ...before,
      demo: { ...before.demo, site_id: sites(demo)[1]! },
      demoAdmin: { ...before.demoAdmin, site_id: sites(demo)[1]! },
    });
    expect(before.demo).toMatchObject({ lang: 'fr', mailAlerts: true });
    // Acme's administrator reads Acme's membership, unchanged, and never the person's settings.
    expect(before.acmeAdmin).toEqual({ site_id: sites(acme)[0]! });
    // Sending back what was read changes nothing.
    expect((await t.as(demoAdmin, { method: 'PUT', url: `/v3/demo/users/${uuid}`, payload: saved.json() })).statusCode).toBe(200);
  });

  it("refuses the other organisation's site, as for any member, and stores nothing", async () => {
    const before = await everything();
    for (const preferences of [{ site_id: sites(acme)[0]! }, { starred: [{ type: 'site', id: sites(acme)[0]! }] }]) {
      const refused = await write(preferences);
      expect([refused.statusCode, refused.json().error_description], JSON.stringify(preferences)).toEqual([400, REFERENCE_NOT_FOUND.site]);
    }
    expect(await everything()).toEqual(before);
  });

  it('refuses the whole write when a personal key is sent, naming it, whatever the person holds', async () => {
    const before = await everything();
    // lang 'fr' is what the person holds, 'es' is not: the same answer, decided from the key alone.
    for (const preferences of [{ lang: 'es' }, { lang: 'fr' }, { lang: 'fr', site_id: sites(demo)[1]! }]) {
      const refused = await write(preferences);
      expect([refused.statusCode, refused.json().error_description], JSON.stringify(preferences)).toEqual([403, REFUSED_LANG]);
    }
    // Several keys are all named; the references are not even checked (another organisation's site here).
    const several = await write({ theme: { blur: 2 }, mailAlerts: false, ui: { density: 'small' }, site_id: sites(acme)[0]! });
    expect([several.statusCode, several.json().error_description]).toEqual([
      403,
      "This identity also belongs to another organisation: its own settings (theme, mailAlerts, ui) cannot be changed here, only this organisation's site_id, currency_id, metrics, starred.",
    ]);
    const french = await write({ lang: 'es' }, { 'accept-language': 'fr' });
    expect(french.json().error_description).toBe(
      'Cette identité appartient aussi à une autre organisation : ses propres réglages (lang) ne peuvent pas être modifiés ici, seuls ceux de cette organisation : site_id, currency_id, metrics, starred.',
    );
    const spanish = await write({ lang: 'es' }, { 'accept-language': 'es' });
    expect(spanish.json().error_description).toBe(
      'Esta identidad también pertenece a otra organización: aquí no se pueden cambiar sus propios ajustes (lang), solo los de esta organización: site_id, currency_id, metrics, starred.',
    );
    // A profile change with an organisation key is refused whole too.
    const renamed = await t.as(demoAdmin, {
      method: 'PUT',
      url: `/v3/demo/users/${uuid}`,
      payload: { display_name: 'Renamed', preferences: { site_id: sites(demo)[1]! } },
    });
    expect([renamed.statusCode, renamed.json().error_description]).toEqual([403, SHARED_IDENTITY]);
    expect(await everything()).toEqual(before);
  });

  it("lets only this organisation's administrators write it: not a member, nor the other organisation's administrator", async () => {
    const before = await everything();
    const editor = (await t.signIn(await memberEmail(t, demo.orgId, `editor-${dialect}`))).access;
    const notAdmin = await t.as(editor, {
      method: 'PUT',
      url: `/v3/demo/users/${uuid}`,
      payload: { preferences: { site_id: sites(demo)[1]! } },
    });
    expect(notAdmin.statusCode).toBe(403);
    // Acme's administrator writes Acme's membership (a site of demo is not Acme's), never demo's.
    const acmeWrite = await t.as(acmeAdmin, {
      method: 'PUT',
      url: `/v3/acme/users/${uuid}`,
      payload: { preferences: { site_id: sites(demo)[1]! } },
    });
    expect([acmeWrite.statusCode, acmeWrite.json().error_description]).toEqual([400, REFERENCE_NOT_FOUND.site]);
    expect(await everything()).toEqual(before);
  });
});

/** A new editor (level 4, no administration) of `orgId`; answers their e-mail address. */
async function memberEmail(t: TestApp, orgId: number, name: string): Promise<string> {
  const email = `${name}-${Date.now()}@demo.local`;
  await addMember(t, orgId, { email, level: 4 });
  return email;
}
