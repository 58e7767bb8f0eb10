#!/usr/bin/env node
// `npm run test:citus`: the API tests on a three-node Citus cluster (a coordinator and two workers of this
// machine's PostgreSQL 15, started in a folder of their own), distributed as the previous release left it and
// upgraded by `npm run citus:distribute`. Needs Citus installed into PostgreSQL (on these machines ../shared/citus/build.sh).
// Ends with one line "N passed, N failed, N skipped". CITUS_PORT moves the cluster (9700 and the next two).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const libdir = spawnSync('pg_config', ['--pkglibdir'], { encoding: 'utf8' }).stdout?.trim();
if (!libdir || !existsSync(path.join(libdir, 'citus.so'))) {
  console.log('Citus is not installed into this machine’s PostgreSQL (no citus.so): nothing was run.');
  process.exit(1);
}
const cluster = [process.env.CITUS_CLUSTER_SCRIPT, path.join(root, 'scripts/citus-cluster.sh')].find(
  (p) => p && existsSync(p),
);
const port = Number(process.env.CITUS_PORT ?? 9700);
const dir = mkdtempSync(path.join(tmpdir(), 'somero-citus-'));
const database = 'somero_citus';
const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let status = 1;
try {
  console.log(`▶ A Citus cluster in ${dir} (coordinator on ${port}, workers on ${port + 1} and ${port + 2})`);
  if (run('bash', [cluster, 'start', dir, String(port), database]) !== 0) throw new Error('the cluster did not start');
  // Fewer shards than Citus's 32 a table: the same co-location rules, a faster start for the tests.
  const distributing = { DATABASE_URL: url, CITUS_SHARD_COUNT: '4' };
  console.log('\n▶ The previous release, migrated and distributed');
  if (run('npx', ['tsx', 'scripts/citus-before-upgrade.ts'], distributing) !== 0)
    throw new Error('the previous release could not be distributed');
  console.log(
    '\n▶ Upgraded to this release (npm run citus:distribute: the newest migration on the cluster, then the distribution)',
  );
  if (run('npx', ['tsx', 'apps/api/src/cli/citus-distribute.ts'], distributing) !== 0)
    throw new Error('the upgrade or the distribution failed');
  // Some tests make the database fail on purpose with a trigger, which Citus allows on distributed tables
  // only when asked to.
  if (run('psql', [url, '-qc', `alter database ${database} set citus.enable_unsafe_triggers to on`]) !== 0)
    throw new Error('the test settings could not be made');
  const out = path.join(dir, 'vitest.json');
  console.log('\n▶ API tests on the cluster');
  status = run(
    'npx',
    [
      'vitest',
      'run',
      // `npm run test:citus -- FILE…` runs those files alone.
      ...(process.argv.length > 2 ? process.argv.slice(2) : ['apps/api/test/']),
      // As on PostgreSQL (scripts/test.mjs): not about the database.
      '--exclude=apps/api/test/db-lock.test.ts',
      '--exclude=apps/api/test/fees-payments-crash.test.ts',
      '--exclude=apps/api/test/bad-input.test.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    { TEST_DATABASE_URL: url, SOMERO_CITUS: '1' },
  );
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    console.log(
      `\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped (API tests on a three-node Citus cluster)`,
    );
  }
} catch (error) {
  console.log(`\nThe Citus run stopped: ${error.message}.`);
} finally {
  run('bash', [cluster, 'stop', dir]);
  // What the coordinator refused, for reading after the run.
  const log = path.join(dir, 'c.log');
  if (existsSync(log)) {
    copyFileSync(log, path.join(tmpdir(), 'somero-citus-coordinator.log'));
    console.log(`The coordinator's log: ${path.join(tmpdir(), 'somero-citus-coordinator.log')}`);
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
