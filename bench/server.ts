// The API with two baseline routes for the benchmark: a bare route and one raw driver query.
// They exist only here, never in the served app.
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { seedDemoSchool } from '../apps/api/src/db/seed.js';
import { feesFixture, seedFeesHistory } from './fees-data.js';
import { type MarksFixture, seedMarksClass } from './marks-data.js';

const config = readConfig();
const database = await openDatabase(config);
let fixture: Awaited<ReturnType<typeof feesFixture>> | undefined;
let marks: MarksFixture | undefined;
const app = await buildApp({
  database,
  config,
  extraRoutes: ({ app }) => {
    app.get('/api/bench/bare', { config: { access: 'public' } }, async () => ({ data: 'ok' }));
    app.get('/api/bench/raw', { config: { access: 'public' } }, async () => ({
      data: await database.raw('select id, name from schools where id = $1', [1]),
    }));
    // What the fees benchmark drives: the five-year student, the other students, a payment mode.
    app.get('/api/bench/fees', { config: { access: 'public' } }, async () => ({ data: fixture }));
    // What the marks benchmark saves: a class of 60 with a subject and an exam set.
    app.get('/api/bench/marks', { config: { access: 'public' } }, async () => ({ data: marks }));
  },
});
await seedDemoSchool(database.db, config.demoAdminPassword);
// Top the demo school's 600 students up to 3,000 (copies with their own admission numbers).
await database.raw(`insert into students (school_id, admission_no, surname, other_names, gender, date_of_birth, class_id,
    stream_id, section, house, nationality, religion, district, status, entry_year, entry_term, admitted_on)
  select school_id, 'B' || g || '-' || admission_no, surname, other_names, gender, date_of_birth, class_id, stream_id,
    section, house, nationality, religion, district, status, entry_year, entry_term, admitted_on
  from students, generate_series(1, 4) g
  where school_id = 1 and admission_no not like 'B%'`);
fixture = await feesFixture(database, await seedFeesHistory(database));
marks = await seedMarksClass(database);
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log('bench server ready');
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
