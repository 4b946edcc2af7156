/**
 * The demo that shows the reporting engine (docs/product/reporting.md#overview) on both databases:
 * two years of incidents, the 'Safety Performance' report with its metrics, layout and default
 * setting, hours entered on the site items, and the periods refreshed by the engine's job. The
 * figures are checked against what the documents themselves say: the group's ROLL12 TRIR is the
 * recordables of twelve months (counted by the chart call) times 200,000 over the hours of those
 * months — a ratio of sums, never a mean of monthly rates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatYearMonth, monthIndexOf, monthOf, yearMonthOf } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { readJson } from '../../platform/db/json.ts';
import { SAFETY_METRICS, SAFETY_REPORT_TITLE } from './demo-report-data.ts';

const q = (text: string) => encodeURIComponent(text);

interface Entry {
  metric: string;
  value: number | null;
}
interface Item {
  id: number;
  scope: number;
  site_id?: number | null;
  master?: boolean;
  user?: Entry[];
  itm?: Entry[];
  roll12?: Entry[];
  target?: Entry[];
}

const valueOf = (entries: Entry[] | undefined, metric: string) => entries?.find((e) => e.metric === metric)?.value;

describe.each(testDialects)('the demo safety report on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reportId: number;
  const current = monthIndexOf(monthOf(new Date(), 'UTC'));
  const lastMonth = current - 1;
  const dateOf = (month: number) => `${formatYearMonth(yearMonthOf(month))}-01`;

  beforeAll(async () => {
    t = await startTestApp(dialect, { demoHistory: true, jobs: false });
    // The 24 period refreshes the seed enqueued, run as the worker would after the start.
    await runJobsOnce(t.ctx, 'demo-test', 100);
    admin = (await t.signIn('admin@demo.local')).access;
    const reports = (await t.as(admin, { method: 'GET', url: `/v3/demo/report?filter=${q(`title = '${SAFETY_REPORT_TITLE}'`)}` })).json();
    reportId = reports.dataAr[0].id;
  });
  afterAll(async () => t.close());

  it('has two years of incidents and actions, the report with its metrics and layout, and the default report setting', async () => {
    const incidents = (await t.as(admin, { method: 'GET', url: '/v3/demo/graph/incident?group_by=category' })).json();
    expect(incidents.total).toBeGreaterThan(250);
    expect(incidents.dataAr.map((row: { category: string }) => row.category).sort()).toEqual([
      'Environmental',
      'Injury',
      'Near Miss',
      'Property Damage',
      'Security',
    ]);
    const report = (await t.as(admin, { method: 'GET', url: `/v3/demo/report/${reportId}` })).json();
    expect(report.refreshing).toBe(false);
    expect(report.percentComplete).toBe(1);
    expect(report.i18n.data.fr.title).toBe('Performance sécurité');
    expect(report.schema.dashboard.i18n.data.es.title).toBe('Desempeño en seguridad');
    expect(Object.keys(report.schema).sort()).toEqual(['dashboard', 'manager']);
    const metrics = (
      await t.as(admin, { method: 'GET', url: `/v3/demo/report_metric?count=50&filter=${q(`report_id = ${reportId}`)}` })
    ).json();
    expect(metrics.dataAr.map((m: { name: string }) => m.name).sort()).toEqual(SAFETY_METRICS.map((m) => m.name).sort());
    const org = await t.ctx.database.db
      .selectFrom('organisations')
      .select('app_config')
      .where('app_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(
      readJson<{ general: { default_report_id: number } }>(org.app_config, { general: { default_report_id: 0 } }).general.default_report_id,
    ).toBe(reportId);
  });

  it("computes last month's figures from the documents and the hours entered: ROLL12 TRIR is a ratio of sums", async () => {
    const snapshot = (await t.as(admin, { method: 'GET', url: `/v3/reports/${reportId}/snapshot?date=${dateOf(lastMonth)}` })).json();
    const items = snapshot.dataAr as Item[];
    // The group (the period's master), two regions, three sites.
    expect(items.map((item) => item.scope).sort()).toEqual([1, 2, 2, 3, 3, 3]);
    const group = items.find((item) => item.master)!;

    // Twelve months of recordables, counted by the chart call, and of hours, from the site items.
    const from = formatYearMonth(yearMonthOf(lastMonth - 11));
    const to = formatYearMonth(yearMonthOf(lastMonth));
    const recordables = (
      await t.as(admin, {
        method: 'GET',
        url: `/v3/demo/graph/incident?group_by=month&from=${from}&to=${to}&qry=${q('recordable = true')}`,
      })
    ).json().total as number;
    let hours = 0;
    for (let month = lastMonth - 11; month <= lastMonth; month += 1) {
      const monthItems = (await t.as(admin, { method: 'GET', url: `/v3/reports/${reportId}/snapshot?date=${dateOf(month)}` })).json()
        .dataAr as Item[];
      for (const item of monthItems.filter((i) => i.scope === 3)) hours += valueOf(item.user, 'hours') ?? 0;
    }
    expect(hours).toBeGreaterThan(900_000);
    expect(valueOf(group.roll12, 'recordables')).toBe(recordables);
    expect(valueOf(group.roll12, 'hours')).toBe(hours);
    expect(valueOf(group.roll12, 'trir')).toBeCloseTo((recordables * 200_000) / hours, 9);
    // Some actions raised from the incidents are still open past their due date.
    expect(valueOf(group.roll12, 'actions_overdue')).toBeGreaterThan(0);
    // Targets were copied into the items; the sites' figures add up to the group's.
    expect(valueOf(group.target, 'trir')).toBe(3);
    const siteIncidents = items.filter((i) => i.scope === 3).reduce((sum, i) => sum + (valueOf(i.itm, 'incidents') ?? 0), 0);
    expect(valueOf(group.itm, 'incidents')).toBe(siteIncidents);
  });

  it("answers the TRIR series the dashboard's Spark card reads, with the metric's translations", async () => {
    const series = (
      await t.as(admin, { method: 'GET', url: `/reporting/${reportId}?metric=severity_rate&date=${dateOf(lastMonth)}` })
    ).json();
    expect(series.metric.i18n.data.fr.label).toBe('Taux de gravité');
    const trir = (await t.as(admin, { method: 'GET', url: `/reporting/${reportId}?metric=trir&date=${dateOf(lastMonth)}` })).json();
    expect(trir.dataAr).toHaveLength(12);
    expect(trir.dataAr.every((point: { roll12: number | null }) => typeof point.roll12 === 'number' && point.roll12 > 0)).toBe(true);
  });
});
