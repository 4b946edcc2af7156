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
import { parseArgs } from 'node:util';
import { monthIndexOf, monthOf } from '@docket/shared';
import { startTestApp } from '@docket/server/src/test-support/test-app.ts';
import { ensureAllTypeIndexes } from '@docket/server/src/platform/records/type-index-builds.ts';
import { analyseEverything } from '@docket/server/src/platform/db/planner-statistics.ts';
import { runJobsOnce } from '@docket/server/src/platform/jobs/job-worker.ts';
import { aggregateFacts } from '@docket/server/src/modules/reporting/facts.repository.ts';
import { systemReadScope, typeOrThrow } from '@docket/server/src/modules/reporting/reporting.repository.ts';
import { createReport, seedEarlierPeriods, seedIncidents, seedPlaces } from './reporting-refresh-fixture.ts';
import { itemId, profileGroupItem, profileRefresh, refreshItem, refreshPeriod } from './reporting-refresh-steps.ts';
import { medianOf, ms, timed } from './timing.ts';
import { cpuProfile } from './v8-cpu-profile.ts';

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

const log = (text: string) => console.log(text);

async function main() {
  const began = performance.now();
  const t = await startTestApp(dialect, { jobs: false, statementTimeoutMs: 0 });
  try {
    const current = monthIndexOf(monthOf(new Date(), 'UTC'));
    const month = current - 1;
    const b = await seedPlaces(t);
    const [, tSeed] = await timed(() => seedIncidents(b, current, INCIDENTS, Number(values.seed)));
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
    const baseline = await medianOf(RUNS, () =>
      aggregateFacts(t.ctx.database, incidentType, part, [{ key: 'n', aggregate: 'count', filter: null }], range, 'UTC'),
    );
    const ratio = (value: number) => `${(value / baseline).toFixed(1)}× baseline`;
    log(`  baseline: one grouped count over 24 months (site, region, month) ${ms(baseline)}`);

    const [, firstRefresh] = await timed(() => refreshPeriod(b, reportId, month));
    log(`  period refresh, first (creates 200 items)      ${ms(firstRefresh)}  (${ratio(firstRefresh)})`);
    const again = await medianOf(RUNS, () => refreshPeriod(b, reportId, month));
    log(`  period refresh, items exist                    ${ms(again)}  (${ratio(again)})`);
    const profile = await profileRefresh(b, reportId, month);
    log(
      `    of which: model ${ms(profile.model!)}, the month's items ${ms(profile.items!)}, facts ${ms(profile.facts!)} (alone: the 30-aggregate query ${ms(profile.query!)}, the windows' items ${ms(profile.entries!)}), compute ${ms(profile.compute!)}, write ${ms(profile.write!)}`,
    );

    const siteItem = await itemId(b, reportId, month, (v) => v.scope === 3);
    const regionItem = await itemId(b, reportId, month, (v) => v.scope === 2);
    const groupItem = await itemId(b, reportId, month, (v) => v.master === true);
    const site = await medianOf(RUNS, () => refreshItem(b, reportId, month, siteItem));
    const region = await medianOf(RUNS, () => refreshItem(b, reportId, month, regionItem));
    const group = await medianOf(RUNS, () => refreshItem(b, reportId, month, groupItem));
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
