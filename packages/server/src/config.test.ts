/** Every environment variable of the server is read by loadConfig, with its default and its check. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_PASSWORD, loadConfig } from './config.ts';
import { defaultReadThreads } from './platform/db/sqlite-readers.ts';

describe('loadConfig', () => {
  it('has a default for every variable', () => {
    const config = loadConfig({ INIT_CWD: '/srv/docket' });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      trustProxy: false,
      dataDir: '/srv/docket/data',
      databaseUrl: undefined,
      seedPassword: DEFAULT_SEED_PASSWORD,
      seedPasswordFromEnv: false,
      seedDemo: true,
      logLevel: 'info',
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      cache: { principalMs: 5000, listMs: 2000, countMs: 2000, labelMs: 5000 },
      jobs: { enabled: true, intervalMs: 2000, taskWaitMs: 20_000 },
      files: { root: '/srv/docket/data/files', s3: undefined },
      database: { statementTimeoutMs: 5000, maintenanceTimeoutMs: 0, planCacheMode: 'auto', mmapMb: 2048 },
      indexBuilds: { inlineMaxRows: 20_000, minDocuments: 2000 },
      outboundTimeoutMs: 10_000,
    });
  });

  it('reads the values that used to be read where they were used', () => {
    const config = loadConfig({
      INIT_CWD: '/srv/docket',
      TRUST_PROXY: 'true',
      DOCKET_JOBS: 'off',
      DOCKET_JOBS_INTERVAL_MS: '500',
      SEED_PASSWORD: 'chosen',
      DB_PLAN_CACHE_MODE: 'force_generic_plan',
      DB_READ_THREADS: '0',
      INDEX_BUILD_MIN_DOCUMENTS: '0',
      OUTBOUND_TIMEOUT_MS: '2500',
    });
    expect(config.outboundTimeoutMs).toBe(2500);
    expect(config.indexBuilds.minDocuments).toBe(0);
    expect(config).toMatchObject({ trustProxy: true, jobs: { enabled: false, intervalMs: 500 }, seedPasswordFromEnv: true });
    expect(config.database.planCacheMode).toBe('force_generic_plan');
    expect(config.database.readThreads).toBe(0);
    expect(loadConfig({}).database.readThreads).toBe(defaultReadThreads());
  });

  it('stops on a value it cannot use, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow('TRUST_PROXY must be true or false');
    expect(() => loadConfig({ DOCKET_JOBS_INTERVAL_MS: 'soon' })).toThrow('DOCKET_JOBS_INTERVAL_MS must be a number of milliseconds');
    expect(() => loadConfig({ LIST_CACHE_MS: '-1' })).toThrow('LIST_CACHE_MS must be a number of milliseconds from 0 to 60000');
    expect(() => loadConfig({ DB_PLAN_CACHE_MODE: 'generic' })).toThrow(
      'DB_PLAN_CACHE_MODE must be one of auto, force_generic_plan, force_custom_plan',
    );
    expect(() => loadConfig({ INDEX_BUILD_MIN_DOCUMENTS: '-5' })).toThrow(
      'INDEX_BUILD_MIN_DOCUMENTS must be a number of documents (0 or more), got -5',
    );
    expect(() => loadConfig({ DB_READ_THREADS: 'two' })).toThrow('DB_READ_THREADS must be a number of threads from 0 to 16, got two');
    expect(() => loadConfig({ DB_MMAP_MB: '1.5' })).toThrow('DB_MMAP_MB must be a number of megabytes from 0 (off) to 1048576, got 1.5');
    expect(loadConfig({ DB_MMAP_MB: '0' }).database.mmapMb).toBe(0);
    expect(() => loadConfig({ OUTBOUND_TIMEOUT_MS: '0' })).toThrow(
      'OUTBOUND_TIMEOUT_MS must be a number of milliseconds from 100 to 120000, got 0',
    );
  });
});
