#!/usr/bin/env node
/**
 * The browser tests need Chromium. Run first by `npm test`, so a machine without one learns it at
 * once, not after the other tiers: finds it (see find-chromium.mjs); else, as root with apt-get,
 * installs Debian's `chromium`; else stops with one line saying what to install.
 */
import { execFileSync } from 'node:child_process';
import { findChromium } from './find-chromium.mjs';

const INSTALL_HINT =
  "Docket's browser tests need Chromium: install Debian's chromium (sudo apt-get install chromium) " +
  'or set CHROMIUM_PATH to a Chromium binary, then run the tests again.';

function hasAptGet() {
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let found = findChromium();
if (!found && process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which is not an executable file. ${INSTALL_HINT}`);
  process.exit(1);
}
if (!found && process.getuid?.() === 0 && hasAptGet()) {
  console.log("== installing Debian's chromium for the browser tests (apt-get)");
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  } catch {
    // Reported below: the browser is still missing.
  }
  found = findChromium();
}
if (!found) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
console.log(`browser tests: Chromium at ${found}`);
