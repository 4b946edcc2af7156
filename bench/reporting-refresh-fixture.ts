/**
 * The reporting refresh benchmark's data (`reporting-refresh-benchmark.ts`), in a fresh database
 * with the demo: 9 regions and 190 sites, N incidents over 36 months spread over them, a report of
 * 40 metrics (1 manual, 30 aggregates over incidents, 9 rates) covering the group, the regions and
 * the sites, and the earlier months' period items holding the hours entered per site.
 */
import { yearMonthOf, formatYearMonth, type MonthIndex } from '@docket/shared';
import type { TestApp } from '@docket/server/src/test-support/test-app.ts';
import { AccessScope } from '@docket/server/src/platform/access/access-scope.ts';
import { blankDocumentRow, insertDocumentRows, type NewDocumentRow } from '@docket/server/src/platform/records/documents.repository.ts';
import { writeJson } from '@docket/server/src/platform/db/json.ts';
import { seededRandom } from './generate.ts';

const REGIONS = 9;
const SITES = 190;
const HISTORY_MONTHS = 36;
const CATEGORIES = ['Injury', 'Near Miss', 'Property Damage', 'Environmental', 'Security'];
const DAY_MS = 86_400_000;

function monthStartMs(month: MonthIndex): number {
  const { year, month: m } = yearMonthOf(month);
  return Date.UTC(year, m - 1, 1);
}

export interface Bench {
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
  return { ...blankDocumentRow(orgId, docType, author, created), display_id: displayId, summary };
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

/** 9 regions and 190 sites in the demo organisation (the incidents go over them: `seedIncidents`), and the administrator signed in. */
export async function seedPlaces(t: TestApp): Promise<Bench> {
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

/** `incidents` incidents (generated from `seed`) over the 36 months up to `current`, at random sites. */
export async function seedIncidents(b: Bench, current: MonthIndex, incidents: number, seed: number): Promise<void> {
  const random = seededRandom(seed);
  const startMs = monthStartMs(current - (HISTORY_MONTHS - 1));
  const spanMs = Date.now() - startMs;
  const scope = AccessScope.system(b.orgId, 'create', 'reporting benchmark incidents');
  const batch = 5000;
  for (let done = 0; done < incidents; done += batch) {
    const rows: NewDocumentRow[] = [];
    for (let i = done; i < Math.min(incidents, done + batch); i++) {
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
    process.stdout.write(`\rincidents ${Math.min(incidents, done + batch)} / ${incidents}`);
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

export async function createReport(b: Bench): Promise<number> {
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
export async function seedEarlierPeriods(b: Bench, reportId: number, month: MonthIndex): Promise<void> {
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
