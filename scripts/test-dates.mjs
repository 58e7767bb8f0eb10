#!/usr/bin/env node
// `npm run test:dates`: Somero on other days of the year. For each day below it starts the server as a
// newcomer would (`npm start`'s server on a fresh embedded data folder, its clock started at that day by
// CLOCK_START), waits until it says it is ready with the demo school, then runs the date-sensitive API
// files on the same clock. Not part of `npm test` (about two minutes a day); its last run is in
// docs/TESTING.md. `npm run test:dates -- 2027-03-15` runs one day.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The days: New Year, a day of term 1, the first day of term 2, the mid-year holiday, the first day of term 3, the last day of the year, 29 February. */
const days = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['2027-01-01', '2027-03-15', '2027-05-25', '2027-08-25', '2027-09-14', '2027-12-31', '2028-02-29'];

/**
 * The API files whose answers follow the day (the demo school, the term a new school starts in, today's
 * figures, "in the future", months and ages). Files that set their school in a year of their own (the
 * parents' line, the attendance summaries and the dashboard's term split are in 2026) run on the tests'
 * fixed clock only.
 */
const files = [
  'demo-school',
  'clock',
  'settings',
  'sickbay',
  'visitors',
  'events',
  'fees-payments',
  'fees-ledger',
  'payroll',
  'students-records',
].map((name) => `apps/api/test/${name}.test.ts`);

/** Starts the server on a fresh data folder at `day`; answers how long it took to say it is ready, or why not. */
function firstStart(day) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `somero-dates-${day}-`));
  return new Promise((resolve) => {
    const started = performance.now();
    const server = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        CLOCK_START: `${day}T09:00:00+03:00`,
        DATA_DIR: dataDir,
        PORT: String(8700 + Math.floor(Math.random() * 200)),
        DEMO_ADMIN_PASSWORD: 'demo-dates-pass',
        BACKUP_HOURS: '0',
        ONLINE_SYNC_MINUTES: '0',
        LOG_LEVEL: 'warn',
        TEST_DATABASE_URL: '',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const done = (result) => {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {}
      setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000);
      resolve(result);
    };
    const timer = setTimeout(
      () => done({ ok: false, why: `not ready after 5 minutes\n${output.slice(-2000)}` }),
      300_000,
    );
    for (const stream of [server.stdout, server.stderr])
      stream.on('data', (chunk) => {
        output += chunk;
        if (/Somero is ready/.test(output) && /Demo school created/.test(output)) {
          clearTimeout(timer);
          done({ ok: true, seconds: Math.round((performance.now() - started) / 1000) });
        }
      });
    server.on('exit', (code) => {
      clearTimeout(timer);
      done({ ok: false, why: `the server stopped (exit ${code})\n${output.slice(-2000)}` });
    });
  });
}

/** The API files on the day's clock: passed and failed counts, and the failed tests' names. */
function apiFiles(day) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'somero-dates-')), 'report.json');
  spawnSync('npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${out}`, ...files], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CLOCK_START: `${day}T09:00:00+03:00`, TEST_DATABASE_URL: '' },
  });
  if (!existsSync(out)) return { passed: 0, failed: 1, names: ['the test run did not finish'] };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const names = [];
  for (const file of report.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') names.push(`${path.relative(root, file.name)} › ${t.fullName}`);
  return { passed: report.numPassedTests, failed: report.numFailedTests || names.length, names };
}

let failed = 0;
const lines = [];
for (const day of days) {
  console.log(`\n▶ ${day}`);
  const start = await firstStart(day);
  if (!start.ok) console.log(`  The first start failed: ${start.why}`);
  else console.log(`  First start with the demo school: ready in ${start.seconds} s`);
  const api = apiFiles(day);
  for (const name of api.names) console.log(`  ✗ ${name}`);
  console.log(`  API files: ${api.passed} passed, ${api.failed} failed`);
  failed += (start.ok ? 0 : 1) + api.failed;
  lines.push(
    `${day}: first start ${start.ok ? `ready in ${start.seconds} s` : 'FAILED'}; ${api.passed} passed, ${api.failed} failed`,
  );
}
console.log(`\n${lines.join('\n')}\n`);
process.exit(failed > 0 ? 1 : 0);
