/**
 * Dashboard benchmark (docs/product/reporting.md#dashboard, issue 14 item 8), in headless Chromium
 * against a fresh server with the demo's 'Safety Performance' report (12 cards):
 * - sign-in → the dashboard interactive: from the Enter key going down on the sign-in form (a
 *   listener in the page takes the time, so the test driver's own round trips are not counted) to
 *   the frame where every metric card shows its figure (budget 1 s on a warm server), with the
 *   API round trips before that frame (the depth of the chain of calls; budget 3). Measured twice:
 *   - a first visit: a fresh browser context each run, so an empty HTTP cache — every script is
 *     downloaded;
 *   - a returning user: one context kept across runs (its HTTP cache keeps the app's files, as a
 *     browser does between visits), each run a new tab, after signing out and clearing the
 *     session's storage at the end of the run before;
 *   the server is warm for both (a first-visit run and a returning run are made and dropped
 *   before any is counted);
 * - month switch → repainted: from the click on 'Previous month' to the frame with that month's
 *   figures (budget 300 ms), next to switching back to a month already read (the same-run
 *   baseline: no request);
 * - the dashboard route's JavaScript on top of the sign-in route (budget 150 KB gzip).
 * Each figure is the median (and worst) of several runs.
 *
 *   npm run build && npx tsx bench/dashboard-benchmark.ts [--runs 5] [--port 8198] [--keep]
 */
import { launchChromium, startBrowserBench, VIEWPORT } from './browser-bench-setup.ts';
import { monthSwitch, routeBytes, signInRun, signOut } from './dashboard-browser-steps.ts';
import { api, PASSWORD } from './demo-server.ts';
import { signIn } from './list-benchmark.ts';
import { median, ms, worst } from './timing.ts';

/** The demo's report once its first period refresh has finished, with a twelfth card added. */
async function readyReport(base: string, token: string): Promise<number> {
  const session = await api<{ subscription: { app_config: { general?: { default_report_id?: number } } } }>(
    base,
    token,
    '/v3/account/session',
  );
  const id = session.subscription.app_config.general?.default_report_id;
  if (!id) throw new Error('the demo has no default report');
  for (let i = 0; i < 600; i += 1) {
    const report = await api<{ refreshing?: boolean; percentComplete?: number }>(base, token, `/v3/demo/report/${id}`);
    if (!report.refreshing && report.percentComplete === 1) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const report = await api<{ schema: { dashboard: { rows: unknown[][] } }; meta: { version: number } } & Record<string, unknown>>(
    base,
    token,
    `/v3/demo/report/${id}`,
  );
  const cards = report.schema.dashboard.rows.flat().length;
  if (cards < 12) {
    const rows = [
      ...report.schema.dashboard.rows,
      [{ type: 'Info', title: 'About these figures', descrip: 'Rates per 200,000 hours worked.' }],
    ];
    const { meta: _meta, data_normalised: _labels, ...rest } = report;
    await api(base, token, `/v3/demo/report/${id}`, {
      method: 'PUT',
      body: {
        ...rest,
        schema: { ...report.schema, dashboard: { ...report.schema.dashboard, rows } },
        meta: { version: report.meta.version },
      },
    });
  }
  return id;
}

interface SignInFigures {
  ms: number[];
  shell: number[];
  trips: number[];
  calls: number[];
}

function record(figures: SignInFigures, result: { ms: number; shellMs: number; trips: number; calls: number }): void {
  figures.ms.push(result.ms);
  figures.shell.push(result.shellMs);
  figures.trips.push(result.trips);
  figures.calls.push(result.calls);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB gzip`;

async function main(): Promise<void> {
  const { runs, base, stop } = await startBrowserBench({ runs: '5', port: '8198', dataDirPrefix: 'docket-dashboard-bench-' });
  const browser = await launchChromium();
  try {
    const token = await signIn(base, 'admin@demo.local', PASSWORD);
    await readyReport(base, token);
    const first: SignInFigures = { ms: [], shell: [], trips: [], calls: [] };
    const returning: SignInFigures = { ms: [], shell: [], trips: [], calls: [] };
    const switches: number[] = [];
    const cached: number[] = [];
    // One context for the returning user: its HTTP cache lives as long as the context.
    const returningContext = await browser.newContext({ viewport: VIEWPORT });
    // Run 0 of each kind warms the server (and fills the returning user's cache): not counted.
    for (let run = 0; run <= runs; run += 1) {
      const firstContext = await browser.newContext({ viewport: VIEWPORT });
      if (process.env.BENCH_TRACE) console.log(`first visit, run ${run}`);
      const result = await signInRun(firstContext, base);
      for (let step = 0; step < 2; step += 1) {
        const uncached = await monthSwitch(result.page, 'Previous month');
        const back = await monthSwitch(result.page, 'Next month');
        if (run > 0) {
          switches.push(uncached);
          cached.push(back);
        }
        await monthSwitch(result.page, 'Previous month');
      }
      await firstContext.close();
      if (run > 0) record(first, result);

      if (process.env.BENCH_TRACE) console.log(`returning user, run ${run}`);
      const again = await signInRun(returningContext, base);
      await signOut(again.page);
      await again.page.close();
      if (run > 0) record(returning, again);
    }
    await returningContext.close();
    const bytes = await routeBytes(browser, base);
    console.log(`\nDashboard benchmark (${runs} runs, median / worst; headless Chromium, ${new Date().toISOString()})\n`);
    const signInRows = (label: string, figures: SignInFigures) => [
      {
        measure: `sign-in → 12-card dashboard with figures, ${label}`,
        median: ms(median(figures.ms)),
        worst: ms(worst(figures.ms)),
        budget: '≤ 1000 ms',
      },
      {
        measure: '  baseline: sign-in → the shell (header) painted',
        median: ms(median(figures.shell)),
        worst: ms(worst(figures.shell)),
        budget: '',
      },
      {
        measure: '  API round trips before the figures',
        median: String(median(figures.trips)),
        worst: String(worst(figures.trips)),
        budget: `≤ 3 (${median(figures.calls)} calls)`,
      },
    ];
    console.table([
      ...signInRows('first visit (empty HTTP cache)', first),
      ...signInRows('returning user (HTTP cache kept)', returning),
      {
        measure: 'month switch → repainted (month not read yet)',
        median: ms(median(switches)),
        worst: ms(worst(switches)),
        budget: '≤ 300 ms',
      },
      { measure: '  baseline: switch back to a month already read', median: ms(median(cached)), worst: ms(worst(cached)), budget: '' },
      {
        measure: 'dashboard route JS on top of sign-in',
        median: kb(bytes.added),
        worst: `ECharts on demand: ${kb(bytes.echarts)}`,
        budget: '≤ 150 KB gzip',
      },
    ]);
  } finally {
    await browser.close();
    stop();
  }
}

await main();
