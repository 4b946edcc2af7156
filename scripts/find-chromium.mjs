/**
 * Where the browser tests' Chromium is: CHROMIUM_PATH when set, else Debian's /usr/bin/chromium,
 * else a `chromium` or `chromium-browser` on the PATH. Shared by `scripts/check-browser.mjs` (the
 * first step of `npm test`), `e2e/playwright.config.ts` and the browser benchmarks
 * (`bench/browser-bench-setup.ts`), so all pick the same binary and start it the same way.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** How the tests and benchmarks start it: headless, no sandbox (root in CI), no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium to use, or null when none is installed. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  const fixed = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const onPath = (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .flatMap((dir) => [join(dir, 'chromium'), join(dir, 'chromium-browser')]);
  return [...fixed, ...onPath].find(isExecutable) ?? null;
}
