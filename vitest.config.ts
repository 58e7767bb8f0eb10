import { configDefaults, defineConfig } from 'vitest/config';
import { testClockStart, testClockStartedAt } from './apps/api/test/test-clock.js';

// Unit and API tests. TEST_DATABASE_URL switches the API tests from in-memory PGlite to PostgreSQL.
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/api/test/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    // Several server processes on one database is PostgreSQL's: that test runs only with TEST_DATABASE_URL.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ['apps/api/test/two-servers.test.ts']),
    ],
    globalSetup: ['apps/api/test/global-setup.ts'],
    // Every test runs on one clock, started at a fixed moment (test-clock.ts), whatever the machine's date:
    // the files' own (clock-setup.ts), their apps' and the servers they start (CLOCK_START).
    env: { CLOCK_START: testClockStart, CLOCK_STARTED: String(testClockStartedAt) },
    setupFiles: ['apps/api/test/clock-setup.ts'],
    pool: 'forks',
    // Files share their worker's modules (a third of the run was importing the API again per file). Module
    // state must therefore never be keyed by something two test databases share (a school id alone):
    // caches are per database (core/school-settings.ts) or per token (core/auth.ts).
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
