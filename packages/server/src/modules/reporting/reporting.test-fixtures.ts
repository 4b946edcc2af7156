/**
 * Set-up of the reporting tests (docs/product/reporting.md#kpi-maths): a report with recordables
 * (counted incidents), hours (manual), TRIR (a rate) and lost days (a sum), hand-placed incidents
 * and hours per site and month, and the periods they belong to.
 */
import { expect } from 'vitest';
import { eq, REPORT_DATA_TYPE, monthIndexOf, type MonthIndex } from '@docket/shared';
import type { TestApp } from '../../test-support/test-app.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { placesOf, uuidOf } from '../../test-support/access-fixtures.ts';
import type { DialectName } from '../../platform/db/database.ts';
import { writeJson } from '../../platform/db/json.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { insertDocumentRows, patchDocumentData } from '../../platform/records/documents.repository.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { catalogFor } from '../documents/list-params.ts';
import { ensurePeriodItems, itemsOfMonth } from './period.service.ts';
import { itemKeyOf } from './report-items.ts';
import { typeOrThrow, listStored, systemReadScope } from './reporting.repository.ts';

export const month = (year: number, m: number): MonthIndex => monthIndexOf({ year, month: m });

export const KPI_METRICS = [
  { name: 'recordables', label: 'Recordables', type: 1, formula: `count(incident, "recordable = true AND location = 'kpi'")` },
  { name: 'hours', label: 'Hours worked', type: 0 },
  { name: 'trir', label: 'TRIR', type: 1, formula: 'recordables * 200000 / hours', format: 2 },
  { name: 'lost_days', label: 'Lost days', type: 1, formula: `sum(incident, lost_days, "location = 'kpi'")` },
  { name: 'observations', label: 'Observations', type: 0, targets: { value: 10, type: 2, reason_required: true } },
  // A filter on a list field (read from the JSON, not a materialised column): nobody is actionee.
  { name: 'assigned', label: 'Assigned', type: 1, formula: `count(incident, "actionee_ids contains 'nobody' AND location = 'kpi'")` },
];

export interface IncidentSpec {
  site: number;
  region: number;
  at: string;
  recordable?: boolean;
  location?: string;
  lostDays?: number;
}

export async function insertIncidents(t: TestApp, orgId: number, author: string, specs: readonly IncidentSpec[]): Promise<void> {
  const rows = specs.map((spec, index) => {
    const row = incidentRow({
      orgId,
      index,
      prefix: 'KPI',
      summaryPrefix: 'KPI incident',
      author,
      date: spec.at,
      data: { recordable: spec.recordable ?? true, location: spec.location ?? 'kpi', lost_days: spec.lostDays ?? 0 },
    });
    return { ...row, site_id: spec.site, region_id: spec.region };
  });
  await writeQueueFor(t.ctx.database).run((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'test incidents'), rows));
}

/** Creates the periods of `months` and sets manual values per item key (`site:7` → metric → value). */
export async function periodsWithValues(
  t: TestApp,
  orgId: number,
  actor: string,
  reportId: number,
  months: readonly MonthIndex[],
  valuesOf: (key: string, m: MonthIndex) => Record<string, number> | undefined,
): Promise<void> {
  const rdType = await typeOrThrow(t.ctx, orgId, REPORT_DATA_TYPE);
  const reportType = await typeOrThrow(t.ctx, orgId, 'report');
  const [report] = await listStored(t.ctx, systemReadScope(orgId, reportType), eq('id', reportId), []);
  const part = { docType: rdType.type, scope: AccessScope.system(orgId, 'update', 'test values'), catalog: catalogFor(null, rdType) };
  for (const m of months) {
    const items = await ensurePeriodItems(t.ctx, orgId, actor, rdType, report!, m);
    await writeQueueFor(t.ctx.database).run(async (trx) => {
      for (const item of items) {
        const values = valuesOf(itemKeyOf(item.values), m);
        if (!values) continue;
        const user = Object.entries(values).map(([metric, value]) => ({ metric, value }));
        await patchDocumentData(t.ctx.database, trx, part, item.id, { user });
      }
    });
  }
}

/** Every item of a report month, by item key, read straight from the table. */
export async function itemsByKey(t: TestApp, orgId: number, reportId: number, m: MonthIndex) {
  const rdType = await typeOrThrow(t.ctx, orgId, REPORT_DATA_TYPE);
  const items = await itemsOfMonth(t.ctx, orgId, rdType, reportId, m);
  return new Map(items.map((item) => [itemKeyOf(item.values), item]));
}

/** The value of `metric` in an item's list (`itm`, `ytd`…). */
export function figure(values: Record<string, unknown>, list: string, metric: string): number | null | undefined {
  const entries = values[list] as { metric: string; value: number | null }[] | undefined;
  return entries?.find((entry) => entry.metric === metric)?.value;
}

/** What `setUpKpiReport` made: who signs in, the places, the report and its metrics, and the helpers over them. */
export type KpiReport = Awaited<ReturnType<typeof setUpKpiReport>>;

/**
 * The KPI report of the reporting engine's tests (reporting.int.test.ts, reporting-rules.int.test.ts),
 * set up in `t` (started without background jobs): the organisation in Sydney's time zone, a monthly
 * report over every site and region with the KPI metrics, the incidents below and 18 months of
 * periods (2024-07 … 2025-12) with their hours.
 *
 * Sites: NPL and HBR in region N, SYD in region S. Hours: NPL 1,000 a month in 2025 (June 0),
 * HBR 500 a month in 2025, SYD 800 a month from 2024-07. Recordable incidents: NPL 2025-01-31
 * 23:30 Sydney (January), 2025-06-15, two on 2025-12-10 (3 lost days each); HBR 2025-01-31 00:30
 * Sydney on 1 February (February), 2025-12-05; SYD 2024-03-10.
 */
export async function setUpKpiReport(t: TestApp, dialect: DialectName) {
  const metricIds: Record<string, number> = {};
  const post = (token: string, url: string, payload?: unknown) => t.as(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const admin = (await t.signIn('admin@demo.local')).access;
  const editor = (await t.signIn('editor@demo.local')).access;
  const reader = (await t.signIn('reader@demo.local')).access;
  const acmeAdmin = (await t.signIn('admin@acme.local')).access;
  const adminUuid = await uuidOf(t, 'admin@demo.local');
  const editorUuid = await uuidOf(t, 'editor@demo.local');
  const places = await placesOf(t, 'demo');
  const orgId = places.orgId;
  const [npl, hbr, syd] = ['NPL', 'HBR', 'SYD'].map((code) => places.sites.get(code)!) as [number, number, number];
  const [north, south] = ['N', 'S'].map((code) => places.regions.get(code)!) as [number, number];
  const setSettings = (settings: Record<string, unknown>) =>
    t.ctx.database.db
      .updateTable('organisations')
      .set({ settings: writeJson(settings) })
      .where('id', '=', orgId)
      .execute();
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
  const reportId: number = report.json().id;
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

  const refreshUrl = (y: number, m: number, extra = '') => `/reporting/${reportId}?year=${y}&month=${m}${extra}`;
  const item = async (m: number, key: string) => (await itemsByKey(t, orgId, reportId, m)).get(key)!;
  const refreshItem = async (m: number, key: string) => {
    const target = await item(m, key);
    const date = String(target.values.report_date);
    const response = await post(admin, refreshUrl(Number(date.slice(0, 4)), Number(date.slice(5, 7)), `&rdid=${target.id}`));
    expect(response.statusCode).toBe(200);
    return response.json()[String(target.id)] as Record<string, unknown>;
  };
  const runJobs = () => runJobsOnce(t.ctx, `reporting-test-${dialect}`);
  return {
    admin,
    editor,
    reader,
    acmeAdmin,
    orgId,
    adminUuid,
    editorUuid,
    npl,
    hbr,
    syd,
    north,
    south,
    reportId,
    metricIds,
    post,
    refreshUrl,
    setSettings,
    item,
    refreshItem,
    runJobs,
  };
}
