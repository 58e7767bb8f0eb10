import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { testClockStart, testClockStartedAt } from '../apps/api/test/test-clock';
import { halves } from './halves';
import { builtMark, dataDir, port, postgres, seededMark, webDir } from './servers';
import { smsGateway } from './support/sms';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Two servers, each on its own demo database, each serving one half of the spec files with one worker: the
 * halves run side by side and never share data. The halves come from the specs' recorded times (halves.ts).
 */
const firstHalf = halves()[0].map((name) => `**/${name}.spec.ts`);

// A private build of the web app per run (a build in the working tree during the run cannot swap the chunks
// under the server) and each server's database: prepare.ts makes them, started by `npm test` at its
// beginning (SOMERO_E2E_PREPARING), or here by the first server when the browser tests run alone.
const prepare = process.env.SOMERO_E2E_PREPARING ? '' : 'npx tsx e2e/prepare.ts & ';
const ready = `until [ -f ${builtMark()} ] && [ -f ${seededMark()} ]; do sleep 1; done`;

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
    // As a computer set to reduce motion: no transitions or spinning loaders to draw (the app honours it).
    reducedMotion: 'reduce',
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
  // The demo school (admin / demo-admin-pass), seeded once and copied (prepare.ts), on fresh PostgreSQL
  // databases beside TEST_DATABASE_URL's when that is set (twice as fast as the embedded one), else embedded;
  // each server starts once the build and its school are there.
  webServer: [0, 1].map((half) => ({
    command: `${half === 0 ? prepare : ''}${ready}; npx tsx apps/api/src/server.ts`,
    cwd: repoRoot,
    env: {
      PORT: String(port + half),
      DATA_DIR: dataDir(half),
      ...(postgres(half) ? { DATABASE_URL: postgres(half), DEMO_SCHOOL: 'true' } : {}),
      WEB_DIST: webDir(),
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
    // The build and the seeding, on a busy machine.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
