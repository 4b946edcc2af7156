/**
 * Migration 034 on both databases (docs/product/identities-and-sign-in.md#preferences): the
 * default site, currency, starred metrics and starred documents stored on the identity move to the
 * membership of the organisation whose records they name, a starred type and a starred metric
 * naming no report to every membership; ids of no organisation of the person's are dropped, and
 * the person's own settings stay on the identity. `down` puts the memberships' keys back on the
 * identity (the organisation joined first decides a single value), so up → down → up keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPreferencesMigration } from '../../platform/db/migrations/034-member-preferences.ts';
import { readJson } from '../../platform/db/json.ts';
import { addMember, addMembership, placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

const MISSING_ID = 987_654;

describe.each(testDialects)('migration 034, preferences per organisation, on %s', (dialect) => {
  let t: TestApp;
  const orgs = { demo: 0, acme: 0 };
  const sites = { demo: 0, acme: 0 };
  const reports = { demo: 0, acme: 0 };

  const entry = (reportId: number) => ({ metric: 'trir', cat: 'itm', report_id: reportId });
  const NO_REPORT = { metric: 'no report', cat: 'itm' };

  const own = async (uuid: string) =>
    readJson(
      (await t.ctx.database.db.selectFrom('identities').select('preferences').where('uuid', '=', uuid).executeTakeFirstOrThrow())
        .preferences,
      null,
    );
  const member = async (uuid: string, orgId: number) =>
    readJson(
      (
        await t.ctx.database.db
          .selectFrom('memberships')
          .select('preferences')
          .where('identity_uuid', '=', uuid)
          .where('org_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).preferences,
      null,
    );
  const setOwn = (uuid: string, preferences: object) =>
    t.ctx.database.db
      .updateTable('identities')
      .set({ preferences: JSON.stringify(preferences) })
      .where('uuid', '=', uuid)
      .execute();
  const setMember = (uuid: string, orgId: number, columns: { preferences?: object; created_date?: string }) =>
    t.ctx.database.db
      .updateTable('memberships')
      .set({ ...columns, preferences: columns.preferences && JSON.stringify(columns.preferences) })
      .where('identity_uuid', '=', uuid)
      .where('org_id', '=', orgId)
      .execute();

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    for (const app of ['demo', 'acme'] as const) {
      const places = await placesOf(t, app);
      orgs[app] = places.orgId;
      sites[app] = [...places.sites.values()][0]!;
      const token = (await t.signIn(`admin@${app}.local`)).access;
      const payload = { title: `Report of ${app}`, data_frequency: 3, cover_scopes: [1] };
      const created = await t.as(token, { method: 'POST', url: `/v3/${app}/report`, payload });
      expect(created.statusCode, created.body).toBe(201);
      reports[app] = Number(created.json().id);
    }
  }, 120_000);
  afterAll(async () => t.close());

  it("moves each value to the membership of the organisation it names, keeping the person's own settings", async () => {
    const db = t.ctx.database.db;
    const migration = memberPreferencesMigration(t.ctx.database);
    const person = await uuidOf(t, 'admin@acme.local');
    await addMembership(t, orgs.demo, person, { level: 2 });
    const solo = await uuidOf(t, 'admin@demo.local');
    const legacy = {
      [person]: {
        lang: 'fr',
        site_id: sites.acme,
        currency_id: 0,
        metrics: [entry(reports.acme), entry(reports.demo), NO_REPORT, null],
        starred: [
          { type: 'incident' },
          { type: 'report', id: reports.acme },
          { type: 'report', id: reports.demo },
          { type: 'site', id: reports.demo },
          { type: 'post', id: MISSING_ID },
        ],
      },
      [solo]: { mailAlerts: true, site_id: sites.demo, metrics: [entry(MISSING_ID)] },
    };
    await migration.down!(db);
    try {
      for (const [uuid, preferences] of Object.entries(legacy))
        await db
          .updateTable('identities')
          .set({ preferences: JSON.stringify(preferences) })
          .where('uuid', '=', uuid)
          .execute();
    } finally {
      await migration.up(db);
    }
    expect(await member(person, orgs.acme)).toEqual({
      site_id: sites.acme,
      currency_id: 0,
      metrics: [entry(reports.acme), NO_REPORT],
      starred: [{ type: 'incident' }, { type: 'report', id: reports.acme }],
    });
    expect(await member(person, orgs.demo)).toEqual({
      currency_id: 0,
      metrics: [entry(reports.demo), NO_REPORT],
      starred: [{ type: 'incident' }, { type: 'report', id: reports.demo }],
    });
    expect(await own(person)).toEqual({ lang: 'fr' });
    expect(await member(solo, orgs.demo)).toEqual({ site_id: sites.demo });
    expect(await own(solo)).toEqual({ mailAlerts: true });
  });

  it("round-trips a one-organisation person's preferences through down and up", async () => {
    const db = t.ctx.database.db;
    const migration = memberPreferencesMigration(t.ctx.database);
    const person = await uuidOf(t, 'editor@demo.local');
    const personal = { lang: 'es', mailAlerts: true, theme: { blur: 2 }, ui: { density: 'large' } };
    const organisational = {
      site_id: sites.demo,
      currency_id: 0,
      metrics: [entry(reports.demo), NO_REPORT],
      starred: [{ type: 'incident' }, { type: 'report', id: reports.demo }],
    };
    await setOwn(person, personal);
    await setMember(person, orgs.demo, { preferences: organisational });
    await migration.down!(db);
    try {
      expect(await own(person)).toEqual({ ...personal, ...organisational });
    } finally {
      await migration.up(db);
    }
    expect(await own(person)).toEqual(personal);
    expect(await member(person, orgs.demo)).toEqual(organisational);
  });

  it('puts back the values of the organisation joined first, and every star and metric, for a person in two', async () => {
    const db = t.ctx.database.db;
    const migration = memberPreferencesMigration(t.ctx.database);
    const person = await addMember(t, orgs.acme, { email: `two-down-${dialect}@acme.local`, level: 2 });
    await addMembership(t, orgs.demo, person, { level: 2 });
    // The organisation created last is the one joined first: the order is the joining date's, not the id's.
    const [first, second] = orgs.acme > orgs.demo ? (['acme', 'demo'] as const) : (['demo', 'acme'] as const);
    const prefs = (app: 'acme' | 'demo') => ({
      site_id: sites[app],
      metrics: [NO_REPORT, entry(reports[app])],
      starred: [{ type: 'incident' }, { type: 'report', id: reports[app] }],
    });
    await setOwn(person, { lang: 'fr' });
    await setMember(person, orgs[first], { preferences: { ...prefs(first), currency_id: 0 }, created_date: '2020-01-01T00:00:00.000Z' });
    await setMember(person, orgs[second], { preferences: prefs(second), created_date: '2024-01-01T00:00:00.000Z' });
    await migration.down!(db);
    try {
      expect(await own(person)).toEqual({
        lang: 'fr',
        site_id: sites[first],
        currency_id: 0,
        metrics: [NO_REPORT, entry(reports[first]), entry(reports[second])],
        starred: [{ type: 'incident' }, { type: 'report', id: reports[first] }, { type: 'report', id: reports[second] }],
      });
    } finally {
      await migration.up(db);
    }
    // Up again: each star and metric back in its organisation; only the second one's default site is lost.
    expect(await member(person, orgs[first])).toEqual({ ...prefs(first), currency_id: 0 });
    expect(await member(person, orgs[second])).toEqual({ ...prefs(second), site_id: undefined, currency_id: 0 });
    expect(await own(person)).toEqual({ lang: 'fr' });
  });
});
