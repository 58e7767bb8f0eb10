import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT lets two runs share a machine (helpers working in parallel).
const port = Number(process.env.E2E_PORT ?? 8099);

// A fresh embedded database and a private build of the web app per run, so a build in the working tree
// during the run cannot swap the chunks under the server. Workers inherit the variable; only the
// runner makes the directory.
if (!process.env.SOMERO_E2E_DIR) {
  const dir = mkdtempSync(path.join(tmpdir(), 'somero-e2e-'));
  process.env.SOMERO_E2E_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const runDir = process.env.SOMERO_E2E_DIR;

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
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
  webServer: {
    // Build the web app, then the API serves it and seeds the demo school (admin / demo-admin-pass).
    command: `npm run build --workspace=@somero/web -- --outDir ${runDir}/web && npx tsx apps/api/src/server.ts`,
    cwd: repoRoot,
    env: {
      PORT: String(port),
      DATA_DIR: `${runDir}/data`,
      WEB_DIST: `${runDir}/web`,
      DEMO_ADMIN_PASSWORD: 'demo-admin-pass',
      LOG_LEVEL: 'warn',
      // The provider's address is the server's setting: specs that need a provider listen here.
      SCHOOLPAY_URL: `http://127.0.0.1:${port + 1000}`,
    },
    url: `http://localhost:${port}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
