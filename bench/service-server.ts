// The API for `bench:service`: DATABASE_URL's database as `bench/service.ts` filled it, served as it is (no seeding,
// no backups, no SchoolPay pulls: only what the requests ask for). Prints "bench service ready" once it listens.
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/open.js';

const config = readConfig();
const database = await openDatabase({ ...config, migrate: false });
const app = await buildApp({ database, config });
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log('bench service ready');
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
