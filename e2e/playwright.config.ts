import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { testServerDataDir, testServerPort } from './pages/test-server-data.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// E2E_PORT lets two runs (e.g. CI and a developer) share a machine.
const port = testServerPort;
/** E2E_BASE_URL runs the tests against a server you started yourself (no build, no fresh data). */
const externalURL = process.env.E2E_BASE_URL;
const baseURL = externalURL ?? `http://127.0.0.1:${port}`;

/**
 * Browser tests against the real server on an empty embedded database, which seeds the demo
 * organisations on start. The data folder is removed by the server command itself (not here):
 * Playwright evaluates this file in every worker too, and they must not touch a running server's
 * database. SEED_PASSWORD is unset so the demo password is the documented 'docket-demo-1'.
 */
// Absolute (`npm start` runs the server from packages/server, where a relative path would land),
// and one per port (pages/test-server-data.ts).
const dataDir = testServerDataDir;

export default defineConfig({
  testDir: 'tests',
  testMatch: '*.e2e.ts',
  outputDir: 'artifacts/test-results',
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry in CI: the suite shares a 2-core machine with the server it drives, and a click that
  // lands before a lazy screen has hydrated is a fact about load, not about the code. A test that
  // needed its retry is reported as flaky in the output.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: 'artifacts/report', open: 'never' }]],
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    // A trace is recorded only when a failed test runs again (CI's retry): recording one for every
    // test, to keep it on failure, took about 40 % of the browser tier's time (e2e/README.md).
    trace: 'on-first-retry',
    launchOptions: {
      // The same Chromium `npm test` checked for first (CHROMIUM_PATH, /usr/bin/chromium, chromium-browser).
      executablePath: findChromium() ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: externalURL
    ? undefined
    : {
        command: `rm -rf '${dataDir}' && unset SEED_PASSWORD && npm start`,
        cwd: repoRoot,
        // Loopback over plain IMAP: the mail test's own dovecot (the operator's outbound setting).
        env: { PORT: String(port), DATA_DIR: dataDir, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', OUTBOUND_ALLOW_HTTP: 'true' },
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
