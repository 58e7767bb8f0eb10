// `npm run bench:dashboard --workspace=@somero/bench`: POST dashboard for the head administrator (every
// tile) of the 3,000-student school (the demo school topped up as in `npm run bench`, with the fees
// history student). One call at a time; prints the median and p99. Printed, not asserted (aim: < 100 ms).
// Embedded PGlite in a temporary folder, or DATABASE_URL's database (use a throwaway one: it is seeded).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { seedDemoSchool } from '../apps/api/src/db/seed.js';
import { seedFeesHistory } from './fees-data.js';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const password = 'bench-dashboard-pass';
const dataDir = mkdtempSync(path.join(tmpdir(), 'somero-dash-'));
const config = { ...readConfig({ ...process.env, DATA_DIR: dataDir }), demoAdminPassword: password };
const database = await openDatabase(config);
try {
  const app = await buildApp({ database, config });
  await seedDemoSchool(database.db, password);
  await database.raw(`insert into students (school_id, admission_no, surname, other_names, gender, date_of_birth, class_id,
      stream_id, section, house, nationality, religion, district, status, entry_year, entry_term, admitted_on)
    select school_id, 'B' || g || '-' || admission_no, surname, other_names, gender, date_of_birth, class_id, stream_id,
      section, house, nationality, religion, district, status, entry_year, entry_term, admitted_on
    from students, generate_series(1, 4) g
    where school_id = 1 and admission_no not like 'B%'`);
  await seedFeesHistory(database);
  const [{ n }] = (await database.raw(
    `select count(*)::int as n from students where school_id = 1 and status = 'current'`,
  )) as { n: number }[];
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password } });
  const token = (login.json() as { token: string }).token;
  const call = async (url = '/api/dashboard') => {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 5; i++) await call();
  // CPU time as well as wall time, so that a busy machine's figures compare: this process (all of the embedded
  // database's work) and, on a local PostgreSQL, its backends' (from /proc, 10 ms ticks).
  const backendTicks = async () => {
    if (!config.databaseUrl) return 0;
    const pids = (await database.raw('select pid from pg_stat_activity where datname = current_database()')) as {
      pid: number;
    }[];
    let ticks = 0;
    for (const { pid } of pids) {
      try {
        const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks += Number(f[11]) + Number(f[12]);
      } catch {
        // Not on this machine, or gone.
      }
    }
    return ticks;
  };
  const times: number[] = [];
  const ticks0 = await backendTicks();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) times.push(await call());
  const cpu = process.cpuUsage(cpu0);
  const serverMs = ((await backendTicks()) - ticks0) * 10;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  const kind = config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
  console.log(`POST dashboard (admin, every tile), ${n} current students, ${kind}, ${runs} calls one at a time`);
  console.log(`median ${at(0.5)} ms   p99 ${at(0.99)} ms   (aim < 100 ms)`);
  console.log(
    `CPU per call: ${((cpu.user + cpu.system) / 1000 / runs).toFixed(1)} ms in this process` +
      (config.databaseUrl ? ` + ${(serverMs / runs).toFixed(1)} ms in PostgreSQL's backends` : ''),
  );
  // The exams tiles, their own call loaded after the figures (they read whole marksheets).
  const exams: number[] = [];
  for (let i = 0; i < Math.min(runs, 10); i++) exams.push(await call('/api/dashboard_exams'));
  exams.sort((a, b) => a - b);
  console.log(
    `POST dashboard_exams (admin's academic tile): median ${exams[Math.floor(exams.length / 2)].toFixed(1)} ms over ${exams.length} calls`,
  );
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
