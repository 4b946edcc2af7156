/**
 * Configuration from the environment (README lists every variable). This is the only file of the
 * server that reads `process.env` (ESLint refuses it elsewhere, test-support and tests aside): every
 * variable is read here with its default and checked, and the values travel down explicitly on
 * `ctx.config` or as arguments. Libraries may read their own variables (the AWS SDK's credential
 * chain reads AWS_*; node-postgres reads PG* for what DATABASE_URL leaves out).
 */
import { join, resolve } from 'node:path';
import type { FileStoreConfig } from './platform/files/open-file-store.ts';
import { s3SettingsFromEnv } from './platform/files/s3-settings.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './platform/db/query-budget.ts';
import { defaultReadThreads } from './platform/db/sqlite-readers.ts';
import { DEFAULT_MMAP_MB } from './platform/db/sqlite-mmap.ts';
import { DEFAULT_PLAN_CACHE_MODE, PLAN_CACHE_MODES, type PlanCacheMode } from './platform/db/plan-cache-mode.ts';
import { parseAddressRanges, type OutboundPolicy } from './platform/net/address-policy.ts';
import { DEFAULT_OUTBOUND_TIMEOUT_MS } from './platform/net/guarded-fetch.ts';
import { DEFAULT_MEDIA_TIME_LIMIT_MS } from './platform/files/media-limits.ts';
import type { MediaWorkSettings } from './platform/files/media-work.ts';
import { parseQuietHours, type QuietHours } from './modules/list-indexes/quiet-hours.ts';

export interface Config {
  port: number;
  host: string;
  /** TRUST_PROXY=true: take the client address from X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  seedPassword: string;
  /** SEED_PASSWORD was set (the start-up line says so rather than printing it). */
  seedPasswordFromEnv: boolean;
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
   * default 5000), a list answer (LIST_CACHE_MS, default 2000) and a list's total
   * (COUNT_CACHE_MS, default 2000; platform/records/count-cache.ts) may be reused while no data
   * changed, and the rows labels are made from (LABEL_CACHE_MS, default 5000;
   * platform/records/label-cache.ts). 0 turns a cache off.
   */
  cache: { principalMs: number; listMs: number; countMs: number; labelMs: number };
  /**
   * Time budgets (platform/db/query-budget.ts): each statement of a request or job
   * (DB_STATEMENT_TIMEOUT_MS, default 5000) and migrations and index builds
   * (DB_MAINTENANCE_TIMEOUT_MS, default 0: none). 0 turns a budget off. On PostgreSQL,
   * DB_PLAN_CACHE_MODE (default auto; force_generic_plan or force_custom_plan) is the
   * connections' `plan_cache_mode` (platform/db/plan-cache-mode.ts says when to change it).
   * On the embedded database DB_READ_THREADS (default two; 0: none) is
   * the reader threads list pages, counts and (beyond the first) groups and charts run on
   * (platform/db/sqlite-readers.ts).
   */
  database: { statementTimeoutMs: number; maintenanceTimeoutMs: number; planCacheMode: PlanCacheMode; readThreads: number; mmapMb: number };
  /**
   * Outbound connections (platform/net): only the operator may open non-public ranges
   * (OUTBOUND_ALLOW_PRIVATE, comma-separated addresses or CIDR ranges) or plain http
   * (OUTBOUND_ALLOW_HTTP=true). An organisation's allowed hosts only narrow the public ones.
   */
  outbound: OutboundPolicy;
  /**
   * How long an outbound HTTP call (translation, the directory's SCIM pages, the sign-in
   * provider's discovery and tokens) may take before it fails with a time-out
   * (OUTBOUND_TIMEOUT_MS, default 10 s): a provider that never answers must not hold a request.
   */
  outboundTimeoutMs: number;
  /**
   * The master key organisation secrets are derived from (DOCKET_SECRETS_KEY, base64 of 32
   * bytes; platform/crypto/org-secrets.ts). Unset: a random key kept in the database.
   */
  secretsKey: string | undefined;
  /**
   * The durable jobs worker of this process: DOCKET_JOBS=off leaves the jobs to other processes;
   * DOCKET_JOBS_INTERVAL_MS (default 2000) is how often an idle worker looks for ready jobs;
   * SERVER_TASK_WAIT_MS (default 20000, below the web's 30 s time-out) is how long a server-task
   * press waits for its job before answering that it is still running.
   */
  jobs: { enabled: boolean; intervalMs: number; taskWaitMs: number };
  /**
   * The exact analysis of a large table on the embedded database waits for these UTC hours
   * (INDEX_BUILD_QUIET_HOURS `from-to`, default `1-5`; modules/list-indexes/quiet-hours.ts);
   * index builds run at once (modules/list-indexes/index-jobs.ts).
   * A type of more documents than INDEX_BUILD_INLINE_MAX_ROWS (default 20000) is large: its
   * builds run as durable jobs, never at start or inside a request. A type gets its own indexes
   * once it has held INDEX_BUILD_MIN_DOCUMENTS (default 2000) documents, every organisation's
   * together (modules/list-indexes/index-jobs.ts).
   */
  indexBuilds: { quietHours: QuietHours; inlineMaxRows: number; minDocuments: number };
  /**
   * Image and PDF work on uploads (platform/files/media-work.ts): the time one file may take in a
   * worker (MEDIA_TIME_LIMIT_MS, default 20000) and the worker threads (MEDIA_THREADS, default the
   * cores but one).
   */
  media: MediaWorkSettings;
}

export const DEFAULT_SEED_PASSWORD = 'docket-demo-1';

function planCacheMode(text: string | undefined): PlanCacheMode {
  if (text === undefined || text.trim() === '') return DEFAULT_PLAN_CACHE_MODE;
  const mode = text.trim();
  if (!(PLAN_CACHE_MODES as readonly string[]).includes(mode))
    throw new Error(`DB_PLAN_CACHE_MODE must be one of ${PLAN_CACHE_MODES.join(', ')}, got ${text}`);
  return mode as PlanCacheMode;
}

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
    trustProxy: flag(env.TRUST_PROXY, false, 'TRUST_PROXY'),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seedPassword: env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD,
    seedPasswordFromEnv: Boolean(env.SEED_PASSWORD),
    seedDemo: env.SEED_DEMO !== 'false',
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Docket <no-reply@docket.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    cache: {
      principalMs: cacheMs(env.PRINCIPAL_CACHE_MS, 5000, 'PRINCIPAL_CACHE_MS'),
      listMs: cacheMs(env.LIST_CACHE_MS, 2000, 'LIST_CACHE_MS'),
      countMs: cacheMs(env.COUNT_CACHE_MS, 2000, 'COUNT_CACHE_MS'),
      labelMs: cacheMs(env.LABEL_CACHE_MS, 5000, 'LABEL_CACHE_MS'),
    },
    media: {
      timeLimitMs: positiveInteger(env.MEDIA_TIME_LIMIT_MS, DEFAULT_MEDIA_TIME_LIMIT_MS, 'MEDIA_TIME_LIMIT_MS'),
      threads: env.MEDIA_THREADS ? positiveInteger(env.MEDIA_THREADS, 1, 'MEDIA_THREADS') : undefined,
    },
    jobs: {
      enabled: env.DOCKET_JOBS !== 'off',
      intervalMs: wholeNumber(env.DOCKET_JOBS_INTERVAL_MS, 2000, 'DOCKET_JOBS_INTERVAL_MS', 10, 3_600_000),
      taskWaitMs: wholeNumber(env.SERVER_TASK_WAIT_MS, 20_000, 'SERVER_TASK_WAIT_MS', 0, 25_000),
    },
    indexBuilds: {
      quietHours: parseQuietHours(env.INDEX_BUILD_QUIET_HOURS),
      inlineMaxRows: positiveInteger(env.INDEX_BUILD_INLINE_MAX_ROWS, 20_000, 'INDEX_BUILD_INLINE_MAX_ROWS'),
      minDocuments: documentCount(env.INDEX_BUILD_MIN_DOCUMENTS, 2_000, 'INDEX_BUILD_MIN_DOCUMENTS'),
    },
    files: { root: env.FILES_DIR ? resolve(cwd, env.FILES_DIR) : join(dataDir, 'files'), s3: s3SettingsFromEnv(env) },
    database: {
      statementTimeoutMs: budgetMs(env.DB_STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, 'DB_STATEMENT_TIMEOUT_MS'),
      maintenanceTimeoutMs: budgetMs(env.DB_MAINTENANCE_TIMEOUT_MS, 0, 'DB_MAINTENANCE_TIMEOUT_MS'),
      planCacheMode: planCacheMode(env.DB_PLAN_CACHE_MODE),
      readThreads: threadCount(env.DB_READ_THREADS, defaultReadThreads(), 'DB_READ_THREADS'),
      mmapMb: megabytes(env.DB_MMAP_MB, DEFAULT_MMAP_MB, 'DB_MMAP_MB'),
    },
    outbound: outboundPolicy(env),
    outboundTimeoutMs: wholeNumber(env.OUTBOUND_TIMEOUT_MS, DEFAULT_OUTBOUND_TIMEOUT_MS, 'OUTBOUND_TIMEOUT_MS', 100, 120_000),
    secretsKey: secretsKey(env.DOCKET_SECRETS_KEY),
  };
}

function secretsKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (Buffer.from(value, 'base64').length !== 32) throw new Error('DOCKET_SECRETS_KEY must be 32 bytes written in base64');
  return value;
}

function budgetMs(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 86_400_000)
    throw new Error(`${name} must be a number of milliseconds from 0 (no limit) to 86400000, got ${value}`);
  return ms;
}

function outboundPolicy(env: NodeJS.ProcessEnv): OutboundPolicy {
  let allowPrivate;
  try {
    allowPrivate = parseAddressRanges(env.OUTBOUND_ALLOW_PRIVATE);
  } catch (error) {
    throw new Error(`OUTBOUND_ALLOW_PRIVATE must list IP addresses or CIDR ranges separated by commas: ${(error as Error).message}`);
  }
  const http = env.OUTBOUND_ALLOW_HTTP ?? '';
  if (!['', 'true', 'false'].includes(http)) throw new Error(`OUTBOUND_ALLOW_HTTP must be true or false, got ${http}`);
  return { allowPrivate, allowHttp: http === 'true' };
}

function cacheMs(value: string | undefined, fallback: number, name: string): number {
  return wholeNumber(value, fallback, name, 0, 60_000);
}

function wholeNumber(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < min || ms > max)
    throw new Error(`${name} must be a number of milliseconds from ${min} to ${max}, got ${value}`);
  return ms;
}

function megabytes(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 0 || mb > 1_048_576)
    throw new Error(`${name} must be a number of megabytes from 0 (off) to 1048576, got ${value}`);
  return mb;
}

function documentCount(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) throw new Error(`${name} must be a number of documents (0 or more), got ${value}`);
  return count;
}

function threadCount(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 16)
    throw new Error(`${name} must be a number of threads from 0 to 16, got ${value}`);
  return count;
}

function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`${name} must be true or false, got ${value}`);
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a whole number above 0, got ${value}`);
  return number;
}
