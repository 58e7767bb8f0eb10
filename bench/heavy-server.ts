// The server `bench/heavy.ts` measures: the demo school topped up to 3,000 current students (their photos shared
// with the demo's), and a second, small school whose user is timed while the first prints. Never in the served app.
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { hashPassword } from '../apps/api/src/core/passwords.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { seedDemoSchool } from '../apps/api/src/db/seed.js';
import { createSchool } from '../apps/api/src/modules/users/index.js';

const config = readConfig();
const database = await openDatabase(config);
const app = await buildApp({ database, config });
await seedDemoSchool(database.db, config.demoAdminPassword);
// Top the demo school's 600 students up to 3,000 current ones (copies with their own admission numbers).
await database.raw(`insert into students (school_id, admission_no, surname, other_names, gender, date_of_birth, class_id,
    stream_id, section, house, nationality, religion, district, status, entry_year, entry_term, admitted_on,
    photo_file_id, payment_code, lin)
  select school_id, 'B' || g || '-' || admission_no, surname, other_names, gender, date_of_birth, class_id, stream_id,
    section, house, nationality, religion, district, status, entry_year, entry_term, admitted_on, photo_file_id,
    case when payment_code is null then null else 'B' || g || payment_code end, lin
  from students, generate_series(1, 4) g
  where school_id = 1 and admission_no not like 'B%'`);
const [{ n }] = (await database.raw(
  `select count(*)::int as n from students where school_id = 1 and status = 'current'`,
)) as { n: number }[];
// BENCH_ANALYZE=1: the planner's statistics made (PostgreSQL's autovacuum makes them in time; the embedded
// database never does), so the figures show the documents rather than a read planned without them.
if (process.env.BENCH_ANALYZE === '1') await database.raw('analyze');
// The other school, with its own administrator.
await createSchool(database.db, {
  school: 'Other School',
  name: 'Other Administrator',
  username: 'other-admin',
  email: 'other-admin@school.example',
  passwordHash: await hashPassword(config.demoAdminPassword ?? 'bench-admin-pass'),
});
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log(`bench server ready: ${n} current students`);
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
