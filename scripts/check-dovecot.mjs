#!/usr/bin/env node
/**
 * The mail tests run a real IMAP server: Debian's dovecot-imapd, started on loopback by the test
 * set-up (packages/server/src/test-support/dovecot-server.ts). Run first by `npm test`, like
 * check-browser.mjs: finds dovecot (DOVECOT_PATH or /usr/sbin/dovecot); else, as root with
 * apt-get, installs Debian's `dovecot-imapd` (its system service is not needed and may stay
 * stopped); else stops with one line saying what to install.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const INSTALL_HINT =
  "Docket's mail tests need Dovecot's IMAP server: install Debian's dovecot-imapd (sudo apt-get install dovecot-imapd) " +
  'or set DOVECOT_PATH to a dovecot binary, then run the tests again.';

function findDovecot() {
  const candidate = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return undefined;
  }
}

function hasAptGet() {
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let found = findDovecot();
if (!found && process.env.DOVECOT_PATH) {
  console.error(`DOVECOT_PATH is set to ${process.env.DOVECOT_PATH}, which is not an executable file. ${INSTALL_HINT}`);
  process.exit(1);
}
if (!found && process.getuid?.() === 0 && hasAptGet()) {
  console.log("== installing Debian's dovecot-imapd for the mail tests (apt-get)");
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'dovecot-imapd'], { stdio: 'inherit', env });
  } catch {
    // Reported below: dovecot is still missing.
  }
  found = findDovecot();
}
if (!found) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
console.log(`mail tests: dovecot at ${found}`);
