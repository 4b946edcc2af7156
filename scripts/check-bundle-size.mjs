#!/usr/bin/env node
/**
 * The sign-in route's JavaScript budget: fails when the JavaScript a browser loads to show the
 * sign-in screen passes 250 KB gzip-compressed (each file gzipped at level 9, summed; brotli is
 * printed too, for comparison). Run by `npm run test:e2e` after `npm run build`.
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
const DIST = new URL('../packages/web/dist/', import.meta.url).pathname;
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const SIGN_IN_MODULE = /features\/auth\/sign-in-page\.tsx$/;

function filesFromManifest(manifest) {
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
  for (const key of Object.keys(manifest)) if (SIGN_IN_MODULE.test(key)) visit(key);
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
const files = existsSync(MANIFEST) ? filesFromManifest(JSON.parse(readFileSync(MANIFEST, 'utf8'))) : filesFromIndexHtml();
let raw = 0;
let gzip = 0;
let brotli = 0;
for (const file of files) {
  const bytes = readFileSync(join(DIST, file));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
  brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const figure = `sign-in route JavaScript: ${files.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli`;
if (gzip > BUDGET_BYTES) {
  console.error(`${figure}: over the ${kb(BUDGET_BYTES)} gzip budget.`);
  process.exit(1);
}
console.log(`${figure} (budget ${kb(BUDGET_BYTES)} gzip)`);
