/**
 * The reporting engine's figures on both databases (docs/product/reporting.md#kpi-maths, #periods,
 * #api): every window against hand-computed figures — months of the organisation's time zone
 * (Sydney), a zero-hour month (TRIR unknown), a partial ROLL24, December where YTD equals ROLL12, a
 * fiscal year starting in July — roll-ups (a region adds its sites; its own entry wins), metric
 * series and the period's snapshot, and the period-wide refresh job (progress, one at a time,
 * restart). The rules on report data (edit, delete, closed periods, formulas, other organisations)
 * are in reporting-rules.int.test.ts; the report's sites, hours and incidents in
 * reporting.test-fixtures.ts (setUpKpiReport).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { claimJob } from '../../platform/jobs/jobs.repository.ts';
import { REFRESH_PERIOD_JOB } from './refresh-job.ts';
import { figure, month, setUpKpiReport, type KpiReport } from './reporting.test-fixtures.ts';

const DEC = month(2025, 12);

describe.each(testDialects)('the reporting engine on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let npl: number;
  let hbr: number;
  let syd: number;
  let north: number;
  let reportId: number;
  let metricIds: Record<string, number>;
  let orgId: number;
  let post: KpiReport['post'];
  let refreshUrl: KpiReport['refreshUrl'];
  let setSettings: KpiReport['setSettings'];
  let item: KpiReport['item'];
  let refreshItem: KpiReport['refreshItem'];
  let runJobs: KpiReport['runJobs'];

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    ({ admin, reader, npl, hbr, syd, north, reportId, metricIds, orgId, post, refreshUrl, setSettings, item, refreshItem, runJobs } =
      await setUpKpiReport(t, dialect));
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

  it('refuses a report date that is no day or lies outside four-digit years, changing nothing', async () => {
    const series = (date: string, more = '') => `/reporting/${reportId}?metric=hours&scope=3&site_id=${syd}&date=${date}${more}`;
    const refusals: Array<[string, string]> = [
      [series('2026-02-30'), 'The date must be YYYY-MM-DD.'],
      [series('2026-13-01'), 'The date must be YYYY-MM-DD.'],
      [series('0000-01-01'), 'The date must be between 1900-01-01 and 9998-12-31.'],
      [series('9999-12-31', '&virtual=true'), 'The date must be between 1900-01-01 and 9998-12-31.'],
      [`/v3/reports/${reportId}/snapshot?date=9999-12-31`, 'The date must be between 1900-01-01 and 9998-12-31.'],
    ];
    for (const [url, message] of refusals) {
      const answer = await t.as(admin, { method: 'GET', url });
      expect([answer.statusCode, answer.json().error_description], url).toEqual([400, message]);
    }
    const items = async () =>
      t.ctx.database.db
        .selectFrom('documents')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('doc_type', '=', 'report_data')
        .executeTakeFirstOrThrow();
    const before = await items();
    const refresh = await post(admin, refreshUrl(9999, 12));
    expect(refresh.statusCode).toBe(400);
    expect(await items()).toEqual(before);
  });

  it('lists the month’s items in Manage Period order in the snapshot', async () => {
    const snapshot = (await t.as(admin, { method: 'GET', url: `/v3/reports/${reportId}/snapshot?date=2025-12-01` })).json();
    const scopes = snapshot.dataAr.map((row: { scope: number }) => row.scope);
    expect(snapshot.total).toBe(6);
    expect(scopes[0]).toBe(1);
    expect(snapshot.dataAr.every((row: { report_date: string }) => row.report_date === '2025-12-01')).toBe(true);
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
});
