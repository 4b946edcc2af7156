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
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Page } from 'playwright-core';
import { launchChromium, startBrowserBench, VIEWPORT } from './browser-bench-setup.ts';
import { api, PASSWORD } from './demo-server.ts';
import { signIn } from './list-benchmark.ts';
import { median, ms, worst } from './timing.ts';
import { benchFormSchema, benchFormDocument } from './ui-bench-form.ts';

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

async function signInRouteBytes(base: string): Promise<{ raw: number; gzip: number; files: number }> {
  const browser = await launchChromium();
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
  const { runs, base, stop } = await startBrowserBench({ runs: '7', port: '8197', dataDirPrefix: 'docket-ui-bench-' });
  try {
    const token = await signIn(base, 'admin@demo.local', PASSWORD);
    const me = (await api<{ user: { uuid: string } }>(base, token, '/v3/account/session')).user.uuid;
    await api(base, token, '/v3/demo/$$schema', { method: 'POST', body: benchFormSchema(150, 'bench_form_150') });
    await api(base, token, '/v3/demo/$$schema', { method: 'POST', body: benchFormSchema(3, 'bench_form_3') });
    const big = await api<{ id: number }>(base, token, '/v3/demo/bench_form_150', { method: 'POST', body: benchFormDocument(150) });
    const small = await api<{ id: number }>(base, token, '/v3/demo/bench_form_3', { method: 'POST', body: benchFormDocument(3) });
    for (let i = 0; i < 60; i += 1) {
      await api(base, token, '/v3/demo/action', {
        method: 'POST',
        body: {
          summary: `Benchmark action ${i + 1}`,
          descrip: 'Check the guard and log it.',
          due_date: '2030-01-01',
          actionee_ids: [me],
          priority: 1 + (i % 5),
        },
      });
    }

    const browser = await launchChromium();
    const page = await browser.newPage({ viewport: VIEWPORT });
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
    const signInRoute = await signInRouteBytes(base);

    console.log(`\nUI render benchmark (${runs} loads each, median / worst; headless Chromium, ${new Date().toISOString()})\n`);
    console.table([
      { measure: '150-field form: data → painted', median: ms(median(form150)), worst: ms(worst(form150)), budget: '≤ 500 ms (aim 300)' },
      { measure: '  baseline: 3-field form', median: ms(median(form3)), worst: ms(worst(form3)), budget: '' },
      {
        measure: `60-row list page (${rendered} rows): data → painted`,
        median: ms(median(list60)),
        worst: ms(worst(list60)),
        budget: '≤ 150 ms',
      },
      { measure: '  baseline: 15-row list page', median: ms(median(list15)), worst: ms(worst(list15)), budget: '' },
      {
        measure: `sign-in route JS (${signInRoute.files} files)`,
        median: `${(signInRoute.gzip / 1024).toFixed(1)} KB gzip`,
        worst: `${(signInRoute.raw / 1024).toFixed(0)} KB raw`,
        budget: '≤ 250 KB gzip',
      },
    ]);
  } finally {
    stop();
  }
}

await main();
