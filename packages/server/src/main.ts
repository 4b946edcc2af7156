/**
 * Entry point, in order: checks the runtime, opens the database (migrating it), builds the app
 * context (which assembles the modules' hooks and job handlers), seeds the demo on an empty
 * database, and serves the API and the built web app on PORT.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { DEFAULT_SEED_PASSWORD, loadConfig, type Config } from './config.ts';
import { openDatabase } from './platform/db/database.ts';
import { buildApp } from './http/build-app.ts';
import { openFileStore } from './platform/files/open-file-store.ts';
import { seedDemoIfEmpty } from './modules/demo/demo-seed.ts';
import { createAppContext } from './app-context.ts';
import { autovacuumWarning } from './platform/db/planner-statistics.ts';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Docket needs Node 24 (found ${process.versions.node}). Run it through npm (npm start) after 'npm ci'.`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A misconfiguration (a bad PORT, a partial S3 setup, …) stops the start with its message alone.
  console.error(`Docket cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  statementTimeoutMs: config.database.statementTimeoutMs,
  maintenanceTimeoutMs: config.database.maintenanceTimeoutMs,
  planCacheMode: config.database.planCacheMode,
  mmapMb: config.database.mmapMb,
  readThreads: config.database.readThreads,
});
const ctx = await createAppContext({ database, config, fileStore: openFileStore(config.files) });
const statisticsWarning = await autovacuumWarning(database);
if (statisticsWarning) console.warn(statisticsWarning);
if (config.seedDemo && (await seedDemoIfEmpty(ctx))) {
  console.log(`Seeded the demo organisations (password: ${config.seedPasswordFromEnv ? 'from SEED_PASSWORD' : DEFAULT_SEED_PASSWORD}).`);
}
const webDist = config.webDist ?? resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web/dist');
const app = await buildApp(ctx, { logger: true, webDist });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await app.listen({ port: config.port, host: config.host });
