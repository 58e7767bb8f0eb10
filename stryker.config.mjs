// @ts-check
/**
 * `npm run mutation`: StrykerJS mutates the rule modules and runs the API tests that cover each mutant
 * (coverageAnalysis perTest). Not part of `npm test` or CI: it takes long. One file while iterating:
 *   npm run mutation -- --mutate apps/api/src/core/scope.ts
 * and fewer test files: MUTATION_TESTS=apps/api/test/fees-rules.test.ts npm run mutation -- --mutate …
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  checkers: [],
  mutate: [
    // The fees ledger's rules (pure; positionsOf in ledger/balances.ts only reads the rows they take).
    'apps/api/src/modules/fees/ledger/rules.ts',
    // The payment verbs' rules (pure: amount and date, a repeated key, batching, refusals, amendments);
    // desk/record.ts and desk/payments.ts are the reads and writes around them.
    'apps/api/src/modules/fees/desk/rules.ts',
    'apps/api/src/core/scope.ts',
    // The journal's rules: balanced one-sided lines, reversals, normal balances, account numbers.
    'apps/api/src/modules/journal/journal-rules.ts',
    // The requisition steps: where each may start, who may take it, what waits for what.
    'apps/api/src/modules/expenses/requisition-rules.ts',
    // The finance reports' arithmetic: sections, running balances, the trial balance, cash-flow netting.
    'apps/api/src/modules/finance-reports/finance-rules.ts',
    // The budget's rules: years that do not overlap, splits to the shilling, a range's budget, variance.
    'apps/api/src/modules/budget/budget-rules.ts',
    // Depreciation by whole months held, and asset tags.
    'apps/api/src/modules/assets/asset-rules.ts',
    // The sick bay's counting: Kampala days, ISO weeks, months, counts by name.
    'apps/api/src/modules/sickbay/rules.ts',
    // The store's weighted average cost, reversals and shortfalls; the requirements' term-by-term balance.
    'apps/api/src/modules/store/rules.ts',
    'apps/api/src/modules/requirements/rules.ts',
    // Attendance's school days and counts; the visitors book's Kampala days, stays and report counts.
    'apps/api/src/modules/attendance/rules.ts',
    'apps/api/src/modules/visitors/rules.ts',
    // The events' minutes and counts; the SMS alphabet, parts, credits, recipients and delivery reports.
    'apps/api/src/modules/events/rules.ts',
    'apps/api/src/modules/notifications/rules.ts',
    // Who sees and changes an E-Learning resource, and what publishing does.
    'apps/api/src/modules/elearning/rules.ts',
    // The resource engine's guard: the generic calls each declared entity is served with, and their access.
    'apps/api/src/resources/engine.ts:141-266',
    // The exam rules around the grading package: the comment bank's suggestion, the analyses' counting.
    'apps/api/src/modules/exams/report-cards/comment-rules.ts',
    'apps/api/src/modules/exams/analysis/rules.ts',
    // The money engine: posting, reposting after an amendment, voiding with a reason, posting the unposted.
    'apps/api/src/modules/journal/documents.ts',
    // The desk's statement: a batch of payments, their receipts, balances and journal entries in one go.
    'apps/api/src/modules/fees/desk/record.ts',
    // Saving marks: who may, out-of-range and absent marks, a paper's mark into the subject's.
    'apps/api/src/modules/exams/marks/save.ts',
    // Report cards: each card's comments, balance, promotion and whether it is withheld for fees owed (the
    // lines of `reportCards` that build the cards; the results they read are the grading package's). A line
    // range: move it when the lines above change.
    'apps/api/src/modules/exams/report-cards/cards.ts:354-414',
    // Uganda's grading rules (pure; their unit tests run in milliseconds).
    'packages/grading/src/*.ts',
    // Uganda's statutory payroll rules (pure: PAYE, NSSF, LST, advances, a month's net pay).
    'packages/payroll/src/*.ts',
  ],
  ignorePatterns: ['apps/web', 'e2e', 'bench', 'data', 'dist', 'reports', 'test-results', 'playwright-report'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // A run below 80 % fails (`npm run mutation` exits non-zero): a change that lets bugs through is seen.
  thresholds: { high: 90, low: 80, break: 80 },
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 60,
};
