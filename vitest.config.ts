import { defineConfig } from 'vitest/config';

/**
 * Two tiers run by `npm test`: `unit` (pure, beside the code) and `int` (real databases: the
 * embedded one always, PostgreSQL when TEST_DATABASE_URL is set). Browser tests run separately
 * through Playwright (e2e/).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['packages/*/src/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Integration files share one PostgreSQL server; each isolates itself in its own schema.
          fileParallelism: true,
        },
      },
    ],
  },
});
