import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tiers run by `npm test`: `unit` (pure, beside the code), `int` (real databases: the embedded one
 * always, PostgreSQL when TEST_DATABASE_URL is set) and `solo` (`*.solo.int.test.ts`: integration
 * tests that measure the server's responsiveness — another client's latency while hostile work
 * runs, a query cut at its time budget — run one file at a time after `int`, so the other test
 * files' load on a 2-core machine does not decide them) and `readers` (the read paths' `int`
 * files again with a reader thread). Browser tests run separately through
 * Playwright (e2e/).
 */
/** Where reads go through `Database.reader` (list pages, counts, labels, reports, search). */
const READER_PATHS = [
  'platform/db',
  'platform/records',
  'modules/documents',
  'modules/events',
  'modules/graph',
  'modules/list-indexes',
  'modules/lookups',
  'modules/reporting',
  'modules/search',
  'modules/todo',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where most
    // integration files spend much of their time waiting (on PostgreSQL, on a local IMAP or HTTP
    // server, on a worker thread), so two files at once finished the `int` tier in 8 minutes
    // instead of 11.5 (bench/README.md, fiftieth session). Larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `isolate: false` (unit, int, readers): a worker loads the server's ~530 modules and their
    // packages once, not once per file. Isolated, importing them took each integration file about
    // 4 s, more than most files' tests; shared, the int tier took 288–316 s instead of 478, readers
    // 83 s instead of 155, unit 28–31 s instead of 88 (bench/README.md, fifty-first session). What
    // a module keeps is therefore shared by the files of one worker: keep it per database
    // (`cachePerDatabase`, `hintsPerDatabase`), and a test about a fresh process's state loads its
    // modules afresh (`vi.resetModules`, assembly.int.test.ts). `solo` stays isolated: it measures.
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // Pure tests, but some start worker threads or local servers: on a loaded 2-core machine
          // the default 5 s is not a fact about the code.
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'int',
          include: ['packages/*/src/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/*.solo.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Integration files share one PostgreSQL server; each isolates itself in its own schema.
          fileParallelism: true,
          isolate: false,
        },
      },
      {
        test: {
          // The list and read paths again on the embedded database with a reader thread
          // (docs/architecture.md#reader-threads), as a server runs them: the \`int\` run uses
          // in-memory databases, which no other thread can read. SQLite only; PostgreSQL has no
          // reader threads.
          name: 'readers',
          include: READER_PATHS.map((folder) => `packages/server/src/${folder}/*.int.test.ts`),
          exclude: ['**/node_modules/**', '**/*.solo.int.test.ts'],
          env: { TEST_READ_THREADS: '2', TEST_DATABASE_URL: '' },
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'solo',
          include: ['packages/*/src/**/*.solo.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
