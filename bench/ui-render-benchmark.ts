/**
 * UI render benchmark (issue 5 "Performance"), in headless Chromium against a fresh server:
 * - a 150-field form: time from its document's data arriving to the first painted frame with the
 *   form (budget 500 ms, aim 300 ms), next to a 3-field form as the same-run baseline;
 * - a 60-row list page: data arriving → painted (budget 150 ms), next to a 15-row page;
 * - the sign-in route's JavaScript, gzip-compressed (budget 250 KB).
 * The app marks `docket:{record|list}:data` when a fetch resolves and `…:painted` on the frame
 * after React committed it (packages/web/src/components/render-marks.ts); each figure is the
 * median (and worst) of several full page loads.
 *
 *   npm run build && npx tsx bench/ui-render-benchmark.ts [--runs 7] [--keep]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { benchFormSchema, benchFormDocument } from './ui-bench-form.ts';

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

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  delete env.SEED_PASSWORD;
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: 'ignore', detached: true });
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

async function api<T>(base: string, token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
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

/** Milliseconds from the last `data` mark to the first `painted` mark after it. */
async function renderTime(page: Page, name: string): Promise<number> {
  const handle = await page.waitForFunction(
    (mark) => {
      const data = performance.getEntriesByName(`docket:${mark}:data`).at(-1);
      const painted = data && performance.getEntriesByName(`docket:${mark}:painted`).find((entry) => entry.startTime >= data.startTime);
      return data && painted ? painted.startTime - data.startTime : null;
    },
    name,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function measureLoads(page: Page, url: string, mark: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  await page.goto(url);
  for (let run = 0; run <= runs; run += 1) {
    await page.reload();
    try {
      const time = await renderTime(page, mark);
      if (run > 0) times.push(time); // the first load warms caches (HTTP, JIT)
    } catch (error) {
      const shot = join(tmpdir(), `ui-bench-${mark}-failure.png`);
      await page.screenshot({ path: shot });
      throw new Error(`${url}: no ${mark} marks (screenshot ${shot})`, { cause: error });
    }
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const worst = (values: number[]) => Math.max(...values);
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function signInRouteBytes(base: string): Promise<{ raw: number; gzip: number; files: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const bodies: Buffer[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') bodies.push(await response.body());
  });
  await page.goto(`${base}/#/login`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  await browser.close();
  return {
    raw: bodies.reduce((sum, b) => sum + b.length, 0),
    gzip: bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    files: bodies.length,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '7' },
      port: { type: 'string', default: '8197' },
      keep: { type: 'boolean', default: false },
    },
  });
  if (!existsSync(join(repoRoot, 'packages/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  const runs = Number(values.runs);
  const port = Number(values.port);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'docket-ui-bench-'));
  const server = await startServer(port, dataDir);
  try {
    const token = await signInToken(base);
    const me = (await api<{ user: { uuid: string } }>(base, token, '/v3/account/session')).user.uuid;
    await api(base, token, '/v3/demo/$$schema', benchFormSchema(150, 'bench_form_150'));
    await api(base, token, '/v3/demo/$$schema', benchFormSchema(3, 'bench_form_3'));
    const big = await api<{ id: number }>(base, token, '/v3/demo/bench_form_150', benchFormDocument(150));
    const small = await api<{ id: number }>(base, token, '/v3/demo/bench_form_3', benchFormDocument(3));
    for (let i = 0; i < 60; i += 1) {
      await api(base, token, '/v3/demo/action', {
        summary: `Benchmark action ${i + 1}`,
        descrip: 'Check the guard and log it.',
        due_date: '2030-01-01',
        actionee_ids: [me],
        priority: 1 + (i % 5),
      });
    }

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${base}/#/login`);
    await page.getByLabel('Email', { exact: true }).fill('admin@demo.local');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(/#\/dashboard/);
    // Let the landing page settle: a redirect still under way would undo the next navigation.
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const form150 = await measureLoads(page, `${base}/#/docs/bench_form_150/${big.id}?edit`, 'record', runs);
    const form3 = await measureLoads(page, `${base}/#/docs/bench_form_3/${small.id}?edit`, 'record', runs);
    const setRows = (rows: number) =>
      page.evaluate(
        (count) => localStorage.setItem('docket.list.demo.action', JSON.stringify({ density: 'medium', rows: count, mode: 'table' })),
        rows,
      );
    await setRows(60);
    const list60 = await measureLoads(page, `${base}/#/docs/action`, 'list', runs);
    const rendered = await page.getByTestId('list-row').count();
    await setRows(15);
    const list15 = await measureLoads(page, `${base}/#/docs/action`, 'list', runs);
    await browser.close();
    const signIn = await signInRouteBytes(base);

    console.log(`\nUI render benchmark (${runs} loads each, median / worst; headless Chromium, ${new Date().toISOString()})\n`);
    console.table([
      { measure: '150-field form: data → painted', median: fmt(median(form150)), worst: fmt(worst(form150)), budget: '≤ 500 ms (aim 300)' },
      { measure: '  baseline: 3-field form', median: fmt(median(form3)), worst: fmt(worst(form3)), budget: '' },
      {
        measure: `60-row list page (${rendered} rows): data → painted`,
        median: fmt(median(list60)),
        worst: fmt(worst(list60)),
        budget: '≤ 150 ms',
      },
      { measure: '  baseline: 15-row list page', median: fmt(median(list15)), worst: fmt(worst(list15)), budget: '' },
      {
        measure: `sign-in route JS (${signIn.files} files)`,
        median: `${(signIn.gzip / 1024).toFixed(1)} KB gzip`,
        worst: `${(signIn.raw / 1024).toFixed(0)} KB raw`,
        budget: '≤ 250 KB gzip',
      },
    ]);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
