// Prepares the browser tests' two servers (`tsx e2e/prepare.ts`, with the run's environment): builds the web
// app into the run's folder while the demo school is seeded once, for the first server, and copied for the
// second (a PostgreSQL database made from the first as its template, or the embedded database's folder
// copied). `npm test` starts it at its very beginning, beside the code check; playwright.config.ts starts it
// when the browser tests are run alone. The servers start serving once it has marked both done.
import { spawn } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { testClockStart, testClockStartedAt } from '../apps/api/test/test-clock';
import { builtMark, dataDir, postgres, seededMark, webDir } from './servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });

/** Drops `name` when an earlier run left it and makes it anew, empty or from `template`. */
async function freshDatabase(url: string, template?: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a database name for the browser tests: ${name}`);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
}

const build = run('npm', ['run', 'build', '--workspace=@somero/web', '--', '--outDir', webDir()]).then(() =>
  writeFileSync(builtMark(), ''),
);

const seed = (async () => {
  const [first, second] = [postgres(0), postgres(1)];
  const env = {
    // Made on the servers' clock.
    CLOCK_START: testClockStart,
    CLOCK_STARTED: String(testClockStartedAt),
    DEMO_ADMIN_PASSWORD: 'demo-admin-pass',
    LOG_LEVEL: 'warn',
    ...(first ? { DATABASE_URL: first, DEMO_SCHOOL: 'true' } : { DATA_DIR: dataDir(0), DATABASE_URL: '' }),
  };
  if (first) await freshDatabase(first);
  await run('npx', ['tsx', 'e2e/support/seed-demo.ts'], env);
  if (first && second) await freshDatabase(second, decodeURIComponent(new URL(first).pathname.slice(1)));
  else {
    cpSync(dataDir(0), dataDir(1), { recursive: true });
    rmSync(path.join(dataDir(1), 'somero.lock'), { force: true });
  }
  writeFileSync(seededMark(), '');
})();

await Promise.all([build, seed]);
