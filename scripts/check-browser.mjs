#!/usr/bin/env node
/**
 * The browser tests need Chromium. Run first by `npm test`, so a machine without one learns it at
 * once, not after the other tiers: finds it (see find-chromium.mjs); else, as root with apt-get,
 * installs Debian's `chromium`; else stops with one line saying what to install.
 */
import { ensureDebianPackage } from './ensure-debian-package.mjs';
import { findChromium } from './find-chromium.mjs';

const found = ensureDebianPackage({
  find: findChromium,
  envVar: 'CHROMIUM_PATH',
  debianPackage: 'chromium',
  purpose: 'the browser tests',
  installHint:
    "Docket's browser tests need Chromium: install Debian's chromium (sudo apt-get install chromium) " +
    'or set CHROMIUM_PATH to a Chromium binary, then run the tests again.',
});
console.log(`browser tests: Chromium at ${found}`);
