import { defineConfig } from 'vitest/config';

// The API tests that pin the rule modules, for `npm run mutation` (StrykerJS runs them once per mutant, in
// one worker thread). PGlite only: no globalSetup. Generous timeouts: a mutant may make a test slow.
export default defineConfig({
  test: {
    include: process.env.MUTATION_TESTS?.split(',') ?? [
      // Every area's pure rules tests (store, requirements, attendance, sick bay, budget, assets, …).
      'apps/api/test/*-rules.test.ts',
      'apps/api/test/journal.test.ts',
      'apps/api/test/requisitions.test.ts',
      'apps/api/test/fees-rules.test.ts',
      'apps/api/test/fees-ledger.test.ts',
      'apps/api/test/fees-payments.test.ts',
      'apps/api/test/fees-payments-tenancy.test.ts',
      'apps/api/test/fees-desk-statement.test.ts',
      'apps/api/test/fees-online.test.ts',
      'apps/api/test/fees-old-payments.test.ts',
      'apps/api/test/resources.test.ts',
      // The money engine's other documents, marks saving and report cards.
      'apps/api/test/revenues.test.ts',
      'apps/api/test/expenses.test.ts',
      'apps/api/test/exams-marks.test.ts',
      'apps/api/test/exams-report-cards.test.ts',
      'packages/grading/test/*.test.ts',
      'packages/payroll/test/*.test.ts',
    ],
    env: { TEST_DATABASE_URL: '' },
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
