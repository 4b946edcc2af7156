#!/usr/bin/env node
/**
 * The sign-in route's JavaScript budget: fails when the JavaScript a browser loads to show the
 * sign-in screen passes 250 KB gzip-compressed (each file gzipped at level 9, summed; brotli is
 * printed too, for comparison). Run by `npm run test:e2e` after `npm run build`.
 *
 * The dashboard's budget (docs/product/reporting.md#dashboard): what the dashboard route loads on
 * top of the sign-in route — the private layout's chunk, the dashboard route's chunk and their
 * static imports — stays within 150 KB gzip. ECharts and the JSON editor load on demand (dynamic
 * imports), so they are not part of the route.
 *
 * What loads for the sign-in route is read from Vite's build manifest
 * (`packages/web/dist/.vite/manifest.json`): the entry chunk of index.html and its static imports,
 * recursively, plus — should the sign-in page ever become a lazy chunk — that chunk and its static
 * imports. Without a manifest it falls back to index.html's module script and modulepreload links.
 */
import { URL } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;
const DASHBOARD_BUDGET_BYTES = 150 * 1024;
const DIST = new URL('../packages/web/dist/', import.meta.url).pathname;
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const SIGN_IN_MODULE = /features\/auth\/sign-in-page\.tsx$/;
const DASHBOARD_MODULES = [/app\/private-layout\.tsx$/, /features\/dashboard\/dashboard-route\.tsx$/];
/**
 * The build puts those two routes in chunks of these names (packages/web/build/home-chunks.ts); a
 * module inside a named chunk has no key of its own in the manifest, so the chunks are found by name.
 */
const DASHBOARD_CHUNK_NAMES = new Set(['private-layout', 'dashboard']);

/** The JavaScript files of the entry chunk and of the modules matching `modules` (or chunks named `names`), with their static imports. */
function filesFromManifest(manifest, modules = [SIGN_IN_MODULE], names = new Set()) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error(`no index.html entry in ${MANIFEST}`);
  visit(entry);
  for (const key of Object.keys(manifest)) if (modules.some((module) => module.test(key)) || names.has(manifest[key].name)) visit(key);
  return [...files];
}

function filesFromIndexHtml() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...scripts, ...preloads])].map((url) => url.replace(/^\.?\//, ''));
}

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('No web build: run `npm run build` first.');
  process.exit(1);
}
const manifest = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, 'utf8')) : null;
const files = manifest ? filesFromManifest(manifest) : filesFromIndexHtml();

function sizesOf(list) {
  const sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of list) {
    const bytes = readFileSync(join(DIST, file));
    sizes.raw += bytes.length;
    sizes.gzip += gzipSync(bytes, { level: 9 }).length;
    sizes.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return sizes;
}

const { raw, gzip, brotli } = sizesOf(files);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const figure = `sign-in route JavaScript: ${files.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli`;
if (gzip > BUDGET_BYTES) {
  console.error(`${figure}: over the ${kb(BUDGET_BYTES)} gzip budget.`);
  process.exit(1);
}
console.log(`${figure} (budget ${kb(BUDGET_BYTES)} gzip)`);

if (manifest) {
  const signIn = new Set(files);
  const added = filesFromManifest(manifest, [SIGN_IN_MODULE, ...DASHBOARD_MODULES], DASHBOARD_CHUNK_NAMES).filter(
    (file) => !signIn.has(file),
  );
  // Nothing found means the chunks were renamed, not that the dashboard is free.
  if (added.length === 0) {
    console.error(`no chunk of the dashboard route found in ${MANIFEST}: update DASHBOARD_MODULES or DASHBOARD_CHUNK_NAMES`);
    process.exit(1);
  }
  const sizes = sizesOf(added);
  const dashboard = `dashboard route JavaScript on top of sign-in: ${added.length} files, ${kb(sizes.raw)} raw, ${kb(sizes.gzip)} gzip, ${kb(sizes.brotli)} brotli`;
  if (sizes.gzip > DASHBOARD_BUDGET_BYTES) {
    console.error(`${dashboard}: over the ${kb(DASHBOARD_BUDGET_BYTES)} gzip budget.`);
    process.exit(1);
  }
  console.log(`${dashboard} (budget ${kb(DASHBOARD_BUDGET_BYTES)} gzip)`);
}
