/**
 * The monthly facts cache on both databases (docs/architecture.md "Reporting";
 * docs/product/reporting.md#kpi-maths "Which documents"): a refresh stores each month's aggregates
 * and reuses them while the month's documents are unchanged, and every write that can change a
 * month — a late-reported incident, one moved to another month, an edit, a deletion, a document
 * dated on the first of the month in Sydney that is still the previous month in UTC — makes that
 * month's figures right again at the next refresh. A changed formula is a new aggregate. Each
 * check compares the cached refresh with hand counts and with a refresh from an emptied cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { insertDocumentRows } from '../../platform/records/documents.repository.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { writeJson } from '../../platform/db/json.ts';
import { localDateOf, monthIndexOfText } from '@docket/shared';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { figure, itemsByKey, month, periodsWithValues } from './reporting.test-fixtures.ts';
import { WARM_FACTS_JOB } from './warm-facts-job.ts';

const DEC = month(2025, 12);
const NOV = month(2025, 11);

describe.each(testDialects)('the monthly facts cache on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let orgId: number;
  let adminUuid: string;
  let npl: number;
  let north: number;
  let reportId: number;
  let recordablesId: number;
  let inserted = 0;

  const post = (url: string, payload?: unknown) => t.as(admin, { method: 'POST', url, ...(payload ? { payload } : {}) });

  async function addIncidents(specs: { at: string; recordable?: boolean; lostDays?: number }[]): Promise<number[]> {
    const rows = specs.map((spec) => {
      inserted += 1;
      const row = incidentRow({
        orgId,
        index: inserted,
        prefix: 'CACHE',
        summaryPrefix: 'Cache incident',
        author: adminUuid,
        date: spec.at,
        data: { recordable: spec.recordable ?? true, location: 'cache', lost_days: spec.lostDays ?? 0 },
      });
      return { ...row, site_id: npl, region_id: north };
    });
    await writeQueueFor(t.ctx.database).run((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'test incidents'), rows));
    const ids = await t.ctx.database.db
      .selectFrom('documents')
      .select('id')
      .where('org_id', '=', orgId)
      .where(
        'display_id',
        'in',
        rows.map((row) => row.display_id),
      )
      .execute();
    return ids.map((row) => Number(row.id));
  }

  /** Refreshes the group item of `m` (which reads every location, so its months are stored). */
  async function groupFigures(m: number): Promise<Record<string, unknown>> {
    const group = (await itemsByKey(t, orgId, reportId, m)).get('group')!;
    const date = String(group.values.report_date);
    const response = await post(`/reporting/${reportId}?year=${date.slice(0, 4)}&month=${Number(date.slice(5, 7))}&rdid=${group.id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json()[String(group.id)] as Record<string, unknown>;
  }

  const cachedRows = () => t.ctx.database.db.selectFrom('report_month_facts').selectAll().where('org_id', '=', orgId).execute();
  const emptyCache = () => t.ctx.database.db.deleteFrom('report_month_facts').where('org_id', '=', orgId).execute();

  /** The figures from the cache equal those computed from the documents alone. */
  async function expectCacheAgrees(m: number): Promise<Record<string, unknown>> {
    const cached = await groupFigures(m);
    await emptyCache();
    const uncached = await groupFigures(m);
    for (const list of ['itm', 'ytd', 'roll12', 'roll24']) expect(cached[list], list).toEqual(uncached[list]);
    return cached;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    adminUuid = await uuidOf(t, 'admin@demo.local');
    const places = await placesOf(t, 'demo');
    orgId = places.orgId;
    npl = places.sites.get('NPL')!;
    north = places.regions.get('N')!;
    await t.ctx.database.db
      .updateTable('organisations')
      .set({ settings: writeJson({ time_zone: 'Australia/Sydney' }) })
      .where('id', '=', orgId)
      .execute();
    const report = await post('/v3/demo/report', { title: 'Cache test', data_frequency: 3, cover_scopes: [1, 2, 3] });
    reportId = report.json().id;
    const metrics = [
      { name: 'recordables', type: 1, formula: `count(incident, "recordable = true AND location = 'cache'")` },
      { name: 'lost_days', type: 1, formula: `sum(incident, lost_days, "location = 'cache'")` },
    ];
    for (const [order, metric] of metrics.entries()) {
      const created = await post('/v3/demo/report_metric', {
        ...metric,
        report_id: reportId,
        label: metric.name,
        descrip: metric.name,
        unit: '#',
        order,
      });
      expect(created.statusCode, created.body).toBe(201);
      if (metric.name === 'recordables') recordablesId = created.json().id;
    }
    await addIncidents([
      { at: '2025-11-10T00:00:00.000Z' },
      { at: '2025-12-10T00:00:00.000Z', lostDays: 2 },
      { at: '2025-12-12T00:00:00.000Z', recordable: false, lostDays: 1 },
    ]);
    await periodsWithValues(t, orgId, adminUuid, reportId, [NOV, DEC], () => undefined);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('stores the months a refresh computed and reads them back instead of the documents', async () => {
    // The first refresh registers incidents as a fact source (on PostgreSQL its months are stored
    // from the next refresh on); the second stores or reuses them.
    await groupFigures(DEC);
    const figures = await groupFigures(DEC);
    expect(figures.itm).toContainEqual({ metric: 'recordables', value: 1 });
    expect(figures.itm).toContainEqual({ metric: 'lost_days', value: 3 });
    const rows = await cachedRows();
    // Two aggregates × the 24 months of the windows (back to 2024-01).
    expect(rows.length).toBe(48);
    // Proof that the stored months are what a refresh reads: an altered stored value shows.
    await t.ctx.database.db
      .updateTable('report_month_facts')
      .set({ facts: writeJson({ [`site:${npl}`]: 100 }) })
      .where('org_id', '=', orgId)
      .where('month', '=', DEC)
      .execute();
    const altered = await groupFigures(DEC);
    expect(figure(altered, 'itm', 'recordables')).toBe(100);
    expect(figure(altered, 'roll12', 'recordables')).toBe(101);
    await emptyCache();
  });

  it('recomputes a month when a late-reported incident is added to it', async () => {
    await groupFigures(DEC);
    await addIncidents([{ at: '2025-12-20T00:00:00.000Z', lostDays: 4 }]);
    const figures = await expectCacheAgrees(DEC);
    expect(figure(figures, 'itm', 'recordables')).toBe(2);
    expect(figure(figures, 'itm', 'lost_days')).toBe(7);
  });

  it('recomputes a month whose Sydney start is still the previous month in UTC', async () => {
    await groupFigures(DEC);
    // 30 November 14:00 UTC is 1 December 01:00 in Sydney: December's figures, November's UTC stamp.
    await addIncidents([{ at: '2025-11-30T14:00:00.000Z' }]);
    const figures = await expectCacheAgrees(DEC);
    expect(figure(figures, 'itm', 'recordables')).toBe(3);
  });

  it('moves an incident between months, follows an edit and a deletion', async () => {
    const [moved, edited, deleted] = await addIncidents([
      { at: '2025-12-21T00:00:00.000Z' },
      { at: '2025-12-22T00:00:00.000Z', recordable: false },
      { at: '2025-11-20T00:00:00.000Z' },
    ]);
    expect(figure(await expectCacheAgrees(DEC), 'itm', 'recordables')).toBe(4);
    expect(figure(await expectCacheAgrees(NOV), 'itm', 'recordables')).toBe(2);
    await groupFigures(DEC);
    // Moved to November (its date), made recordable (a field the filter reads), and gone.
    const json = (path: string, value: string) =>
      dialect === 'postgres'
        ? sql`data = jsonb_set(data, ${sql.lit(`{${path}}`)}, ${sql.lit(value)}::jsonb)`
        : sql`data = json_set(data, ${sql.lit(`$.${path}`)}, json(${sql.lit(value)}))`;
    await writeQueueFor(t.ctx.database).run(async (trx) => {
      await sql`UPDATE documents SET ${json('incident_date', '"2025-11-25T00:00:00.000Z"')} WHERE id = ${moved}`.execute(trx);
      await sql`UPDATE documents SET ${json('recordable', 'true')} WHERE id = ${edited}`.execute(trx);
    });
    const response = await t.as(admin, { method: 'DELETE', url: `/v3/demo/incident/${deleted}` });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(figure(await expectCacheAgrees(DEC), 'itm', 'recordables')).toBe(4);
    expect(figure(await expectCacheAgrees(NOV), 'itm', 'recordables')).toBe(2);
  });

  it('computes a changed formula afresh', async () => {
    await groupFigures(DEC);
    const metric = (await t.as(admin, { method: 'GET', url: `/v3/demo/report_metric/${recordablesId}` })).json();
    const changed = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/report_metric/${recordablesId}`,
      payload: { ...metric, formula: `count(incident, "location = 'cache'")` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const figures = await expectCacheAgrees(DEC);
    expect(figure(figures, 'itm', 'recordables')).toBe(5);
  });

  it('warms a report’s facts when one of its metrics is saved, before anyone refreshes', async () => {
    await emptyCache();
    const db = t.ctx.database.db;
    const warmings = () =>
      db.selectFrom('jobs').select(['status']).where('kind', '=', WARM_FACTS_JOB).where('org_id', '=', orgId).execute();
    const pendingBefore = (await warmings()).filter((job) => job.status === 'pending').length;
    const created = await post('/v3/demo/report_metric', {
      name: 'near_misses',
      type: 1,
      formula: `count(incident, "recordable = false AND location = 'cache'")`,
      report_id: reportId,
      label: 'Near misses',
      descrip: 'Near misses',
      unit: '#',
      order: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    // Saves of one report a few seconds apart share a warming: this one joined or added one.
    const pending = (await warmings()).filter((job) => job.status === 'pending').length;
    expect(pending).toBeGreaterThanOrEqual(Math.max(1, pendingBefore));
    // Due now rather than when the gathering span ends (and, on PostgreSQL, the run after the
    // registration of a new source).
    for (let pass = 0; pass < 2; pass += 1) {
      await db
        .updateTable('jobs')
        .set({ run_after: new Date(0).toISOString() })
        .where('kind', '=', WARM_FACTS_JOB)
        .where('status', '=', 'pending')
        .execute();
      await runJobsOnce(t.ctx, `warm-${dialect}`);
    }
    expect((await warmings()).every((job) => job.status === 'done')).toBe(true);
    // The current month's windows (Sydney's month), M-23..M, for the report's three aggregates.
    const current = monthIndexOfText(localDateOf(new Date(), 'Australia/Sydney'))!;
    const rows = await cachedRows();
    expect(rows).toHaveLength(3 * 24);
    expect(Math.min(...rows.map((row) => Number(row.month)))).toBe(current - 23);
    expect(Math.max(...rows.map((row) => Number(row.month)))).toBe(current);
  });
});
