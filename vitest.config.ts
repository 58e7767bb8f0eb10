import { defineConfig } from 'vitest/config';

// Unit and API tests. TEST_DATABASE_URL switches the API tests from in-memory PGlite to PostgreSQL.
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
