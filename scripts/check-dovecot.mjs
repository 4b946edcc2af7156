#!/usr/bin/env node
/**
 * The mail tests run a real IMAP server: Debian's dovecot-imapd, started on loopback by the test
 * set-up (packages/server/src/test-support/dovecot-server.ts). Run first by `npm test`, like
 * check-browser.mjs: finds dovecot (DOVECOT_PATH or /usr/sbin/dovecot); else, as root with
 * apt-get, installs Debian's `dovecot-imapd` (its system service is not needed and may stay
 * stopped); else stops with one line saying what to install.
 */
import { accessSync, constants } from 'node:fs';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

function findDovecot() {
  const candidate = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return undefined;
  }
}

const found = ensureDebianPackage({
  find: findDovecot,
  envVar: 'DOVECOT_PATH',
  debianPackage: 'dovecot-imapd',
  purpose: 'the mail tests',
  installHint:
    "Docket's mail tests need Dovecot's IMAP server: install Debian's dovecot-imapd (sudo apt-get install dovecot-imapd) " +
    'or set DOVECOT_PATH to a dovecot binary, then run the tests again.',
});
console.log(`mail tests: dovecot at ${found}`);
