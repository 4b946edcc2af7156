/** Configuration from the environment (README lists every variable). */
import { join, resolve } from 'node:path';
import type { FileStoreConfig } from './platform/files/open-file-store.ts';
import { s3SettingsFromEnv } from './platform/files/s3-settings.ts';
import { DEFAULT_MEDIA_TIME_LIMIT_MS } from './platform/files/media-limits.ts';
import type { MediaWorkSettings } from './platform/files/media-work.ts';

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
  /** SMTP server URL for outgoing mail (nodemailer); unset: mail is kept in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address browsers reach Docket at (the OIDC redirect URI is built from it). */
  publicUrl: string;
  /** Stored files: FILES_DIR (default DATA_DIR/files) on local disk, or an S3-compatible bucket when S3_BUCKET is set. */
  files: FileStoreConfig;
  /**
   * Answer caches (platform/cache): how long a signed-in caller's principal (PRINCIPAL_CACHE_MS,
   * default 5000) and a list answer (LIST_CACHE_MS, default 2000) may be reused while no data
   * changed. 0 turns a cache off.
   */
  cache: { principalMs: number; listMs: number };
  /**
   * Image and PDF work on uploads (platform/files/media-work.ts): the time one file may take in a
   * worker (MEDIA_TIME_LIMIT_MS, default 20000) and the worker threads (MEDIA_THREADS, default the
   * cores but one).
   */
  media: MediaWorkSettings;
}

export const DEFAULT_SEED_PASSWORD = 'docket-demo-1';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  // npm runs workspace scripts inside the package folder; INIT_CWD is where the user typed the
  // command, so a relative DATA_DIR means the same folder as in the README.
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(cwd, env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seedPassword: env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD,
    seedDemo: env.SEED_DEMO !== 'false',
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Docket <no-reply@docket.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    cache: {
      principalMs: cacheMs(env.PRINCIPAL_CACHE_MS, 5000, 'PRINCIPAL_CACHE_MS'),
      listMs: cacheMs(env.LIST_CACHE_MS, 2000, 'LIST_CACHE_MS'),
    },
    media: {
      timeLimitMs: positiveInteger(env.MEDIA_TIME_LIMIT_MS, DEFAULT_MEDIA_TIME_LIMIT_MS, 'MEDIA_TIME_LIMIT_MS'),
      threads: env.MEDIA_THREADS ? positiveInteger(env.MEDIA_THREADS, 1, 'MEDIA_THREADS') : undefined,
    },
    files: { root: env.FILES_DIR ? resolve(cwd, env.FILES_DIR) : join(dataDir, 'files'), s3: s3SettingsFromEnv(env) },
  };
}

function cacheMs(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 60_000)
    throw new Error(`${name} must be a number of milliseconds from 0 to 60000, got ${value}`);
  return ms;
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a whole number above 0, got ${value}`);
  return number;
}
