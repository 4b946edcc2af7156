#!/usr/bin/env node
/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 * the web build (`dist/`: scripts, styles, the index page, SVG, JSON), once, after `vite build`.
 * The server sends the copy the browser accepts (`@fastify/static` with `preCompressed`,
 * packages/server/src/http/web-app.ts), so no answer is compressed per request. Source maps are
 * left as they are: only developer tools fetch them. Run by the web package's build.
 *
 *   node scripts/precompress-web.mjs [dist]
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(m?js|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const dist = process.argv[2] ?? new URL('../packages/web/dist/', import.meta.url).pathname;
const entries = await readdir(dist, { recursive: true, withFileTypes: true });
const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));

let raw = 0;
let br = 0;
let gz = 0;
// zlib's asynchronous calls run on libuv's thread pool: the files compress in parallel.
await Promise.all(
  files.map(async (file) => {
    const bytes = await readFile(file);
    const [brotlied, gzipped] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, brotlied), writeFile(`${file}.gz`, gzipped)]);
    raw += bytes.length;
    br += brotlied.length;
    gz += gzipped.length;
  }),
);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`precompressed ${files.length} files: ${kb(raw)} → ${kb(br)} brotli, ${kb(gz)} gzip`);
