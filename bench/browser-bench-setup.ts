/**
 * The common start of the browser benchmarks (`ui-render-benchmark.ts`, `dashboard-benchmark.ts`):
 * their command line (`--runs`, `--port`, `--keep`), the web build checked, a server with the demo
 * on a fresh data directory (`demo-server.ts`), and headless Chromium.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { repoRoot, startServer, stopServer } from './demo-server.ts';

/** The browser window's size for the measured pages. */
export const VIEWPORT = { width: 1366, height: 900 };

/** Headless Chromium, the one `npm test` uses (`scripts/find-chromium.mjs`). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface BrowserBench {
  /** Counted runs (`--runs`). */
  runs: number;
  /** The server's address (`--port` on 127.0.0.1). */
  base: string;
  /** Stops the server and removes its data directory, unless `--keep`. */
  stop(): void;
}

/**
 * Reads the command line (`--runs`, `--port`, `--keep`, with the benchmark's defaults), checks the
 * web app is built, and starts the server on a fresh data directory named from `dataDirPrefix`.
 */
export async function startBrowserBench(defaults: { runs: string; port: string; dataDirPrefix: string }): Promise<BrowserBench> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: defaults.runs },
      port: { type: 'string', default: defaults.port },
      keep: { type: 'boolean', default: false },
    },
  });
  if (!existsSync(join(repoRoot, 'packages/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  const runs = Number(values.runs);
  const port = Number(values.port);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), defaults.dataDirPrefix));
  const server = await startServer(port, dataDir);
  return {
    runs,
    base,
    stop: () => {
      stopServer(server);
      if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
