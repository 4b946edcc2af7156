/**
 * How the built web app is served (http/web-app.ts, docs/product/reporting.md#dashboard): hashed
 * assets cached for a year and immutable, the index page revalidated, the brotli or gzip copy the
 * browser accepts (with `Vary`), the file itself otherwise, and the security headers on all of it.
 * The build is faked in a temporary folder laid out like Vite's, its copies written with zlib as
 * `scripts/precompress-web.mjs` writes them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';

const INDEX = '<!doctype html><title>Docket</title><script type="module" src="./assets/index-Ab12Cd34.js"></script>';
const SCRIPT = `export const words = ${JSON.stringify('docket '.repeat(2000))};\n`;
const SCRIPT_PATH = '/assets/index-Ab12Cd34.js';
const UNCOMPRESSED_PATH = '/assets/logo-Ef56Gh78.png';

const webDist = mkdtempSync(join(tmpdir(), 'docket-web-dist-'));
mkdirSync(join(webDist, 'assets'));
for (const [name, text] of [
  ['index.html', INDEX],
  [`.${SCRIPT_PATH}`, SCRIPT],
] as const) {
  const file = join(webDist, name);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}
writeFileSync(join(webDist, `.${UNCOMPRESSED_PATH}`), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { jobs: false, seed: false, webDist });
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy of a hashed script to a browser that takes it, cached for a year', async () => {
    const answer = await get(SCRIPT_PATH, 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
    expect(answer.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it("sends a browser's /favicon.ico to the app's SVG icon", async () => {
    const answer = await get('/favicon.ico');
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('/favicon.svg');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('sends the gzip copy to a browser that takes gzip only', async () => {
    const answer = await get(SCRIPT_PATH, 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(answer.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that takes no compression, and for a file without copies', async () => {
    const plain = await get(SCRIPT_PATH);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    const image = await get(UNCOMPRESSED_PATH, 'gzip, br');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('revalidates the index page on every load, compressed, answering 304 when unchanged', async () => {
    for (const url of ['/', '/index.html']) {
      const answer = await get(url, 'gzip, deflate, br');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(INDEX);
      // The page's script policy is the web app's (security-headers.ts), compressed or not.
      expect(answer.headers['content-security-policy'], url).toContain("script-src 'self' 'unsafe-eval'");
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(answer.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('keeps the security headers on assets and serves the copies by negotiation only', async () => {
    const answer = await get(SCRIPT_PATH, 'br');
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get(`${SCRIPT_PATH}.br`)).statusCode).toBe(404);
    expect((await get(`${SCRIPT_PATH}.gz`, 'gzip')).statusCode).toBe(404);
  });

  it('leaves the API uncached and uncompressed by the static files', async () => {
    const answer = await get('/api/health', 'gzip, br');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.vary).toBeUndefined();
  });
});
