import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { testClockStart, testClockStartedAt } from '../apps/api/test/test-clock';
import { smsGateway } from './support/sms';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT lets two runs share a machine (helpers working in parallel); a run uses it and the next port.
const port = Number(process.env.E2E_PORT ?? 8099);

/**
 * Two servers, each on its own fresh demo database, each serving one half of the spec files with one
 * worker: the halves run side by side (the suite took 12 minutes in one line) and never share data.
 * The specs that need the fake SchoolPay provider (it listens on E2E_PORT + 1000) are on the first.
 */
const firstHalf = [
  'fees-desk',
  'fees-reports',
  'fees-setup',
  'expenses',
  'staff',
  'imports',
  'exams-setup',
  'bundle',
  // One school on this server: its administrator sees and takes its backups.
  'backups',
  // Every screen's title (under two minutes, read only).
  'routes',
  // Read only (axe on each area's main screen, dates under US English): they even the halves out (29 Nov).
  'accessibility',
  'dates',
  // Last of this half (files run in name order): its promotion of S5 and new student come after the fees
  // specs. With it the halves even out (routes became a minute shorter, 26 Nov).
  'students',
].map((name) => `**/${name}.spec.ts`);

// A fresh embedded database and a private build of the web app per run, so a build in the working tree
// during the run cannot swap the chunks under the server. Workers inherit the variable; only the
// runner makes the directory.
if (!process.env.SOMERO_E2E_DIR) {
  const dir = mkdtempSync(path.join(tmpdir(), 'somero-e2e-'));
  process.env.SOMERO_E2E_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const runDir = process.env.SOMERO_E2E_DIR;

/** A half's own PostgreSQL database on TEST_DATABASE_URL's server, named by its port; none without one. */
function postgres(half: number) {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/somero_e2e_${port + half}`;
  return url.toString();
}

export default defineConfig({
  testDir: './specs',
  // The fake SMS gateway both servers send through (E2E_PORT + 2000).
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1366, height: 800 },
    launchOptions: {
      // The system Chromium; never a downloaded browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'first', testMatch: firstHalf, workers: 1, use: { baseURL: `http://localhost:${port}` } },
    { name: 'second', testIgnore: firstHalf, workers: 1, use: { baseURL: `http://localhost:${port + 1}` } },
  ],
  // Each seeds its own demo school (admin / demo-admin-pass), on a fresh PostgreSQL database beside
  // TEST_DATABASE_URL's when that is set (twice as fast as the embedded one), else embedded, while the first
  // builds the web app once (then marks it built); each serves the build once it is there.
  webServer: [0, 1].map((half) => ({
    command: [
      ...(half === 0
        ? [`(npm run build --workspace=@somero/web -- --outDir ${runDir}/web && touch ${runDir}/built) & build=$!`]
        : []),
      [
        ...(postgres(half) ? [`npx tsx e2e/support/fresh-database.ts ${postgres(half)}`] : []),
        'npx tsx e2e/support/seed-demo.ts',
        half === 0 ? 'wait $build' : `until [ -f ${runDir}/built ]; do sleep 1; done`,
        'npx tsx apps/api/src/server.ts',
      ].join(' && '),
    ].join('; '),
    cwd: repoRoot,
    env: {
      PORT: String(port + half),
      DATA_DIR: `${runDir}/data${half}`,
      ...(postgres(half) ? { DATABASE_URL: postgres(half), DEMO_SCHOOL: 'true' } : {}),
      WEB_DIST: `${runDir}/web`,
      DEMO_ADMIN_PASSWORD: 'demo-admin-pass',
      // The servers' clock starts at the tests' fixed moment, whatever the machine's date (support/dates.ts
      // keeps the specs on the same one; the app in the page follows the server's).
      CLOCK_START: testClockStart,
      CLOCK_STARTED: String(testClockStartedAt),
      LOG_LEVEL: 'warn',
      // No backups of its own on a schedule: the backups spec takes one by hand.
      BACKUP_HOURS: '0',
      // The provider's address is the server's setting: specs that need a provider listen here.
      SCHOOLPAY_URL: `http://127.0.0.1:${port + 1000 + half}`,
      // The demo school's SMS go through the run's fake gateway (global-setup.ts), not the log.
      SMS_GATEWAY_URL: `http://127.0.0.1:${smsGateway.port}`,
      AT_USERNAME: smsGateway.username,
      AT_API_KEY: smsGateway.apiKey,
      AT_SENDER_ID: smsGateway.senderId,
      SMS_CALLBACK_TOKEN: smsGateway.callbackToken,
      SMS_LOG_ONLY_OFF: '1',
      // The e-mail spec's SMTP server on loopback stands for a school's mail server on the same network.
      MAIL_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    },
    url: `http://localhost:${port + half}/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
