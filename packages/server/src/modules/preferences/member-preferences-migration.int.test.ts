/**
 * Migration 034 on both databases (docs/product/identities-and-sign-in.md#preferences): the
 * default site, currency, starred metrics and starred documents stored on the identity move to the
 * membership of the organisation whose records they name, a starred type to every membership; ids
 * of no organisation of the person's are dropped, and the person's own settings stay on the identity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPreferencesMigration } from '../../platform/db/migrations/034-member-preferences.ts';
import { readJson } from '../../platform/db/json.ts';
import { addMembership, placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

const MISSING_ID = 987_654;

describe.each(testDialects)('migration 034, preferences per organisation, on %s', (dialect) => {
  let t: TestApp;
  const orgs = { demo: 0, acme: 0 };
  const sites = { demo: 0, acme: 0 };
  const reports = { demo: 0, acme: 0 };

  const entry = (reportId: number) => ({ metric: 'trir', cat: 'itm', report_id: reportId });

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
        metrics: [entry(reports.acme), entry(reports.demo), { metric: 'no report' }],
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
    const member = async (uuid: string, orgId: number) =>
      readJson(
        (
          await db
            .selectFrom('memberships')
            .select('preferences')
            .where('identity_uuid', '=', uuid)
            .where('org_id', '=', orgId)
            .executeTakeFirstOrThrow()
        ).preferences,
        null,
      );
    const own = async (uuid: string) =>
      readJson(
        (await db.selectFrom('identities').select('preferences').where('uuid', '=', uuid).executeTakeFirstOrThrow()).preferences,
        null,
      );
    expect(await member(person, orgs.acme)).toEqual({
      site_id: sites.acme,
      currency_id: 0,
      metrics: [entry(reports.acme)],
      starred: [{ type: 'incident' }, { type: 'report', id: reports.acme }],
    });
    expect(await member(person, orgs.demo)).toEqual({
      currency_id: 0,
      metrics: [entry(reports.demo)],
      starred: [{ type: 'incident' }, { type: 'report', id: reports.demo }],
    });
    expect(await own(person)).toEqual({ lang: 'fr' });
    expect(await member(solo, orgs.demo)).toEqual({ site_id: sites.demo });
    expect(await own(solo)).toEqual({ mailAlerts: true });
  });
});
