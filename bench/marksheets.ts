// `npm run bench:marksheets --workspace=@somero/bench`: the three class marksheets of a 500-student
// class (12 subjects and 3 sets; A-Level 3 principals of 3 papers, General Paper and a subsidiary; the
// new curriculum with 3 competences a subject), one call at a time. Printed, not asserted (aim < 300 ms).
// Plain SQL makes the data: a fixture, not the way the app writes. With DATABASE_URL the run makes a
// database of its own beside it and drops it at the end; else an embedded one in a temporary folder.
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { benchDatabase, seedExamsSchool } from './exams-data.js';

const size = 500;
const { database, databaseUrl, close } = await benchDatabase('marksheets');
const _q = database.raw;
try {
  const { username, password, y, t, classIds } = await seedExamsSchool(database, { size });
  const app = await buildApp({ database, config: { ...readConfig({}), databaseUrl } });
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const token = (login.json() as { token: string }).token;
  const time = async (call: string, className: string) => {
    const body = { year: y, term: t, class_id: classIds[className] };
    const once = async () => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/${call}`,
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`${call}: ${res.statusCode} ${res.body}`);
      return performance.now() - t0;
    };
    const first = await once();
    const times: number[] = [];
    for (let i = 0; i < 15; i++) times.push(await once());
    times.sort((a, b) => a - b);
    console.log(
      `POST ${call.padEnd(26)} median ${Math.round(times[7] as number)} ms, slowest ${Math.round(times.at(-1) as number)} ms of 15   (${size} students; first call ${Math.round(first)} ms; aim < 300 ms)`,
    );
  };
  console.log(`Marksheets on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}: ${size} students a class, 3 sets\n`);
  await time('oLevel_marksheet', 'S3');
  await time('export-marksheet', 'S3');
  await time('alevel/marksheet', 'S5');
  await time('new_curriculum_marksheet', 'S1');
  await app.close();
} finally {
  await close();
}
