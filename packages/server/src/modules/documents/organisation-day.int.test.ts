/**
 * 'Today' is the organisation's day (docs/product/reporting.md#kpi-maths): a new action's default
 * due date (`date+14`) and a `today()` filter follow the organisation's `time_zone` setting, not
 * the server's UTC. Kiritimati (UTC+14) and Pago Pago (UTC-11) are never both on the UTC day.
 * Date-times are stored as UTC text whatever offset they were sent with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesOf, type Places } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { writeJson } from '../../platform/db/json.ts';

const DAY_MS = 86_400_000;

/** The calendar day in `timeZone`, `days` from now, by Intl alone (en-CA writes YYYY-MM-DD). */
function dayIn(timeZone: string, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

describe.each(testDialects)("the organisation's day on %s", (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminUuid: string;
  let places: Places;

  const setTimeZone = (timeZone: string) =>
    t.ctx.database.db
      .updateTable('organisations')
      .set({ settings: writeJson({ time_zone: timeZone }) })
      .where('id', '=', places.orgId)
      .execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    places = await placesOf(t, 'demo');
    admin = (await t.signIn('admin@demo.local')).access;
    adminUuid = (await t.as(admin, { method: 'GET', url: '/v3/account/session?app=demo' })).json().user.uuid as string;
  });
  afterAll(() => t.close());

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])('gives a new action its due date from the day in %s', async (zone) => {
    await setTimeZone(zone);
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/action',
      payload: { summary: `Due in ${zone}`, site_id: places.sites.get('NPL')!, actionee_ids: [adminUuid] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().due_date).toBe(dayIn(zone, 14));

    // today(14) in a filter is the same day: the action is found by its due date.
    const filter = encodeURIComponent(`summary = 'Due in ${zone}' AND due_date = today(14)`);
    const listed = await t.as(admin, { method: 'GET', url: `/v3/demo/action?filter=${filter}` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().dataAr.map((row: { summary: string }) => row.summary)).toEqual([`Due in ${zone}`]);
  });

  it('stores a date-time sent with an offset as UTC, so filters compare instants', async () => {
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: {
        summary: 'Late in Sydney',
        descrip: 'A fall on the stairs',
        incident_date: '2026-01-31T23:30:00+11:00',
        category: 'Injury',
        site_id: places.sites.get('NPL')!,
        region_id: places.regions.get('N')!,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().incident_date).toBe('2026-01-31T12:30:00.000Z');
    // 12:30 UTC is before 13:00 UTC: as text, '2026-01-31T23:30:00+11:00' would sort after it.
    const filter = encodeURIComponent("summary = 'Late in Sydney' AND incident_date < '2026-01-31T13:00:00Z'");
    const listed = await t.as(admin, { method: 'GET', url: `/v3/demo/incident?filter=${filter}` });
    expect(listed.json().dataAr.map((row: { summary: string }) => row.summary)).toEqual(['Late in Sydney']);
  });
});
