/**
 * The built web app (`packages/web/dist`) at `/`, served so that a returning browser asks for
 * nothing it already has and a first visit downloads as little as it can
 * (docs/product/reporting.md#dashboard, issue 14 item 8):
 * - Vite names every file under `assets/` by its content's hash, so a name never changes meaning:
 *   they are cached for a year and marked `immutable` (no revalidation on reload);
 * - the index page (and the other unhashed files, e.g. the icon) names the current assets, so it
 *   is `no-cache`: revalidated on every load (a 304 when unchanged), and a new release is seen at
 *   once;
 * - the build writes brotli and gzip copies beside each text file (`scripts/precompress-web.mjs`):
 *   the copy the browser accepts is sent, with `Vary: Accept-Encoding` so a
 *   shared cache keeps them apart; a file without copies, or a browser accepting neither, gets
 *   the file itself.
 * The security headers (`security-headers.ts`) are added to these answers like to any other.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATED_CACHE = 'no-cache';
const PRECOMPRESSED = /\.(br|gz)$/;

/** The Cache-Control of a file of the build, from its path under the build's root. */
export function cacheControlOf(pathUnderRoot: string): string {
  return pathUnderRoot.startsWith(`assets${sep}`) || pathUnderRoot.startsWith('assets/') ? HASHED_ASSET_CACHE : REVALIDATED_CACHE;
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    // Set below per file: `send`'s own header would be `public, max-age=0` for every file.
    cacheControl: false,
    // The compressed copies are reached through content negotiation only, never by their own names.
    allowedPath: (pathname) => !PRECOMPRESSED.test(pathname),
    setHeaders: (response, path) => {
      response.setHeader('Cache-Control', cacheControlOf(relative(webDist, path)));
      response.setHeader('Vary', 'Accept-Encoding');
    },
  });
  // Browsers ask for /favicon.ico where a page names no icon (a JSON answer or a file opened in a
  // tab): the app's icon is an SVG, so they are sent to it rather than answered 404.
  if (existsSync(join(webDist, 'favicon.svg')))
    app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect('/favicon.svg', 301));
}
