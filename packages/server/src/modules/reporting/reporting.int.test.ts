/**
 * The reporting engine on both databases (docs/product/reporting.md#kpi-maths, #periods,
 * #report-data, #api): every window against hand-computed figures — months of the organisation's
 * time zone (Sydney), a zero-hour month (TRIR unknown), a partial ROLL24, December where YTD equals
 * ROLL12, a fiscal year starting in July — roll-ups (a region adds its sites; its own entry wins),
 * the period-wide refresh job (progress, one at a time, restart), closed periods, the edit and
 * delete rules per role, formula errors and tenant isolation.
 *
 * Sites: NPL and HBR in region N, SYD in region S. Hours: NPL 1,000 a month in 2025 (June 0),
 * HBR 500 a month in 2025, SYD 800 a month from 2024-07. Recordable incidents: NPL 2025-01-31
 * 23:30 Sydney (January), 2025-06-15, two on 2025-12-10 (3 lost days each); HBR 2025-01-31 00:30
 * Sydney on 1 February (February), 2025-12-05; SYD 2024-03-10.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import { claimJob } from '../../platform/jobs/jobs.repository.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { writeJson } from '../../platform/db/json.ts';
import { REFRESH_PERIOD_JOB } from './refresh-job.ts';
import { figure, insertIncidents, itemsByKey, KPI_METRICS, month, periodsWithValues } from './reporting.test-fixtures.ts';

const DEC = month(2025, 12);

describe.each(testDialects)('the reporting engine on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let reader: string;
  let acmeAdmin: string;
  let orgId: number;
  let adminUuid: string;
  let editorUuid: string;
  let npl: number;
  let hbr: number;
  let syd: number;
  let north: number;
  let south: number;
  let reportId: number;
  const metricIds: Record<string, number> = {};

  const post = (token: string, url: string, payload?: unknown) => t.as(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const refreshUrl = (y: number, m: number, extra = '') => `/reporting/${reportId}?year=${y}&month=${m}${extra}`;
  const setSettings = (settings: Record<string, unknown>) =>
    t.ctx.database.db
      .updateTable('organisations')
      .set({ settings: writeJson(settings) })
      .where('id', '=', orgId)
      .execute();
  const item = async (m: number, key: string) => (await itemsByKey(t, orgId, reportId, m)).get(key)!;
  const refreshItem = async (m: number, key: string) => {
    const target = await item(m, key);
    const date = String(target.values.report_date);
    const response = await post(admin, refreshUrl(Number(date.slice(0, 4)), Number(date.slice(5, 7)), `&rdid=${target.id}`));
    expect(response.statusCode).toBe(200);
    return response.json()[String(target.id)] as Record<string, unknown>;
  };
  const runJobs = () => runJobsOnce(t.ctx, `reporting-test-${dialect}`);

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    editor = (await t.signIn('editor@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    adminUuid = await uuidOf(t, 'admin@demo.local');
    editorUuid = await uuidOf(t, 'editor@demo.local');
    const places = await placesOf(t, 'demo');
    orgId = places.orgId;
    [npl, hbr, syd] = ['NPL', 'HBR', 'SYD'].map((code) => places.sites.get(code)!) as [number, number, number];
    [north, south] = ['N', 'S'].map((code) => places.regions.get(code)!) as [number, number];
    await setSettings({ time_zone: 'Australia/Sydney' });
    const report = await post(admin, '/v3/demo/report', {
      title: 'KPI test',
      data_frequency: 3,
      cover_scopes: [1, 2, 3],
      region_scope: 2,
      region_ids: [north, south],
      site_scope: 2,
      site_ids: [npl, hbr, syd],
    });
    expect(report.statusCode).toBe(201);
    reportId = report.json().id;
    for (const [order, metric] of KPI_METRICS.entries()) {
      const created = await post(admin, '/v3/demo/report_metric', {
        ...metric,
        report_id: reportId,
        descrip: metric.label,
        unit: '#',
        order,
      });
      expect(created.statusCode, created.body).toBe(201);
      metricIds[metric.name] = created.json().id;
    }
    await insertIncidents(t, orgId, adminUuid, [
      { site: npl, region: north, at: '2025-01-31T12:30:00.000Z' },
      { site: npl, region: north, at: '2025-06-15T00:00:00.000Z' },
      { site: npl, region: north, at: '2025-12-10T00:00:00.000Z', lostDays: 3 },
      { site: npl, region: north, at: '2025-12-10T01:00:00.000Z', lostDays: 3 },
      { site: npl, region: north, at: '2025-12-11T00:00:00.000Z', recordable: false },
      { site: npl, region: north, at: '2025-12-11T00:00:00.000Z', location: 'elsewhere' },
      { site: hbr, region: north, at: '2025-01-31T13:30:00.000Z' },
      { site: hbr, region: north, at: '2025-12-05T00:00:00.000Z' },
      { site: syd, region: south, at: '2024-03-10T00:00:00.000Z' },
    ]);
    const months = Array.from({ length: 18 }, (_, i) => month(2024, 7) + i);
    await periodsWithValues(t, orgId, adminUuid, reportId, months, (key, m) => {
      const in2025 = m >= month(2025, 1);
      if (key === `site:${npl}` && in2025) return { hours: m === month(2025, 6) ? 0 : 1000 };
      if (key === `site:${hbr}` && in2025) return { hours: 500 };
      if (key === `site:${syd}`) return { hours: 800 };
      return undefined;
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('refreshes a period as one job: progress from 0 to 1, a second request answers the running refresh', async () => {
    const first = await post(admin, refreshUrl(2025, 12));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ refreshing: true, percentComplete: 0 });
    const second = await post(admin, refreshUrl(2025, 12));
    expect(second.json()).toEqual({ refreshing: true, percentComplete: 0 });
    const jobs = await t.ctx.database.db.selectFrom('jobs').select('id').where('kind', '=', REFRESH_PERIOD_JOB).execute();
    expect(jobs).toHaveLength(1);
    const polled = (await t.as(admin, { method: 'GET', url: `/v3/demo/report/${reportId}` })).json();
    expect([polled.refreshing, polled.percentComplete]).toEqual([true, 0]);
    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const done = (await t.as(admin, { method: 'GET', url: `/v3/demo/report/${reportId}` })).json();
    expect([done.refreshing, done.percentComplete]).toEqual([false, 1]);
  });

  it('computes a site item: ITM, YTD, ROLL12 and ROLL24 as ratios of window sums, December YTD = ROLL12', async () => {
    const values = (await item(DEC, `site:${npl}`)).values;
    expect(figure(values, 'itm', 'recordables')).toBe(2);
    expect(figure(values, 'itm', 'hours')).toBe(1000);
    expect(figure(values, 'itm', 'trir')).toBe(400);
    expect(figure(values, 'itm', 'lost_days')).toBe(6);
    expect(figure(values, 'itm', 'assigned')).toBe(0);
    // YTD Jan–Dec: 4 recordables over 11 × 1,000 hours (June had none).
    expect(figure(values, 'ytd', 'trir')).toBeCloseTo((4 * 200000) / 11000, 9);
    expect(figure(values, 'roll12', 'trir')).toBe(figure(values, 'ytd', 'trir'));
    // The manual metric with no entry in any month of the window is unknown, not 0.
    expect(figure(values, 'itm', 'observations')).toBeNull();
    expect(figure(values, 'target', 'observations')).toBe(10);
  });

  it('puts an incident at 23:30 on 31 January in Sydney in January, and 00:30 on 1 February in February', async () => {
    expect(figure(await refreshItem(month(2025, 1), `site:${npl}`), 'itm', 'recordables')).toBe(1);
    expect(figure(await refreshItem(month(2025, 1), `site:${hbr}`), 'itm', 'recordables')).toBe(0);
    expect(figure(await refreshItem(month(2025, 2), `site:${hbr}`), 'itm', 'recordables')).toBe(1);
  });

  it('answers an unknown TRIR for a month with zero hours, never 0 or infinity', async () => {
    const june = await refreshItem(month(2025, 6), `site:${npl}`);
    expect(figure(june, 'itm', 'recordables')).toBe(1);
    expect(figure(june, 'itm', 'hours')).toBe(0);
    expect(figure(june, 'itm', 'trir')).toBeNull();
  });

  it('sums a partial ROLL24 over the months entered', async () => {
    const values = (await item(DEC, `site:${syd}`)).values;
    // 2024-07 … 2025-12: 18 months of 800 hours; the 2024-03 incident is inside M-23 … M.
    expect(figure(values, 'roll24', 'hours')).toBe(18 * 800);
    expect(figure(values, 'roll24', 'trir')).toBeCloseTo(200000 / 14400, 9);
    expect(figure(values, 'roll12', 'trir')).toBe(0);
  });

  it('refreshes the group item alone to the figures the period refresh gave it', async () => {
    // Alone, the group adds every location up as one (reach 'total'); the period refresh rolls its sites up.
    const stored = (await item(DEC, 'group')).values;
    const alone = await refreshItem(DEC, 'group');
    for (const list of ['itm', 'ytd', 'roll12', 'roll24']) expect(alone[list], list).toEqual(stored[list]);
    expect(figure(alone, 'itm', 'trir')).toBeCloseTo((3 * 200000) / 2300, 9);
  });

  it('rolls sites up into their region and the group, and an item’s own entry wins', async () => {
    const region = (await item(DEC, `region:${north}`)).values;
    expect(figure(region, 'itm', 'recordables')).toBe(3);
    expect(figure(region, 'itm', 'hours')).toBe(1500);
    expect(figure(region, 'ytd', 'trir')).toBeCloseTo((6 * 200000) / 17000, 9);
    const group = (await item(DEC, 'group')).values;
    expect(figure(group, 'itm', 'trir')).toBeCloseTo((3 * 200000) / 2300, 9);
    // The region enters its own hours for December: they replace its sites' 1,500 for that month.
    const regionItem = await item(DEC, `region:${north}`);
    const doc = (await t.as(admin, { method: 'GET', url: `/v3/demo/report_data/${regionItem.id}` })).json();
    const saved = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/report_data/${regionItem.id}`,
      payload: { ...doc, user: [{ metric: 'hours', value: 3000 }], itm: [{ metric: 'trir', value: 1 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(figure(saved.json(), 'itm', 'trir')).toBe(200);
    expect(figure(saved.json(), 'ytd', 'trir')).toBeCloseTo((6 * 200000) / 18500, 9);
  });

  it('starts YTD at the fiscal year start (July)', async () => {
    await setSettings({ time_zone: 'Australia/Sydney', fiscal_year_start_month: 7 });
    const values = await refreshItem(DEC, `site:${npl}`);
    expect(figure(values, 'ytd', 'trir')).toBeCloseTo((2 * 200000) / 6000, 9);
    expect(figure(values, 'roll12', 'trir')).toBeCloseTo((4 * 200000) / 11000, 9);
    await setSettings({ time_zone: 'Australia/Sydney' });
    expect(figure(await refreshItem(DEC, `site:${npl}`), 'ytd', 'trir')).toBeCloseTo((4 * 200000) / 11000, 9);
  });

  it('serves a metric series for a scope, stored and virtual alike', async () => {
    const url = `/reporting/${reportId}?metric=trir&scope=3&site_id=${npl}&date=2025-12-15`;
    const stored = (await t.as(reader, { method: 'GET', url })).json();
    expect(stored.metric).toMatchObject({ label: 'TRIR', format: 2 });
    expect(stored.dataAr).toHaveLength(12);
    expect(stored.dataAr[11]).toMatchObject({ title: 'Dec 25', report_date: '2025-12-01', itm: 400, target: null });
    expect(stored.dataAr[0].report_date).toBe('2025-01-01');
    const virtual = (await t.as(reader, { method: 'GET', url: `${url}&virtual=true` })).json();
    expect(virtual.dataAr[11].itm).toBe(400);
    expect(virtual.dataAr[11].ytd).toBeCloseTo(stored.dataAr[11].ytd, 9);
    expect(virtual.dataAr[5].itm).toBeNull();
    const missing = await t.as(reader, { method: 'GET', url: `/reporting/${reportId}?metric=nope` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_description).toBe('No data found for configured metric!');
  });

  it('copies changed metric targets into items only with updateTargets, and limits a refresh to report_metric_ids', async () => {
    const metricDoc = (await t.as(admin, { method: 'GET', url: `/v3/demo/report_metric/${metricIds.observations}` })).json();
    const changed = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/report_metric/${metricIds.observations}`,
      payload: { ...(metricDoc as object), targets: { value: 20, type: 2, reason_required: true } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const key = `site:${syd}`;
    expect(figure(await refreshItem(DEC, key), 'target', 'observations')).toBe(10);
    const target = await item(DEC, key);
    const updated = await post(admin, refreshUrl(2025, 12, `&rdid=${target.id}&updateTargets=true`));
    expect(figure(updated.json()[String(target.id)], 'target', 'observations')).toBe(20);
    // Only the hours' figures change: a stale value planted in another metric's list stays.
    const planted = {
      itm: [
        { metric: 'trir', value: -1 },
        { metric: 'hours', value: -1 },
      ],
    };
    const { patchDocumentData } = await import('../../platform/records/documents.repository.ts');
    const { systemUpdateScope } = await import('./figures.repository.ts');
    const { writeQueueFor } = await import('../../platform/records/group-commit.ts');
    const { typeOrThrow } = await import('./reporting.repository.ts');
    const rdType = await typeOrThrow(t.ctx, orgId, 'report_data');
    await writeQueueFor(t.ctx.database).run((trx) =>
      patchDocumentData(t.ctx.database, trx, systemUpdateScope(orgId, rdType, 'test'), target.id, planted),
    );
    const limited = (await post(admin, refreshUrl(2025, 12, `&rdid=${target.id}&report_metric_ids=${metricIds.hours}`))).json()[
      String(target.id)
    ];
    expect([figure(limited, 'itm', 'hours'), figure(limited, 'itm', 'trir')]).toEqual([800, -1]);
    const restored = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/report_metric/${metricIds.observations}`,
      payload: { ...(changed.json() as object), targets: { value: 10, type: 2, reason_required: true } },
    });
    expect(restored.statusCode).toBe(200);
    await post(admin, refreshUrl(2025, 12, `&rdid=${target.id}&updateTargets=true`));
  });

  it('serves five annual dates in years mode', async () => {
    const url = `/reporting/${reportId}?metric=hours&scope=3&site_id=${syd}&date=2025-12-01&years=true`;
    const series = (await t.as(admin, { method: 'GET', url })).json();
    expect(series.dataAr.map((p: { report_date: string }) => p.report_date)).toEqual([
      '2021-12-01',
      '2022-12-01',
      '2023-12-01',
      '2024-12-01',
      '2025-12-01',
    ]);
    // Stored: December 2024's item was never refreshed; virtual: computed from the facts.
    expect(series.dataAr.map((p: { itm: number | null }) => p.itm)).toEqual([null, null, null, null, 800]);
    const virtual = (await t.as(admin, { method: 'GET', url: `${url}&virtual=true` })).json();
    expect(virtual.dataAr.map((p: { itm: number | null }) => p.itm)).toEqual([null, null, null, 800, 800]);
  });

  it('lists the month’s items in Manage Period order in the snapshot', async () => {
    const snapshot = (await t.as(admin, { method: 'GET', url: `/v3/reports/${reportId}/snapshot?date=2025-12-01` })).json();
    const scopes = snapshot.dataAr.map((row: { scope: number }) => row.scope);
    expect(snapshot.total).toBe(6);
    expect(scopes[0]).toBe(1);
    expect(snapshot.dataAr.every((row: { report_date: string }) => row.report_date === '2025-12-01')).toBe(true);
  });

  it('gives each user of a user_scope report a personal item, which they read and fill in, and shows people only their own', async () => {
    const created = await post(admin, '/v3/demo/report', {
      title: 'Personal',
      data_frequency: 3,
      user_scope: 2,
      user_ids: [adminUuid, editorUuid],
    });
    const personalReport = created.json().id as number;
    await post(admin, '/v3/demo/report_metric', {
      report_id: personalReport,
      name: 'visits',
      label: 'Visits',
      descrip: 'Visits',
      unit: '#',
      type: 0,
    });
    expect((await post(admin, `/reporting/${personalReport}?year=2025&month=12`)).statusCode).toBe(200);
    await runJobs();
    const url = `/v3/reports/${personalReport}/snapshot?date=2025-12-01`;
    const people = (token: string) =>
      t
        .as(token, { method: 'GET', url })
        .then((r) =>
          r.json().dataAr.map((row: { scope: number; actionee_ids?: string[] }) => (row.scope === 9 ? row.actionee_ids![0] : 'group')),
        );
    expect(await people(admin)).toEqual(['group', ...[adminUuid, editorUuid].sort()]);
    // The editor's grant is at Harbour Depot: the group item is not theirs to read, their own item is.
    expect(await people(editor)).toEqual([editorUuid]);
    const own = (await t.as(editor, { method: 'GET', url })).json().dataAr[0];
    expect(own.meta.access).toEqual({ editor: true, delete: false });
  });

  it('lets administrators edit items below scope 9 and others only personal items', async () => {
    // The editor edits at HBR, the manager at NPL (with delete); neither is an administrator.
    const site = await item(DEC, `site:${hbr}`);
    const asEditor = (await t.as(editor, { method: 'GET', url: `/v3/demo/report_data/${site.id}` })).json();
    expect(asEditor.meta.access).toEqual({ editor: false, delete: false });
    const refused = await t.as(editor, { method: 'PUT', url: `/v3/demo/report_data/${site.id}`, payload: { ...asEditor, notes: 'x' } });
    expect(refused.statusCode).toBe(403);
    const personal = await post(editor, '/v3/demo/report_data', {
      report_id: reportId,
      report_date: '2025-12-01',
      scope: 9,
      site_id: hbr,
      actionee_ids: [editorUuid],
      user: [{ metric: 'observations', value: 12 }],
    });
    expect(personal.statusCode, personal.body).toBe(201);
    expect(personal.json().meta.access.editor).toBe(true);
    expect(personal.json().isRefreshing).toBe(true);
    const read = (await t.as(editor, { method: 'GET', url: `/v3/demo/report_data/${personal.json().id}` })).json();
    expect([read.isRefreshing, figure(read, 'itm', 'observations')]).toEqual([false, 12]);
    const edited = await t.as(editor, {
      method: 'PUT',
      url: `/v3/demo/report_data/${personal.json().id}`,
      payload: { ...(personal.json() as object), notes: 'mine' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const byReader = await t.as(reader, { method: 'PUT', url: `/v3/demo/report_data/${personal.json().id}`, payload: edited.json() });
    expect(byReader.statusCode).toBe(403);
    const byAdmin = await t.as(admin, { method: 'GET', url: `/v3/demo/report_data/${site.id}` });
    expect(byAdmin.json().meta.access).toEqual({ editor: true, delete: true });
    const manager = (await t.signIn('manager@demo.local')).access;
    const nplSite = await item(DEC, `site:${npl}`);
    expect((await t.as(manager, { method: 'DELETE', url: `/v3/demo/report_data/${nplSite.id}` })).statusCode).toBe(403);
    const managerUuid = await uuidOf(t, 'manager@demo.local');
    const own = await post(manager, '/v3/demo/report_data', {
      report_id: reportId,
      report_date: '2025-12-01',
      scope: 9,
      site_id: npl,
      actionee_ids: [managerUuid],
    });
    expect(own.statusCode, own.body).toBe(201);
    expect((await t.as(manager, { method: 'DELETE', url: `/v3/demo/report_data/${own.json().id}` })).statusCode).toBe(200);
  });

  it('refuses bad report data with the spec’s words', async () => {
    const base = { report_id: reportId, report_date: '2025-12-01', scope: 9, site_id: npl, actionee_ids: [adminUuid] };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, user: [{ metric: 'hours', value: 'abc' }] }, 400, 'hours: not a number'],
      [{ ...base, report_date: '1999-12-01' }, 400, 'The earliest month is 2000-01.'],
      [{ ...base, scope: 3, site_id: undefined }, 400, 'A site item needs its site'],
      [{ ...base, report_date: '2023-01-01' }, 400, 'Reporting period has not been created'],
      [{ ...base, scope: 3, site_id: npl, actionee_ids: undefined }, 400, 'This report already has an item for this scope and month'],
      [
        { ...base, user: [{ metric: 'observations', value: 5 }] },
        400,
        'observations: Target for this metric has not been met (Target is 10). Reason required',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post(admin, '/v3/demo/report_data', payload);
      expect([response.statusCode, response.json().error_description]).toEqual([status, expect.stringContaining(message)]);
    }
    const withReason = await post(admin, '/v3/demo/report_data', {
      ...base,
      user: [{ metric: 'observations', value: 5, reason: 'Short month' }],
    });
    expect(withReason.statusCode, withReason.body).toBe(201);
  });

  it('refuses create, edit, delete and refresh in a closed period, and reopens it', async () => {
    const master = await item(DEC, 'group');
    const doc = (await t.as(admin, { method: 'GET', url: `/v3/demo/report_data/${master.id}` })).json();
    const closed = await t.as(admin, { method: 'PUT', url: `/v3/demo/report_data/${master.id}`, payload: { ...doc, closed: true } });
    expect(closed.statusCode, closed.body).toBe(200);
    const site = await item(DEC, `site:${hbr}`);
    const siteDoc = (await t.as(admin, { method: 'GET', url: `/v3/demo/report_data/${site.id}` })).json();
    // Every item carries the period's state, for members who cannot read the master.
    expect(siteDoc.closed).toBe(true);
    const { closed: _state, ...withoutState } = closed.json() as Record<string, unknown>;
    const attempts = [
      // Saving the master without saying `closed` does not reopen the period.
      await t.as(admin, { method: 'PUT', url: `/v3/demo/report_data/${master.id}`, payload: { ...withoutState, notes: 'x' } }),
      await t.as(admin, { method: 'PUT', url: `/v3/demo/report_data/${site.id}`, payload: { ...siteDoc, notes: 'late' } }),
      await t.as(admin, { method: 'DELETE', url: `/v3/demo/report_data/${site.id}` }),
      await post(admin, refreshUrl(2025, 12)),
      await post(admin, refreshUrl(2025, 12, `&rdid=${site.id}`)),
      await post(admin, '/v3/demo/report_data', { report_id: reportId, report_date: '2025-12-01', scope: 3, site_id: hbr }),
    ];
    for (const attempt of attempts) expect([attempt.statusCode, attempt.json().error_description]).toEqual([409, 'Period Closed']);
    const reopened = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/report_data/${master.id}`,
      payload: { ...(closed.json() as object), closed: false },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/report_data/${site.id}` })).json().closed).toBe(false);
    expect((await post(admin, refreshUrl(2025, 12, `&rdid=${site.id}`))).statusCode).toBe(200);
  });

  it('deletes the whole period with its master item', async () => {
    const first = month(2024, 7);
    const before = await itemsByKey(t, orgId, reportId, first);
    expect(before.size).toBeGreaterThan(1);
    const deleted = await t.as(admin, { method: 'DELETE', url: `/v3/demo/report_data/${before.get('group')!.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await itemsByKey(t, orgId, reportId, first)).size).toBe(0);
  });

  it('resumes a refresh whose worker died', async () => {
    await runJobs();
    const started = await post(admin, refreshUrl(2025, 11));
    expect(started.json()).toEqual({ refreshing: true, percentComplete: 0 });
    // A worker claims the job and dies: its lock runs out at once. Claimed by its kind, and the
    // pass after it counted as at least one: a job of an earlier test whose time came meanwhile
    // (a slow machine) is claimed and run too.
    const claimed = await claimJob(t.ctx.database, 'dead-worker', 0, new Date(), [REFRESH_PERIOD_JOB]);
    expect(claimed?.kind).toBe(REFRESH_PERIOD_JOB);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const job = await t.ctx.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', '=', claimed!.id)
      .executeTakeFirstOrThrow();
    expect([job.status, Number(job.attempts)]).toEqual(['done', 2]);
    const report = (await t.as(admin, { method: 'GET', url: `/v3/demo/report/${reportId}` })).json();
    expect([report.refreshing, report.percentComplete]).toEqual([false, 1]);
    expect(figure((await item(month(2025, 11), `site:${hbr}`)).values, 'itm', 'hours')).toBe(500);
  });

  it('refuses a formula that does not check, with its position, and stores nothing', async () => {
    const count = async () =>
      (await t.as(admin, { method: 'GET', url: `/v3/demo/report_metric?filter=${encodeURIComponent(`report_id = ${reportId}`)}` })).json()
        .total;
    const before = await count();
    const cases: [string, string][] = [
      ['recordables * / hours', 'at position 14'],
      ['recordables / nosuch', "Unknown metric 'nosuch'"],
      ['count(incident, "lost_dayz > 0")', 'Invalid filter for incident'],
      ['sum(incident, category, "")', "Field 'category' is not numeric; sum needs a number field"],
      ['loop + 1', 'Metric reference cycle: loop → loop'],
    ];
    for (const [formula, reason] of cases) {
      const response = await post(admin, '/v3/demo/report_metric', {
        report_id: reportId,
        name: 'loop',
        label: 'L',
        descrip: 'L',
        unit: '#',
        type: 1,
        formula,
      });
      expect(response.statusCode, formula).toBe(400);
      expect(response.json().code).toBe('invalid_formula');
      expect(response.json().error_description).toContain(reason);
    }
    const positioned = await post(admin, '/v3/demo/report_metric', {
      report_id: reportId,
      name: 'bad',
      label: 'B',
      descrip: 'B',
      unit: '#',
      type: 1,
      formula: 'hours * / 2',
    });
    expect(positioned.json().position).toBe(8);
    const duplicate = await post(admin, '/v3/demo/report_metric', {
      report_id: reportId,
      name: 'hours',
      label: 'H',
      descrip: 'H',
      unit: '#',
      type: 0,
    });
    expect(duplicate.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps another organisation’s report out of reach', async () => {
    for (const response of [
      await post(acmeAdmin, refreshUrl(2025, 12)),
      await t.as(acmeAdmin, { method: 'GET', url: `/reporting/${reportId}?metric=trir` }),
      await t.as(acmeAdmin, { method: 'GET', url: `/v3/reports/${reportId}/snapshot?date=2025-12-01` }),
    ])
      expect(response.statusCode).toBe(404);
    expect((await post(editor, refreshUrl(2025, 12))).statusCode).toBe(403);
  });
});
