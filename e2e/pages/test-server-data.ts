import { fileURLToPath } from 'node:url';

/**
 * Where the browser tests' server keeps its data, one folder per port (E2E_PORT): two runs in one
 * checkout — a developer's beside another's, each on its own port — each remove and seed only
 * their own database at start, where one shared folder let the second run delete the first's.
 */
export const testServerPort = Number(process.env.E2E_PORT) || 8181;
export const testServerDataDir = fileURLToPath(new URL(`../artifacts/data-${testServerPort}`, import.meta.url));
/** The test server's embedded database, for the few tests that set up or read what no screen shows. */
export const testServerDatabase = `${testServerDataDir}/docket.sqlite`;
