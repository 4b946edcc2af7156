/**
 * Where the dashboard's sign-in time goes in the browser (issue 14 item 8): against a running
 * server with the demo (`npm start`) and a build with source maps (`npm run build`), signs in in
 * headless Chromium under the CPU profiler (CDP `Profiler`), from pressing Enter to the frame with
 * every metric card's figure, then prints the main thread's time by original source (a package
 * for dependencies, a file for ours, through the build's source maps), the heaviest functions, and
 * the busiest source per 100 ms slice against the API calls of the same run.
 *
 *   npx tsx bench/dashboard-profile.ts --base http://127.0.0.1:8311 [--returning] [--top 30]
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { launchChromium, VIEWPORT } from './browser-bench-setup.ts';

const repoRoot = new URL('..', import.meta.url).pathname;
const DIST = join(repoRoot, 'packages/web/dist');
const PASSWORD = 'docket-demo-1';

interface CallFrame {
  url: string;
  functionName: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const consumers = new Map<string, SourceMapConsumer | null>();
async function consumerFor(url: string): Promise<SourceMapConsumer | null> {
  const file = url.replace(/^https?:\/\/[^/]+\//, '').split('?')[0] ?? '';
  if (consumers.has(file)) return consumers.get(file) ?? null;
  const mapPath = join(DIST, `${file}.map`);
  const consumer = existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8')) as RawSourceMap) : null;
  consumers.set(file, consumer);
  return consumer;
}

/** A package for dependencies, a path under packages/ for ours. */
function sourceGroup(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? source);
  }
  // Ours are relative to the chunk: ../../src/… (web) or ../../../shared/src/… (shared).
  return source.replace(/^(\.\.\/)+/, '').replace(/^src\//, 'web/src/');
}

async function describeFrame(frame: CallFrame): Promise<{ group: string; name: string }> {
  if (!frame.url) return { group: frame.functionName || '(native)', name: frame.functionName || '(native)' };
  const consumer = await consumerFor(frame.url);
  if (!consumer) return { group: frame.url.replace(/^https?:\/\/[^/]+/, ''), name: frame.functionName };
  const position = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const group = position.source ? sourceGroup(position.source) : frame.url;
  return { group, name: `${position.name ?? frame.functionName ?? '?'} (${group}:${position.line ?? '?'})` };
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/#/login`);
  await page.getByLabel('Email', { exact: true }).fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://127.0.0.1:8311' },
      top: { type: 'string', default: '30' },
      returning: { type: 'boolean', default: false },
    },
  });
  const base = values.base;
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: VIEWPORT });
  let page = await context.newPage();
  if (values.returning) {
    // A returning user: the HTTP cache holds the app's files from an earlier visit.
    await signIn(page, base);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.locator('[data-card-type="Metric"] [data-testid="metric-value"]').first().waitFor();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await page.close();
    page = await context.newPage();
  }
  await signIn(page, base);
  const cdp = await context.newCDPSession(page);
  const calls: string[] = [];
  let t0 = 0;
  page.on('request', (request) => {
    if (t0 && !request.url().includes('/assets/'))
      calls.push(
        `  +${Date.now() - t0} ms ${request.method()} ${request
          .url()
          .replace(/^https?:\/\/[^/]+/, '')
          .slice(0, 80)}`,
      );
  });
  page.on('requestfinished', (request) => {
    if (t0 && !request.url().includes('/assets/'))
      calls.push(
        `  +${Date.now() - t0} ms   answered ${request
          .url()
          .replace(/^https?:\/\/[^/]+/, '')
          .slice(0, 60)}`,
      );
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  t0 = Date.now();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: { querySelectorAll: (selector: string) => { length: number } } }).document.querySelectorAll(
        '[data-card-type="Metric"] [data-testid="metric-value"]',
      ).length >= 4,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const painted = Date.now() - t0;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await browser.close();

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const described = new Map<number, { group: string; name: string }>();
  for (const node of profile.nodes) described.set(node.id, await describeFrame(node.callFrame));

  const selfByGroup = new Map<string, number>();
  const selfByName = new Map<string, number>();
  const totalByName = new Map<string, number>();
  const slices = new Map<number, Map<string, number>>();
  let at = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    at += delta;
    const id = profile.samples[i] ?? 0;
    const self = described.get(id) ?? { group: '?', name: '?' };
    selfByGroup.set(self.group, (selfByGroup.get(self.group) ?? 0) + delta);
    selfByName.set(self.name, (selfByName.get(self.name) ?? 0) + delta);
    const seen = new Set<string>();
    // The innermost of our own frames names the slice, else the innermost frame.
    let owner: string | undefined;
    for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
      const d = described.get(node);
      if (!d) continue;
      if (!seen.has(d.name)) {
        seen.add(d.name);
        totalByName.set(d.name, (totalByName.get(d.name) ?? 0) + delta);
      }
      if (!owner && /^(web|shared)\/src\//.test(d.group)) owner = d.name;
    }
    if (self.group === '(idle)') continue;
    const slice = Math.floor(at / 100);
    const bucket = slices.get(slice) ?? new Map<string, number>();
    const label = owner ?? self.group;
    bucket.set(label, (bucket.get(label) ?? 0) + delta);
    slices.set(slice, bucket);
  }
  void byId;
  const top = Number(values.top);
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  };
  console.log(`figures painted +${painted} ms after Enter (profiled, so slower than the benchmark)`);
  print('self time by source', selfByGroup);
  print('self time by function', selfByName);
  print('total time by function', totalByName);
  console.log('\nbusiest per 100 ms slice (busy ms: the three largest)');
  for (const [slice, bucket] of [...slices].sort((a, b) => a[0] - b[0])) {
    const busy = [...bucket.values()].reduce((sum, ms) => sum + ms, 0);
    const largest = [...bucket].sort((a, b) => b[1] - a[1]).slice(0, 3);
    console.log(
      `  ${String(slice * 100).padStart(5)} ms busy ${busy.toFixed(0).padStart(3)}: ${largest.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(' | ')}`,
    );
  }
  console.log('\ncalls');
  for (const line of calls) console.log(line);
}

await main();
