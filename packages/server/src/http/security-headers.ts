/**
 * Security headers on every answer (`@fastify/helmet`): a Content-Security-Policy, nosniff,
 * frame denial, a same-origin referrer policy, cross-origin isolation of windows and resources,
 * and HSTS when Docket is served over https (docs/product/security.md).
 *
 * The policy is written for the web app as built (Vite: module scripts from our origin, no inline
 * script) and the API docs UI at /api/docs (scripts and styles from our origin):
 * - scripts only from our origin; no inline script, no inline event handlers. `eval` is refused
 *   everywhere except on the web app's page itself (`/`, `/index.html`): its forms validate with
 *   Ajv, and JSON Forms evaluates its rules with Ajv, both of which compile each (run-time, stored)
 *   schema into a function. That needs `'unsafe-eval'` there; injected markup still cannot run
 *   (no inline script or handler, no script from another origin), and the HTML users write is
 *   sanitised on both sides;
 * - styles from our origin and inline: MUI's emotion and CodeMirror insert `<style>` elements at
 *   run time, and ECharts and swagger-ui set style attributes. A nonce would need the index page
 *   rendered per request and emotion's cache told the nonce; styles cannot run script, so this is
 *   the accepted trade-off;
 * - images also from `data:` and `blob:` (inline images in descriptions, icons, previews) and any
 *   https origin (descriptions and an organisation's background may point at an image elsewhere —
 *   the same schemes the HTML allow-list keeps);
 * - fonts from our origin and `data:`; fetches only to our origin (the API); workers from our
 *   origin or `blob:`; no plugins, no frames at all (PDFs preview with pdf.js, drawn in the page),
 *   never framed ourselves;
 *   forms post only to our origin.
 * Downloads of attachments override the policy with their own `sandbox; default-src 'none'`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

const WEB_APP_PAGES: ReadonlySet<string> = new Set(['/', '/index.html']);

/** The built web app's page (its hash routes all load `/`). */
export function isWebAppPage(url: string | undefined): boolean {
  return WEB_APP_PAGES.has((url ?? '').split('?')[0] ?? '');
}

export function contentSecurityPolicy(isHttps: boolean, onWebAppPage: boolean): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: onWebAppPage ? ["'self'", "'unsafe-eval'"] : ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // Only when served over https: on a plain-http address it would send every request to https.
    upgradeInsecureRequests: isHttps ? [] : null,
  };
}

function helmetOptions(isHttps: boolean, onWebAppPage: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(isHttps, onWebAppPage) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Browsers ignore HSTS over http; sent only when the public address is https, and without
    // includeSubDomains, which would bind other sites of the operator's domain.
    strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  };
}

/**
 * The headers helmet sets for these options, recorded once. They depend on nothing in the
 * request, and `@fastify/helmet` rebuilt helmet's whole middleware — option checks, directive
 * normalisation — on every request (issue 18 item 6: repeated work on the cold list path).
 */
export function recordedHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const isHttps = options.publicUrl.startsWith('https:');
  const everywhere = recordedHeaders(helmetOptions(isHttps, false));
  const onWebAppPage = recordedHeaders(helmetOptions(isHttps, true));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isWebAppPage(request.raw.url) ? onWebAppPage : everywhere);
    done();
  });
}
