// The API with two baseline routes for the benchmark: a bare route and one raw driver query.
// They exist only here, never in the served app.
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { seedDemoSchool } from '../apps/api/src/db/seed.js';

const config = readConfig();
const database = await openDatabase(config);
const app = await buildApp({
  database,
  config,
  extraRoutes: ({ app }) => {
    app.get('/api/bench/bare', { config: { access: 'public' } }, async () => ({ data: 'ok' }));
    app.get('/api/bench/raw', { config: { access: 'public' } }, async () => ({
      data: await database.raw('select id, name from schools where id = $1', [1]),
    }));
  },
});
await seedDemoSchool(database.db, config.demoAdminPassword);
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log('bench server ready');
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
