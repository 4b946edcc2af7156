/**
 * What check-browser.mjs and check-dovecot.mjs share: a tool the tests need is found; else, as root
 * with apt-get, Debian's package is installed; else the run stops with one line saying what to
 * install. `find` answers the tool's path or undefined; `envVar` names the variable that overrides
 * where it is looked for.
 */
import { execFileSync } from 'node:child_process';

function hasAptGet() {
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {{ find: () => string | undefined, envVar: string, debianPackage: string, purpose: string, installHint: string }} tool
 * @returns {string} the tool's path (the process exits when it cannot be had)
 */
export function ensureDebianPackage({ find, envVar, debianPackage, purpose, installHint }) {
  let found = find();
  if (!found && process.env[envVar]) {
    console.error(`${envVar} is set to ${process.env[envVar]}, which is not an executable file. ${installHint}`);
    process.exit(1);
  }
  if (!found && process.getuid?.() === 0 && hasAptGet()) {
    console.log(`== installing Debian's ${debianPackage} for ${purpose} (apt-get)`);
    try {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], { stdio: 'inherit', env });
    } catch {
      // Reported below: the tool is still missing.
    }
    found = find();
  }
  if (!found) {
    console.error(installHint);
    process.exit(1);
  }
  return found;
}
