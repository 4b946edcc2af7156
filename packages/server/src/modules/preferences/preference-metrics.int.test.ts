/**
 * A starred metric's report, on both databases (docs/product/identities-and-sign-in.md#preferences):
 * a report of the organisation in context that the user may read, as a metric document's own
 * report must be; an unknown one, another organisation's and one the user may not read get the
 * same 400; an entry already stored is not checked again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTravelOnlyEditor, placesOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { REFERENCE_NOT_FOUND } from '../documents/lookup-references.ts';

const MISSING_ID = 987_654;
const REPORT_NOT_FOUND = REFERENCE_NOT_FOUND.report!;

describe.each(testDialects)("a starred metric's report on %s", (dialect) => {
  let t: TestApp;
  let admin: string;
  let acmeAdmin: string;
  /** A member whose grant reaches travel requests only: no report is theirs to read. */
  let travelOnly: string;
  let ownReport: number;
  let acmeReport: number;

  const put = (token: string, payload: object) => t.as(token, { method: 'PUT', url: '/v2/identity/me/prefs', payload });
  const entry = (reportId: number, metric = 'trir') => ({ metric, cat: 'itm', report_id: reportId });
  const createReport = async (token: string, app: string) => {
    const created = await t.as(token, {
      method: 'POST',
      url: `/v3/${app}/report`,
      payload: { title: 'Figures', data_frequency: 3, cover_scopes: [1] },
    });
    expect(created.statusCode, created.body).toBe(201);
    return Number(created.json().id);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    ownReport = await createReport(admin, 'demo');
    acmeReport = await createReport(acmeAdmin, 'acme');
    travelOnly = (await addTravelOnlyEditor(t, (await placesOf(t, 'demo')).orgId, dialect)).token;
  }, 120_000);
  afterAll(async () => t.close());

  it('refuses an unknown report, another organisation’s and one the user may not read, and stores nothing', async () => {
    for (const [token, reportId] of [
      [admin, MISSING_ID],
      [admin, acmeReport],
      [travelOnly, ownReport],
    ] as const) {
      const refused = await put(token, { metrics: [entry(reportId)] });
      expect(refused.statusCode, String(reportId)).toBe(400);
      expect(refused.json()).toMatchObject({
        error_description: REPORT_NOT_FOUND,
        details: [{ path: 'metrics.0.report_id', message: REPORT_NOT_FOUND }],
      });
    }
    // Only the entry naming a new report is refused, by its place in the list.
    const second = await put(admin, { metrics: [entry(ownReport), entry(MISSING_ID)] });
    expect(second.json()).toMatchObject({ details: [{ path: 'metrics.1.report_id', message: REPORT_NOT_FOUND }] });
    const stored = (await t.as(admin, { method: 'GET', url: '/v2/identity/me/prefs' })).json();
    expect(stored.metrics ?? []).toEqual([]);
  });

  it('answers the refusal in the user’s language', async () => {
    const french = await t.as(admin, {
      method: 'PUT',
      url: '/v2/identity/me/prefs',
      headers: { 'accept-language': 'fr' },
      payload: { metrics: [entry(acmeReport)] },
    });
    expect(french.json().error_description).toBe('Le rapport est introuvable.');
  });

  it('stores a readable report, and keeps an entry already stored when its report is gone', async () => {
    const doomed = await createReport(admin, 'demo');
    expect((await put(admin, { metrics: [entry(ownReport), entry(doomed)] })).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'DELETE', url: `/v3/demo/report/${doomed}` })).statusCode).toBe(200);
    // Reordering and adding a metric of a readable report saves with the old entry kept.
    const kept = await put(admin, { metrics: [entry(doomed), entry(ownReport), entry(ownReport, 'ltifr')] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().metrics).toEqual([entry(doomed), entry(ownReport), entry(ownReport, 'ltifr')]);
    // Naming it anew once dropped is checked again.
    expect((await put(admin, { metrics: [] })).statusCode).toBe(200);
    expect((await put(admin, { metrics: [entry(doomed)] })).statusCode).toBe(400);
  });
});
