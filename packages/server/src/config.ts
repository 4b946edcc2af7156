/** Configuration from the environment (README lists every variable). */
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedPassword: string;
  /** Seed the demo organisations into an empty database. */
  seedDemo: boolean;
  webDist: string | undefined;
  logLevel: string;
}

export const DEFAULT_SEED_PASSWORD = 'docket-demo-1';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedPassword: env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD,
    seedDemo: env.SEED_DEMO !== 'false',
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
