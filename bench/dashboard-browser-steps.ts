/**
 * The dashboard benchmark's steps in headless Chromium (`dashboard-benchmark.ts`): signing in from
 * the Enter key to the frame with every metric card's figure (timed in the page) with the API
 * round trips before it, signing out, switching the month, and the dashboard route's JavaScript
 * on top of the sign-in route's.
 */
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PASSWORD } from './demo-server.ts';

const METRIC_CARDS = 4;

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

/** Signs out as the app does (the refresh token revoked, the stored session removed) and forgets the tab's session storage. */
export async function signOut(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('docket.session') ?? 'null') as { refreshToken?: string } | null;
    if (stored?.refreshToken)
      await fetch(`/oauth/logout?${new URLSearchParams({ refresh_token: stored.refreshToken }).toString()}`, { method: 'DELETE' });
    localStorage.removeItem('docket.session');
    sessionStorage.clear();
  });
}

export async function signInRun(
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

export async function monthSwitch(page: Page, button: 'Previous month' | 'Next month'): Promise<number> {
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
export async function routeBytes(browser: Browser, base: string): Promise<{ added: number; echarts: number }> {
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
