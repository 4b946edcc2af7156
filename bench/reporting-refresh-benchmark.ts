/**
 * The reporting engine at scale (issue 13 item 6, docs/product/reporting.md#kpi-maths), in-process
 * on a fresh database: 1,000,000 incidents over 36 months at 190 sites in 9 regions, a report of
 * 40 metrics (1 manual, 30 aggregates over incidents, 9 rates) covering 200 scope items (the group,
 * 9 regions, 190 sites), and 24 earlier months of periods holding the hours entered per site.
 *
 * Measured, each a median of --runs:
 * - baseline: ONE grouped query over the same documents and months as a refresh's facts query —
 *   `count(*)` per (site, region, month) through the engine's own facts query with one aggregate.
 *   It is the floor of any refresh: a refresh's facts query reads the same rows once and adds 29
 *   more conditional sums;
 * - a period refresh of one report month (200 items, windows back to M-23) through the engine's
 *   durable job, the first one (which creates the items) and again (items exist), with where the
 *   time goes: facts query, manual entries, computation in memory, writes;
 * - twelve monthly period refreshes one after another (12 × 200 items × 40 metrics);
 * - a single-item refresh (`POST /reporting/{id}?rdid=`) of a site, a region and the group item.
 *
 *   npx tsx bench/reporting-refresh-benchmark.ts --incidents 1000000 [--database postgres] [--runs 3]
 *   (postgres uses TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test, in a schema of its own)
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { parseArgs } from 'node:util';
import { monthIndexOf, monthOf, yearMonthOf, formatYearMonth, type MonthIndex } from '@docket/shared';
import { startTestApp, type TestApp } from '@docket/server/src/test-support/test-app.ts';
import { AccessScope } from '@docket/server/src/platform/access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from '@docket/server/src/platform/records/documents.repository.ts';
import { ensureAllTypeIndexes } from '@docket/server/src/platform/records/type-index-builds.ts';
import { analyseEverything } from '@docket/server/src/platform/db/planner-statistics.ts';
import { writeJson } from '@docket/server/src/platform/db/json.ts';
import { runJobsOnce } from '@docket/server/src/platform/jobs/job-worker.ts';
import { aggregateFacts } from '@docket/server/src/modules/reporting/facts.repository.ts';
import { loadReportModel } from '@docket/server/src/modules/reporting/report-model.ts';
import { computeItems } from '@docket/server/src/modules/reporting/compute-items.ts';
import { writeFigures } from '@docket/server/src/modules/reporting/figures.repository.ts';
import { itemsOfMonth, masterOfMonth } from '@docket/server/src/modules/reporting/period.service.ts';
import { REFRESH_PERIOD_JOB } from '@docket/server/src/modules/reporting/refresh-job.ts';
import {
  entryRowsIn,
  itemsInSpan,
  listStored,
  systemReadScope,
  typeOrThrow,
} from '@docket/server/src/modules/reporting/reporting.repository.ts';
import { cachedMonths } from '@docket/server/src/modules/reporting/month-facts.repository.ts';
import { loadReportFacts, monthDate } from '@docket/server/src/modules/reporting/report-facts.ts';
import { eq } from '@docket/shared';
import { seededRandom } from './generate.ts';

const { values } = parseArgs({
  options: {
    incidents: { type: 'string', default: '1000000' },
    database: { type: 'string', default: 'sqlite' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '13' },
    // Writes CPU profiles of ten group-item refreshes and three period refreshes (FILE.group,
    // FILE.period) and prints their heaviest functions.
    'cpu-profile': { type: 'string' },
  },
});
const INCIDENTS = Number(values.incidents);
const RUNS = Number(values.runs);
const dialect = values.database === 'postgres' ? 'postgres' : 'sqlite';
const REGIONS = 9;
const SITES = 190;
const HISTORY_MONTHS = 36;
const CATEGORIES = ['Injury', 'Near Miss', 'Property Damage', 'Environmental', 'Security'];
const DAY_MS = 86_400_000;

const log = (text: string) => console.log(text);
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function medianOf(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await timed(work))[1]);
  return median(times);
}

function monthStartMs(month: MonthIndex): number {
  const { year, month: m } = yearMonthOf(month);
  return Date.UTC(year, m - 1, 1);
}

interface Bench {
  t: TestApp;
  orgId: number;
  author: string;
  admin: string;
  regionIds: number[];
  siteIds: number[];
  /** Region id of each site. */
  regionOf: Map<number, number>;
}

function baseRow(orgId: number, author: string, docType: string, displayId: string, summary: string, created: string): NewDocumentRow {
  return {
    org_id: orgId,
    doc_type: docType,
    display_id: displayId,
    status: '',
    summary,
    descrip: '',
    parent_id: null,
    site_id: null,
    region_id: null,
    zone_id: null,
    module_id: null,
    ref: null,
    created_by: author,
    created_date: created,
    updated_by: author,
    updated_date: created,
    closed: 0,
    closed_date: null,
    due_date: null,
    status_date: null,
    workflow: null,
    attachments: writeJson([]),
    data: writeJson({}),
  };
}

async function idsOf(b: Pick<Bench, 't' | 'orgId'>, docType: string, prefix: string): Promise<number[]> {
  const rows = await b.t.ctx.database.db
    .selectFrom('documents')
    .select('id')
    .where('org_id', '=', b.orgId)
    .where('doc_type', '=', docType)
    .where('display_id', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** 9 regions and 190 sites, then 1,000,000 incidents spread over them and 36 months. */
async function seedPlaces(t: TestApp): Promise<Bench> {
  const db = t.ctx.database.db;
  const org = await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow();
  const who = await db.selectFrom('identities').select('uuid').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
  const orgId = Number(org.id);
  const author = who.uuid;
  const now = new Date().toISOString();
  const scope = AccessScope.system(orgId, 'create', 'reporting benchmark places');
  await db.transaction().execute(async (trx) => {
    const regions = Array.from({ length: REGIONS }, (_, i) => {
      const row = baseRow(orgId, author, 'region', `BREG-${i + 1}`, `Bench region ${i + 1}`, now);
      return { ...row, data: writeJson({ title: `Bench region ${i + 1}`, code: `BR${i + 1}` }) };
    });
    await insertDocumentRows(trx, scope, regions);
  });
  const regionIds = await idsOf({ t, orgId }, 'region', 'BREG-');
  await db.transaction().execute(async (trx) => {
    const sites = Array.from({ length: SITES }, (_, i) => {
      const regionId = regionIds[i % REGIONS]!;
      const row = baseRow(orgId, author, 'site', `BSITE-${i + 1}`, `Bench site ${i + 1}`, now);
      return { ...row, region_id: regionId, data: writeJson({ title: `Bench site ${i + 1}`, code: `BS${i + 1}`, region_id: regionId }) };
    });
    await insertDocumentRows(trx, scope, sites);
  });
  const siteIds = await idsOf({ t, orgId }, 'site', 'BSITE-');
  const regionOf = new Map(siteIds.map((id, i) => [id, regionIds[i % REGIONS]!]));
  const token = (await t.signIn('admin@demo.local')).access;
  return { t, orgId, author, admin: token, regionIds, siteIds, regionOf };
}

async function seedIncidents(b: Bench, current: MonthIndex): Promise<void> {
  const random = seededRandom(Number(values.seed));
  const startMs = monthStartMs(current - (HISTORY_MONTHS - 1));
  const spanMs = Date.now() - startMs;
  const scope = AccessScope.system(b.orgId, 'create', 'reporting benchmark incidents');
  const batch = 5000;
  for (let done = 0; done < INCIDENTS; done += batch) {
    const rows: NewDocumentRow[] = [];
    for (let i = done; i < Math.min(INCIDENTS, done + batch); i++) {
      const site = b.siteIds[Math.floor(random() * SITES)]!;
      const category = CATEGORIES[Math.floor(random() * CATEGORIES.length)]!;
      const recordable = category === 'Injury' && random() < 0.4;
      const lostTime = recordable && random() < 0.3;
      const date = new Date(startMs + Math.floor(random() * spanMs)).toISOString();
      const data: Record<string, unknown> = {
        incident_date: date,
        category,
        severity: 1 + Math.floor(random() * 4),
        priority: 1 + Math.floor(random() * 5),
        recordable,
        lost_time: lostTime,
      };
      if (lostTime) data.lost_days = 1 + Math.floor(random() * 20);
      const closed = Date.now() - Date.parse(date) > 30 * DAY_MS || random() < 0.5;
      rows.push({
        ...baseRow(b.orgId, b.author, 'incident', `BINC-${i + 1}`, `${category} at bench site ${i}`, date),
        status: closed ? 'Closed' : 'Pending Completion',
        closed: closed ? 1 : 0,
        site_id: site,
        region_id: b.regionOf.get(site)!,
        data: writeJson(data),
      });
    }
    await b.t.ctx.database.db.transaction().execute((trx) => insertDocumentRows(trx, scope, rows));
    process.stdout.write(`\rincidents ${Math.min(INCIDENTS, done + batch)} / ${INCIDENTS}`);
  }
  process.stdout.write('\n');
}

/** 40 metrics: hours (manual), 30 aggregates over incidents, 9 rates. */
function benchMetrics(): { name: string; formula?: string }[] {
  const metrics: { name: string; formula?: string }[] = [{ name: 'b_hours' }];
  const count = (name: string, filter: string) => metrics.push({ name, formula: `count(incident, '${filter.replaceAll("'", "''")}')` });
  const sum = (name: string, field: string, filter: string) =>
    metrics.push({ name, formula: `sum(incident, ${field}, '${filter.replaceAll("'", "''")}')` });
  count('b_all', '');
  CATEGORIES.forEach((c, i) => count(`b_cat${i}`, `category = '${c}'`));
  for (let s = 1; s <= 4; s++) count(`b_sev${s}`, `severity = ${s}`);
  for (let p = 1; p <= 5; p++) count(`b_pri${p}`, `priority = ${p}`);
  count('b_rec', 'recordable = true');
  count('b_lti', 'lost_time = true');
  sum('b_lost_days', 'lost_days', 'lost_time = true');
  CATEGORIES.forEach((c, i) => count(`b_cat${i}_rec`, `category = '${c}' AND recordable = true`));
  count('b_open', 'closed = false');
  count('b_open_high', 'priority >= 4 AND closed = false');
  CATEGORIES.forEach((c, i) => sum(`b_cat${i}_days`, 'lost_days', `category = '${c}' AND lost_time = true`));
  metrics.push({ name: 'b_trir', formula: 'b_rec * 200000 / b_hours' });
  metrics.push({ name: 'b_ltifr', formula: 'b_lti * 1000000 / b_hours' });
  metrics.push({ name: 'b_severity', formula: 'b_lost_days * 200000 / b_hours' });
  CATEGORIES.forEach((_, i) => metrics.push({ name: `b_cat${i}_rate`, formula: `b_cat${i} * 200000 / b_hours` }));
  metrics.push({ name: 'b_nm_ratio', formula: 'b_cat1 / b_cat0' });
  return metrics;
}

async function createReport(b: Bench): Promise<number> {
  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await b.t.as(b.admin, { method: 'POST', url, payload });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
    return response.json() as { id: number };
  };
  const report = await post('/v3/demo/report', {
    title: 'Bench report',
    data_frequency: 3,
    region_scope: 2,
    region_ids: b.regionIds,
    site_scope: 2,
    site_ids: b.siteIds,
    cover_scopes: [1, 2, 3],
  });
  const metrics = benchMetrics();
  for (const [order, metric] of metrics.entries()) {
    await post('/v3/demo/report_metric', {
      report_id: report.id,
      name: metric.name,
      label: metric.name,
      descrip: metric.name,
      type: metric.formula ? 1 : 0,
      ...(metric.formula ? { formula: metric.formula } : {}),
      unit: '#',
      order,
      targets: { value: 2, type: 1 },
    });
  }
  return report.id;
}

/** The 24 months before `month`: their period items, the site items holding the hours worked. */
async function seedEarlierPeriods(b: Bench, reportId: number, month: MonthIndex): Promise<void> {
  const random = seededRandom(7);
  const scope = AccessScope.system(b.orgId, 'create', 'reporting benchmark periods');
  const rows: NewDocumentRow[] = [];
  const now = new Date().toISOString();
  for (let m = month - 24; m <= month; m++) {
    const date = `${formatYearMonth(yearMonthOf(m))}-01`;
    const next = new Date(monthStartMs(m + 1) - DAY_MS).toISOString().slice(0, 10);
    const base = { report_id: reportId, report_date: date, from_date: date, to_date: next, tally: false, master: false };
    const item = (scope: number, extra: Partial<NewDocumentRow>, data: Record<string, unknown> = {}) => ({
      ...baseRow(b.orgId, b.author, 'report_data', `BRD-${m}-${rows.length}`, date, now),
      ...extra,
      data: writeJson({ ...base, scope, ...data }),
    });
    rows.push(item(1, {}, { master: true, closed: false }));
    for (const region of b.regionIds) rows.push(item(2, { region_id: region }));
    for (const site of b.siteIds) {
      rows.push(
        item(
          3,
          { site_id: site, region_id: b.regionOf.get(site)! },
          { user: [{ metric: 'b_hours', value: 20_000 + Math.floor(random() * 30_000) }] },
        ),
      );
    }
  }
  await b.t.ctx.database.db.transaction().execute((trx) => insertDocumentRows(trx, scope, rows));
}

async function refreshPeriod(b: Bench, reportId: number, month: MonthIndex): Promise<void> {
  const { year, month: m } = yearMonthOf(month);
  const response = await b.t.as(b.admin, { method: 'POST', url: `/reporting/${reportId}?year=${year}&month=${m}` });
  if (response.statusCode >= 300) throw new Error(response.body);
  await runJobsOnce(b.t.ctx, 'bench', 1000);
  const failed = await b.t.ctx.database.db
    .selectFrom('jobs')
    .select(['status', 'last_error'])
    .where('kind', '=', REFRESH_PERIOD_JOB)
    .where('status', '!=', 'done')
    .executeTakeFirst();
  if (failed) throw new Error(`The period refresh did not finish: ${failed.status} ${failed.last_error ?? ''}`);
}

async function itemId(b: Bench, reportId: number, month: MonthIndex, pick: (values: Record<string, unknown>) => boolean): Promise<number> {
  const rdType = await typeOrThrow(b.t.ctx, b.orgId, 'report_data');
  const items = await itemsOfMonth(b.t.ctx, b.orgId, rdType, reportId, month);
  const found = items.find((item) => pick(item.values));
  if (!found) throw new Error('item not found');
  return found.id;
}

async function refreshItem(b: Bench, reportId: number, month: MonthIndex, id: number): Promise<void> {
  const { year, month: m } = yearMonthOf(month);
  const response = await b.t.as(b.admin, { method: 'POST', url: `/reporting/${reportId}?year=${year}&month=${m}&rdid=${id}` });
  if (response.statusCode !== 200) throw new Error(response.body);
}

/** Where a period refresh's time goes: the engine's steps, timed one by one. */
async function profileRefresh(b: Bench, reportId: number, month: MonthIndex): Promise<Record<string, number>> {
  const ctx = b.t.ctx;
  const reportType = await typeOrThrow(ctx, b.orgId, 'report');
  const rdType = await typeOrThrow(ctx, b.orgId, 'report_data');
  const [report] = await listStored(ctx, systemReadScope(b.orgId, reportType), eq('id', reportId), []);
  const [model, tModel] = await timed(() => loadReportModel(ctx, b.orgId, report!));
  const [items, tItems] = await timed(() => itemsOfMonth(ctx, b.orgId, rdType, reportId, month));
  const [facts, tFacts] = await timed(() => loadReportFacts(ctx, model, { from: month, to: month }));
  // The two halves of loading the facts, apart: the grouped query of the 30 aggregates, and the
  // report data items of the windows' months (for their manual entries).
  const incidentType = await typeOrThrow(ctx, b.orgId, 'incident');
  const specs = model.compiled.parts.flatMap((p) =>
    p.kind === 'aggregate'
      ? [{ key: p.key, aggregate: p.aggregate, filter: p.filter, ...(p.field === undefined ? {} : { field: p.field }) }]
      : [],
  );
  const [, tQuery] = await timed(() =>
    aggregateFacts(ctx.database, incidentType, systemReadScope(b.orgId, incidentType), specs, facts.range, model.settings.timeZone),
  );
  const [, tEntries] = await timed(() =>
    listStored(
      ctx,
      systemReadScope(b.orgId, rdType),
      itemsInSpan(reportId, { from: monthDate(facts.range.from), to: monthDate(facts.range.to + 1) }),
      [{ field: 'report_date', direction: 'asc' }],
    ),
  );
  const [figures, tCompute] = await timed(async () => computeItems(model, facts, items, month, {}));
  const [, tWrite] = await timed(() => writeFigures(ctx, b.orgId, rdType, [...figures]));
  return { model: tModel, items: tItems, facts: tFacts, query: tQuery, entries: tEntries, compute: tCompute, write: tWrite };
}

/** Where a single group item's refresh goes: the engine's steps for that one item, timed one by one. */
async function profileGroupItem(b: Bench, reportId: number, month: MonthIndex, id: number): Promise<Record<string, number>> {
  const ctx = b.t.ctx;
  const reportType = await typeOrThrow(ctx, b.orgId, 'report');
  const rdType = await typeOrThrow(ctx, b.orgId, 'report_data');
  const [report] = await listStored(ctx, systemReadScope(b.orgId, reportType), eq('id', reportId), []);
  const [item] = await listStored(ctx, systemReadScope(b.orgId, rdType), eq('id', id), []);
  const [, tPeriod] = await timed(() => masterOfMonth(ctx, b.orgId, rdType, reportId, month));
  const [model, tModel] = await timed(() => loadReportModel(ctx, b.orgId, report!));
  const [facts, tFacts] = await timed(() => loadReportFacts(ctx, model, { from: month, to: month }));
  const [figures, tCompute] = await timed(async () => computeItems(model, facts, [item!], month, {}));
  const [, tWrite] = await timed(() => writeFigures(ctx, b.orgId, rdType, [...figures]));
  // The facts' parts apart: the cached months of the 30 aggregates, and the windows' manual entries.
  const keys = await ctx.database.db.selectFrom('report_month_facts').select('fact_key').distinct().where('org_id', '=', b.orgId).execute();
  const [, tCached] = await timed(() =>
    cachedMonths(
      ctx.database,
      b.orgId,
      'incident',
      keys.map((k) => k.fact_key),
      facts.range.from,
      facts.range.to,
    ),
  );
  const span = itemsInSpan(reportId, { from: monthDate(facts.range.from), to: monthDate(facts.range.to + 1) });
  const [, tEntries] = await timed(() => entryRowsIn(ctx.database, systemReadScope(b.orgId, rdType), span));
  return { period: tPeriod, model: tModel, facts: tFacts, cached: tCached, entries: tEntries, compute: tCompute, write: tWrite };
}

/** Runs `work` `times` under the V8 profiler, writes the profile to `file`, prints the top self times. */
async function cpuProfile(file: string, what: string, work: () => Promise<unknown>, times: number): Promise<void> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  for (let i = 0; i < times; i++) await work();
  const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
  session.disconnect();
  writeFileSync(file, JSON.stringify(profile));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  log(`    CPU profile of ${times} group-item refreshes (${file}), heaviest self times:`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    log(`      ${(us / 1000 / times).toFixed(1)} ms/refresh  ${name}`);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

async function main() {
  const began = performance.now();
  const t = await startTestApp(dialect, { jobs: false, statementTimeoutMs: 0 });
  try {
    const current = monthIndexOf(monthOf(new Date(), 'UTC'));
    const month = current - 1;
    const b = await seedPlaces(t);
    const [, tSeed] = await timed(() => seedIncidents(b, current));
    const [, tIndex] = await timed(async () => {
      await ensureAllTypeIndexes(t.ctx.database, t.ctx.config.indexBuilds);
      await analyseEverything(t.ctx.database);
    });
    const reportId = await createReport(b);
    await seedEarlierPeriods(b, reportId, month - 1);
    // The creates' own jobs (notification triggers) run now, not inside the timings.
    await runJobsOnce(t.ctx, 'bench', 10_000);
    log(
      `${dialect}: ${INCIDENTS} incidents loaded in ${(tSeed / 1000).toFixed(1)} s, indexes and statistics ${(tIndex / 1000).toFixed(1)} s`,
    );

    // Baseline: one grouped count over the refresh's months (M-23..M), per (site, region, month).
    // Each figure is printed as soon as it is measured.
    log(`\nReporting refresh, ${dialect}, ${INCIDENTS} incidents, 40 metrics (30 aggregates), 200 scope items, medians of ${RUNS}`);
    const incidentType = await typeOrThrow(t.ctx, b.orgId, 'incident');
    const part = systemReadScope(b.orgId, incidentType);
    const range = { from: month - 23, to: month };
    const baseline = await medianOf(() =>
      aggregateFacts(t.ctx.database, incidentType, part, [{ key: 'n', aggregate: 'count', filter: null }], range, 'UTC'),
    );
    const ratio = (value: number) => `${(value / baseline).toFixed(1)}× baseline`;
    log(`  baseline: one grouped count over 24 months (site, region, month) ${ms(baseline)}`);

    const [, firstRefresh] = await timed(() => refreshPeriod(b, reportId, month));
    log(`  period refresh, first (creates 200 items)      ${ms(firstRefresh)}  (${ratio(firstRefresh)})`);
    const again = await medianOf(() => refreshPeriod(b, reportId, month));
    log(`  period refresh, items exist                    ${ms(again)}  (${ratio(again)})`);
    const profile = await profileRefresh(b, reportId, month);
    log(
      `    of which: model ${ms(profile.model!)}, the month's items ${ms(profile.items!)}, facts ${ms(profile.facts!)} (alone: the 30-aggregate query ${ms(profile.query!)}, the windows' items ${ms(profile.entries!)}), compute ${ms(profile.compute!)}, write ${ms(profile.write!)}`,
    );

    const siteItem = await itemId(b, reportId, month, (v) => v.scope === 3);
    const regionItem = await itemId(b, reportId, month, (v) => v.scope === 2);
    const groupItem = await itemId(b, reportId, month, (v) => v.master === true);
    const site = await medianOf(() => refreshItem(b, reportId, month, siteItem));
    const region = await medianOf(() => refreshItem(b, reportId, month, regionItem));
    const group = await medianOf(() => refreshItem(b, reportId, month, groupItem));
    log(`  single item: site ${ms(site)}, region ${ms(region)}, group ${ms(group)}`);
    if (values['cpu-profile']) {
      await cpuProfile(`${values['cpu-profile']}.group`, 'group-item refreshes', () => refreshItem(b, reportId, month, groupItem), 10);
      await cpuProfile(`${values['cpu-profile']}.period`, 'period refreshes (items exist)', () => refreshPeriod(b, reportId, month), 3);
    }
    const one = await profileGroupItem(b, reportId, month, groupItem);
    log(
      `    group item, of which: period check ${ms(one.period!)}, model ${ms(one.model!)}, facts ${ms(one.facts!)} (alone: the cached months ${ms(one.cached!)}, the windows' entries ${ms(one.entries!)}), compute ${ms(one.compute!)}, write ${ms(one.write!)} (the rest: the HTTP call, access checks)`,
    );

    const [, twelve] = await timed(async () => {
      for (let m = month - 11; m <= month; m++) await refreshPeriod(b, reportId, m);
    });
    log(
      `  12 monthly periods, one after another          ${ms(twelve)}  (${ms(twelve / 12)} each; the first months reach back past the cached 24)`,
    );
    const [, twelveAgain] = await timed(async () => {
      for (let m = month - 11; m <= month; m++) await refreshPeriod(b, reportId, m);
    });
    log(`  the 12 periods again (every month cached)      ${ms(twelveAgain)}  (${ms(twelveAgain / 12)} each)`);
    log(`  (total run ${((performance.now() - began) / 1000).toFixed(0)} s)`);
  } finally {
    await t.close();
  }
}

await main();
