/**
 * What every module receives: the database, the token signer, the file store and the
 * configuration. Passed explicitly, never read from globals. `createAppContext` is the one way
 * to build it: it assembles the modules (assembly.ts) and prepares the database before anything
 * — a seed, a job, a request — can use the context.
 */
import type { Database } from './platform/db/database.ts';
import { setCountCacheMs } from './platform/records/count-cache.ts';
import { setLabelCacheMs } from './platform/records/label-cache.ts';
import { AccessTokens } from './platform/auth/access-tokens.ts';
import { loadOrCreateSecret } from './platform/auth/secrets.ts';
import type { Config } from './config.ts';
import type { FileStore } from './platform/files/file-store.ts';
import { scheduleStartIndexBuilds } from './modules/list-indexes/index-jobs.ts';
import { assembleModules } from './assembly.ts';
import { refreshPlannerStatistics } from './platform/db/planner-statistics.ts';

export interface AppContext {
  database: Database;
  accessTokens: AccessTokens;
  config: Config;
  /** Where attachment bytes live (local disk or S3), opened at start from `config.files`. */
  fileStore: FileStore;
}

export interface AppContextParts {
  database: Database;
  config: Config;
  fileStore: FileStore;
}

export async function createAppContext(parts: AppContextParts): Promise<AppContext> {
  // Hooks and job handlers first: every later step may write documents or run jobs.
  assembleModules();
  setCountCacheMs(parts.database, parts.config.cache.countMs);
  setLabelCacheMs(parts.database, parts.config.cache.labelMs);
  const ctx = { ...parts, accessTokens: new AccessTokens(await loadOrCreateSecret(parts.database, 'access-token-key')) };
  // The indexes of the built-in types and of every stored schema (a saved schema sees to its
  // own): built now for small types, queued as durable jobs for large ones, so the start never
  // waits for a long build (modules/list-indexes/index-jobs.ts).
  await scheduleStartIndexBuilds(ctx);
  // Tables that lack statistics or outgrew them (data loaded while the server was down, say).
  await refreshPlannerStatistics(parts.database, { beforeServing: true });
  return ctx;
}
