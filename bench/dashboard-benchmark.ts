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
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const repoRoot = new URL('..', import.meta.url).pathname;
const PASSWORD = 'docket-demo-1';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const METRIC_CARDS = 4;

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  delete env.SEED_PASSWORD;
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: 'ignore', detached: true });
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

async function api<T>(base: string, token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers:
      init.body === undefined
        ? { Authorization: `Bearer ${token}` }
        : { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signInToken(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'admin@demo.local', password: PASSWORD }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

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

/** performance.now() of the first frame where every metric card shows a figure for `reportDate`. */
async function figuresPaintedAt(page: Page, reportDate: string): Promise<number> {
  const handle = await page.waitForFunction(
    ({ date, cards }) => {
      // Runs in the page; the bench compiles without the DOM library, so the document is reached through globalThis.
      const page = globalThis as unknown as { document: { querySelectorAll: (selector: string) => { length: number } } };
      const values = page.document.querySelectorAll(
        `[data-testid="dashboard"][data-report-date="${date}"] [data-card-type="Metric"] [data-testid="metric-value"]`,
      );
      return values.length >= cards ? performance.now() : null;
    },
    { date: reportDate, cards: METRIC_CARDS },
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

interface ApiCall {
  url: string;
  start: number;
  end: number;
}

/** The figures' own calls: the report, its metrics and the month's report data. */
const FIGURE_CALL = /\/v3\/[^/]+\/(report\/\d+|report_metric\?|report_data\?)/;

/**
 * Round trips before the figures: the position of the last of the figures' own calls in the chain
 * of calls where each starts after the one before it answered (the session call is the first).
 * "After" is strictly after: the driver's clock counts whole milliseconds, and an answer from the
 * HTTP cache ends in the millisecond the next call starts without having caused it.
 */
function roundTrips(calls: readonly ApiCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth = new Map<ApiCall, number>();
  for (const call of sorted) {
    const before = sorted.filter((other) => other !== call && other.end < call.start).map((other) => depth.get(other) ?? 1);
    depth.set(call, 1 + Math.max(0, ...before));
  }
  const figures = sorted.filter((call) => FIGURE_CALL.test(call.url)).map((call) => depth.get(call) ?? 0);
  if (process.env.BENCH_TRACE) {
    const t0 = sorted[0]?.start ?? 0;
    for (const call of sorted)
      console.log(`  depth ${depth.get(call)} ${call.start - t0}-${call.end - t0} ms ${call.url.replace(/^https?:\/\/[^/]+/, '')}`);
  }
  return Math.max(0, ...figures);
}

/**
 * Records in the page the moment the Enter key goes down (the start of every sign-in figure), and
 * the first frame showing the private shell's account button: the same-run baseline of sign-in
 * (the token, the session and the shell, before any dashboard read). Text, not a function: the
 * bench's compiler would wrap a named inner function in a helper the page lacks.
 */
const RECORD_SIGN_IN = `(() => {
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && window.signInAt === undefined) window.signInAt = performance.now();
  }, { capture: true });
  const check = () => {
    if (document.querySelector('[data-testid="account-badge"]')) window.shellPaintedAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

const VIEWPORT = { width: 1366, height: 900 };

/** Signs out as the app does (the refresh token revoked, the stored session removed) and forgets the tab's session storage. */
async function signOut(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('docket.session') ?? 'null') as { refreshToken?: string } | null;
    if (stored?.refreshToken)
      await fetch(`/oauth/logout?${new URLSearchParams({ refresh_token: stored.refreshToken }).toString()}`, { method: 'DELETE' });
    localStorage.removeItem('docket.session');
    sessionStorage.clear();
  });
}

async function signInRun(
  context: BrowserContext,
  base: string,
): Promise<{ ms: number; shellMs: number; trips: number; calls: number; page: Page }> {
  const page = await context.newPage();
  const calls = new Map<string, ApiCall>();
  const isApi = (url: string) => !/\/assets\/|\.(js|css|png|svg|ico|woff2?)(\?|$)|\/#\//.test(url) && !url.endsWith('/');
  page.on('request', (request) => {
    if (isApi(request.url()))
      calls.set(request.url() + request.method() + Math.random(), { url: request.url(), start: Date.now(), end: Number.POSITIVE_INFINITY });
  });
  page.on('requestfinished', (request) => {
    for (const call of calls.values()) if (call.url === request.url() && call.end === Number.POSITIVE_INFINITY) call.end = Date.now();
  });
  if (process.env.BENCH_TRACE)
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') console.log(`  script ${Date.now()} ${request.url().replace(/^https?:\/\/[^/]+/, '')}`);
    });
  await page.goto(`${base}/#/login`);
  await page.getByLabel('Email', { exact: true }).fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.evaluate(RECORD_SIGN_IN);
  // The wall clock of the page's performance.now() origin, for the API calls seen by the driver.
  const pageOrigin = await page.evaluate(() => Date.now() - performance.now());
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL(/#\/dashboard\/\d+/);
  const reportDate = await page.getByTestId('dashboard').getAttribute('data-report-date');
  const paintedAt = await figuresPaintedAt(page, reportDate ?? '');
  const { submitAt, shellAt } = await page.evaluate(() => {
    const marks = globalThis as unknown as { signInAt?: number; shellPaintedAt?: number };
    return { submitAt: marks.signInAt ?? Number.NaN, shellAt: marks.shellPaintedAt ?? Number.NaN };
  });
  const submitWall = pageOrigin + submitAt;
  const paintedWall = pageOrigin + paintedAt;
  if (process.env.BENCH_TRACE) console.log(`  submit ${Math.round(submitWall)}`);
  // After the token: calls that started before the figures were painted.
  if (process.env.BENCH_TRACE) {
    for (const call of [...calls.values()].filter((c) => c.start >= submitWall && c.start <= paintedWall).sort((a, b) => a.start - b.start))
      console.log(`  +${call.start - submitWall}-${call.end - submitWall} ms ${call.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90)}`);
    console.log(`  shell painted +${(shellAt - submitAt).toFixed(0)} ms, figures +${(paintedAt - submitAt).toFixed(0)} ms`);
  }
  const before = [...calls.values()].filter(
    (call) => call.start >= submitWall && call.start <= paintedWall && !call.url.includes('/oauth/token'),
  );
  return { ms: paintedAt - submitAt, shellMs: shellAt - submitAt, trips: roundTrips(before), calls: before.length, page };
}

async function monthSwitch(page: Page, button: 'Previous month' | 'Next month'): Promise<number> {
  const current = (await page.getByTestId('dashboard').getAttribute('data-report-date')) ?? '';
  const [year, month] = current.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, month - 1 + (button === 'Previous month' ? -1 : 1), 1)).toISOString().slice(0, 10);
  // Clicked inside the page, so the figure is the app's time, not the test driver's round trips.
  const clickAt = await page.evaluate((name) => {
    const target = (
      globalThis as unknown as { document: { querySelector: (selector: string) => { click: () => void } | null } }
    ).document.querySelector(`button[aria-label="${name}"]`);
    const at = performance.now();
    target?.click();
    return at;
  }, button);
  return (await figuresPaintedAt(page, shifted)) - clickAt;
}

/** JavaScript fetched by the dashboard route that the sign-in route did not fetch (the on-demand ECharts chunk apart). */
async function routeBytes(browser: Browser, base: string): Promise<{ added: number; echarts: number }> {
  const page = await browser.newPage();
  const bodies = new Map<string, Buffer>();
  const arriving: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    // A body still arriving when the page closes is not part of the route.
    arriving.push(
      response.body().then(
        (body) => void bodies.set(response.url(), body),
        () => undefined,
      ),
    );
  });
  await page.goto(`${base}/#/login`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  const signIn = new Set(bodies.keys());
  await page.getByLabel('Email', { exact: true }).fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  // A chart drawn: ECharts has arrived. The load state 'networkidle' was reached on the sign-in
  // page already (it does not reset on the app's own navigation), so the bodies are awaited.
  await page.locator('[data-testid="echart"] svg').first().waitFor({ timeout: 60_000 });
  await Promise.all(arriving);
  let added = 0;
  let echarts = 0;
  for (const [url, body] of bodies) {
    if (signIn.has(url)) continue;
    const size = gzipSync(body, { level: 9 }).length;
    if (url.includes('echarts-setup')) echarts += size;
    else added += size;
  }
  await page.close();
  return { added, echarts };
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const worst = (values: number[]) => Math.max(...values);
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB gzip`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      port: { type: 'string', default: '8198' },
      keep: { type: 'boolean', default: false },
    },
  });
  if (!existsSync(join(repoRoot, 'packages/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  const runs = Number(values.runs);
  const port = Number(values.port);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'docket-dashboard-bench-'));
  const server = await startServer(port, dataDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const token = await signInToken(base);
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
        median: fmt(median(figures.ms)),
        worst: fmt(worst(figures.ms)),
        budget: '≤ 1000 ms',
      },
      {
        measure: '  baseline: sign-in → the shell (header) painted',
        median: fmt(median(figures.shell)),
        worst: fmt(worst(figures.shell)),
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
        median: fmt(median(switches)),
        worst: fmt(worst(switches)),
        budget: '≤ 300 ms',
      },
      { measure: '  baseline: switch back to a month already read', median: fmt(median(cached)), worst: fmt(worst(cached)), budget: '' },
      {
        measure: 'dashboard route JS on top of sign-in',
        median: kb(bytes.added),
        worst: `ECharts on demand: ${kb(bytes.echarts)}`,
        budget: '≤ 150 KB gzip',
      },
    ]);
  } finally {
    await browser.close();
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
