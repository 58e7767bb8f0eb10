#!/usr/bin/env node
// `npm test`: the check, the unit and API tests on PGlite (on PostgreSQL when TEST_DATABASE_URL is set,
// with the embedded database's own files still on PGlite), then the browser tests when Chromium is found (else they count as skipped). Ends with one line
// "N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The last browser run's report, read by `npm run e2e:times` (scripts/e2e-times.mjs). */
const lastBrowserRun = path.join(tmpdir(), 'somero-last-browser-run.json');
const tmp = mkdtempSync(path.join(tmpdir(), 'somero-test-'));
/** API test files run on the embedded database even when PostgreSQL is there (see below). */
const embeddedSubjects = [
  'db-lock',
  'bad-input',
  'backups',
  'upgrades',
  'fees-payments-crash',
  'school-export',
  'fees-payments',
  'money-amend',
  // Renames a table for a moment (a balance that cannot be read), which other files sharing PostgreSQL would meet.
  'fees-desk-statement',
];
let passed = 0;
let failed = 0;
let skipped = 0;
/** The failed tests' names, printed again at the end so the last lines of a long run say what failed. */
const failures = [];

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function vitest(title, env, extra = []) {
  const out = path.join(tmp, `vitest-${passed + failed}.json`);
  const errorsFile = path.join(tmp, `vitest-errors-${passed + failed}.json`);
  const status = run(
    title,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/vitest-errors-reporter.mjs',
      `--outputFile.json=${out}`,
      ...extra,
    ],
    { ...env, VITEST_ERRORS_FILE: errorsFile },
  );
  const errors = existsSync(errorsFile) ? JSON.parse(readFileSync(errorsFile, 'utf8')) : null;
  for (const error of errors ?? []) failures.push(`${title}: ${error}`);
  if (!existsSync(out)) {
    failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${title}: ${name} › ${t.fullName}`);
    if (!errors && file.status === 'failed' && failedTests.length === 0)
      failures.push(`${title}: ${name} (${file.message || 'failed to run'})`);
  }
  if (status !== 0 && report.numFailedTests === 0 && failures.length === 0)
    failures.push(`${title}: exit code ${status}`);
  skipped += report.numPendingTests + report.numTodoTests;
}

/** How many browser tests there are, from Playwright's list ("Total: 88 tests in 14 files"); 0 when unknown. */
function countBrowserTests() {
  const list = spawnSync('npx', ['playwright', 'test', '--list', '-c', 'e2e/playwright.config.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const total = /Total: (\d+) tests?/.exec(list.stdout ?? '');
  return total ? Number(total[1]) : 0;
}

// Every test process keeps one clock (apps/api/test/test-clock.ts): it read the tests' start moment now.
process.env.CLOCK_STARTED ||= String(Date.now());

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);

// The browser tests' build of the web app and their demo schools are made from the start, beside the check
// and the API tests (e2e/prepare.ts); the browser tests wait for them.
let prepared = Promise.resolve(0);
const prepareLog = path.join(tmp, 'e2e-prepare.log');
if (chromium) {
  process.env.SOMERO_E2E_DIR = mkdtempSync(path.join(tmpdir(), 'somero-e2e-'));
  const log = openSync(prepareLog, 'w');
  const child = spawn('npx', ['tsx', 'e2e/prepare.ts'], { cwd: root, stdio: ['ignore', log, log], detached: true });
  prepared = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  process.on('exit', () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    rmSync(process.env.SOMERO_E2E_DIR, { recursive: true, force: true });
  });
}

if (run('Check: lint, format and types', 'npm', ['run', 'check']) !== 0) {
  failed += 1;
  console.log('\nThe check failed; fix it first (npm run format mends formatting).');
} else {
  if (!process.env.TEST_DATABASE_URL) vitest('Unit and API tests on embedded PGlite', { TEST_DATABASE_URL: '' });
  else {
    // With PostgreSQL at hand the API tests run on it, and on the embedded database only those whose
    // subject is the embedded database itself or the one connection it serialises everything through
    // (its lock file, its backups and upgrades, a killed server, a school moved off it, concurrent
    // receipts and amendments), with the unit tests, which use no database. Without PostgreSQL every
    // file runs on the embedded database (docs/TESTING.md).
    vitest('Unit tests and the embedded database’s own API tests on PGlite', { TEST_DATABASE_URL: '' }, [
      'packages/',
      'apps/web/',
      ...embeddedSubjects.map((name) => `apps/api/test/${name}.test.ts`),
    ]);
    vitest('API tests on PostgreSQL (TEST_DATABASE_URL)', {}, [
      'apps/api/test/',
      // Not about the database: the embedded lock file, a killed embedded server, input refused before any query.
      '--exclude=apps/api/test/db-lock.test.ts',
      '--exclude=apps/api/test/fees-payments-crash.test.ts',
      '--exclude=apps/api/test/bad-input.test.ts',
    ]);
  }

  if (!chromium) {
    const browserTests = countBrowserTests();
    skipped += browserTests;
    console.log(
      `\nBrowser tests skipped (${browserTests}): Chromium was not found. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH, then run npm test again.`,
    );
  } else if ((await prepared) !== 0) {
    failed += 1;
    failures.push(`Browser: the web app's build or the demo schools failed (${prepareLog})`);
    console.log(`\nThe browser tests' preparation failed:\n${readFileSync(prepareLog, 'utf8').slice(-3000)}`);
  } else {
    const out = path.join(tmp, 'playwright.json');
    const status = run(
      'Browser tests in Chromium',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
      {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        SOMERO_E2E_PREPARING: '1',
      },
    );
    if (existsSync(out)) {
      // For `npm run e2e:times`, which keeps the halves even (e2e/halves.ts).
      copyFileSync(out, lastBrowserRun);
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const { stats } = report;
      const walk = (suite) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === 'unexpected') failures.push(`Browser: ${spec.file}:${spec.line} › ${spec.title}`);
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of report.suites ?? []) walk(suite);
      passed += stats.expected + stats.flaky;
      failed += stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
      skipped += stats.skipped;
    } else {
      failed += 1;
    }
  }
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
