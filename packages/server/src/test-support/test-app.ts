/**
 * A real server on a real database with the demo organisations, driven through Fastify's
 * `inject` (full HTTP semantics: parsers, hooks, schemas, error handler) without a socket.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createAppContext, type AppContext } from '../app-context.ts';
import { loadConfig, type Config } from '../config.ts';
import { buildApp } from '../http/build-app.ts';
import type { DialectName } from '../platform/db/database.ts';
import { LocalFileStore, type FileStore } from '../platform/files/file-store.ts';
import { seedDemoIfEmpty } from '../modules/demo/demo-seed.ts';
import { createTestDatabase } from './test-database.ts';

export const DEMO_PASSWORD = 'docket-demo-1';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Signs in through the token endpoint and answers the access and refresh tokens. */
  signIn(email: string, password?: string): Promise<{ access: string; refresh: string }>;
  /** inject() with a bearer token. */
  as(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  /** The file store; default: local disk in a fresh temporary folder, removed by close(). */
  fileStore?: FileStore;
  /** Each statement's time budget (platform/db/query-budget.ts); default as in production. */
  statementTimeoutMs?: number;
  /** The embedded database on disk with this many reader threads (test-database.ts); default in memory, none. */
  readThreads?: number;
  /** Run the durable jobs worker while the app is up (default true); false: the test runs jobs itself (runJobsOnce). */
  jobs?: boolean;
  /** Configuration values that differ from the defaults (e.g. the operator's outbound policy). */
  config?: Partial<Config>;
  /** A folder served as the built web app (index.html at `/`), as in production. */
  webDist?: string;
  /** Seed the demo's safety history and report (default false: most tests count the demo's documents). */
  demoHistory?: boolean;
}

export async function startTestApp(dialect: DialectName, options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(dialect, {
    ...(options.statementTimeoutMs === undefined ? {} : { statementTimeoutMs: options.statementTimeoutMs }),
    ...(options.readThreads === undefined ? {} : { readThreads: options.readThreads }),
  });
  const base = loadConfig({});
  const config: Config = {
    ...base,
    seedPassword: DEMO_PASSWORD,
    jobs: { ...base.jobs, enabled: options.jobs ?? true },
    // Every type's own indexes from its first document: the tests' few documents are read through
    // the indexes a large type has (list plans, EXPLAIN tests); the threshold has tests of its own.
    indexBuilds: { ...base.indexBuilds, minDocuments: 0 },
    ...options.config,
  };
  const filesDir = options.fileStore ? undefined : join(tmpdir(), `docket-test-files-${randomUUID()}`);
  const ctx = await createAppContext({
    database: testDb.database,
    config,
    fileStore: options.fileStore ?? new LocalFileStore(filesDir!),
  });
  if (options.seed !== false) await seedDemoIfEmpty(ctx, { history: options.demoHistory ?? false });
  const app = await buildApp(ctx, { logger: false, webDist: options.webDist });
  await app.ready();
  return {
    app,
    ctx,
    async signIn(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
      });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
      const body = response.json() as { access_token: string; refresh_token: string };
      return { access: body.access_token, refresh: body.refresh_token };
    },
    as(token, injectOptions) {
      return app.inject({ ...injectOptions, headers: { ...(injectOptions.headers ?? {}), authorization: `Bearer ${token}` } });
    },
    async close() {
      await app.close();
      await testDb.drop();
      if (filesDir) await rm(filesDir, { recursive: true, force: true });
    },
  };
}
