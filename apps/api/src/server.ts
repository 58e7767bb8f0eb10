import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { keyFileOf, resealSecrets } from './core/secrets.js';
import { DataDirInUse } from './db/lock.js';
import { MigrationFailed, openDatabase } from './db/open.js';
import { seedDemoSchool } from './db/seed.js';
import { syncEveryGateway } from './modules/fees/index.js';
import { postEverySchool } from './modules/money.js';
import { scheduleBackups } from './modules/operations/index.js';

const started = performance.now();
const config = readConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  // A second server on the same embedded database, or a migration that failed (the database was left as
  // it was): say why in one line and stop.
  if (!(error instanceof DataDirInUse || error instanceof MigrationFailed)) throw error;
  console.error(error.message);
  process.exit(1);
});
const app = await buildApp({
  database,
  config,
  logger: { level: config.logLevel, transport: undefined },
});

if (database.kind === 'pglite') {
  app.log.warn(
    `Embedded database in ${config.dataDir}. PGlite survives a killed process but is not safe against power loss; for a school's real data set DATABASE_URL=postgres://… to use PostgreSQL.`,
  );
}
// The demo school (whose simulated SchoolPay is its own: `schools.demo`). Never on PostgreSQL (a school's
// real data) unless DEMO_SCHOOL=true asks for it; DEMO_SCHOOL=false leaves the embedded database empty.
if (config.demoSchool ?? database.kind === 'pglite') {
  const seed = await seedDemoSchool(database.db, config.demoAdminPassword);
  if (seed.seeded) {
    console.log(
      seed.password
        ? `\nDemo school created. Sign in as admin with password ${seed.password}\n(printed once; set DEMO_ADMIN_PASSWORD to choose it)\n`
        : '\nDemo school created. Sign in as admin with the password in DEMO_ADMIN_PASSWORD.\n',
    );
  }
}

if (database.kind === 'postgres' && !config.secretKey) {
  app.log.warn(
    `SECRET_KEY is not set: this server seals the schools' integration passwords with the key in ${keyFileOf(config.dataDir)}. Every server process of this database needs the same key: set SECRET_KEY on each.`,
  );
}
// Money recorded before the journal existed is posted to it once (issue 12's migration).
await postEverySchool(database.db);
// Secrets kept in plain text by an earlier release, or under a key being rolled out, are sealed with the current key.
const resealed = await resealSecrets(database.db);
if (resealed) app.log.info(`${resealed} kept secret${resealed === 1 ? '' : 's'} sealed with the current key.`);

await app.listen({ port: config.port, host: config.host });
// The Prometheus figures on a port of their own (METRICS_PORT), for the operator's monitoring only.
const metricsServer =
  app.metrics && config.metricsPort !== undefined ? await app.metrics.listen(config.metricsPort, config.host) : null;
// Work queued before a restart goes on (report cards being printed, messages being sent).
await app.jobs.run().catch((error: unknown) => app.log.error({ err: error }, 'The job queue did not start'));
const ms = Math.round(performance.now() - started);
console.log(`Somero is ready on http://localhost:${config.port} (${database.kind}, ready in ${ms} ms)`);

// SchoolPay fires its webhook once, without retry: pull every school's account now and then as well.
let syncing = false;
const sync = async () => {
  if (syncing) return;
  syncing = true;
  try {
    const run = await syncEveryGateway(database.db, config.schoolpayUrl, (schoolId, error) =>
      app.log.warn({ schoolId, err: error }, 'SchoolPay sync failed for a school'),
    );
    if (run.processed) app.log.info(run, 'SchoolPay sync');
  } catch (error) {
    app.log.error({ err: error }, 'SchoolPay sync failed');
  } finally {
    syncing = false;
  }
};
if (config.onlineSyncMinutes > 0) setInterval(() => void sync(), config.onlineSyncMinutes * 60_000).unref();

// The database backs itself up (BACKUP_HOURS, BACKUP_KEEP, BACKUP_DIR) while it serves.
const stopBackups = scheduleBackups({ database, config, log: app.log });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopBackups();
    metricsServer?.close();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
