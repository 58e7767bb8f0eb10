// `npm run bench:attendance --workspace=@somero/bench`: a 3,000-student school's gate at 7 am (600
// check-ins in a burst, 50 at a time) and the month's attendance summary of every student (one SQL
// aggregation over a month of check-ins and register marks). Printed, not asserted (aim: the summary
// under 300 ms). With DATABASE_URL the run makes a database of its own beside it and drops it at the
// end; else an embedded one in a temporary folder.
import { classes, classRegister, gateAttendance, students } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { hashPassword } from '../apps/api/src/core/passwords.js';
import { createSchool } from '../apps/api/src/modules/users/index.js';
import { benchDatabase } from './exams-data.js';

const studentCount = 3000;
const burst = 600;
const month = { from: '2026-10-01', to: '2026-10-31' };
const { database, databaseUrl, close } = await benchDatabase('attendance');
try {
  const username = `attendance${process.pid}`;
  const password = 'bench-attendance-pass';
  const { school } = await createSchool(database.db, {
    school: 'Attendance Bench SS',
    name: 'Bench Administrator',
    username,
    email: `${username}@bench.example`,
    passwordHash: await hashPassword(password),
  });
  const schoolId = school.id;
  const app = await buildApp({ database, config: { ...readConfig({}), databaseUrl } });
  const token = (
    (await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })).json() as {
      token: string;
    }
  ).token;
  const call = async (url: string, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const db = database.db;
  const classRows = await db.select().from(classes).where(eq(classes.schoolId, schoolId));
  // 3,000 students over S1–S6, written straight to the table (admission is not what is measured).
  const rows = Array.from({ length: studentCount }, (_, i) => ({
    schoolId,
    admissionNo: `B/${String(i + 1).padStart(5, '0')}`,
    surname: `Bench${i}`,
    otherNames: 'Student',
    gender: i % 2 ? 'M' : 'F',
    classId: classRows[i % classRows.length]?.id as number,
    entryYear: 2026,
    entryTerm: 1,
    admittedOn: '2026-02-02',
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(students).values(rows.slice(i, i + 500));
  const pupils = await db
    .select({ id: students.id, classId: students.classId, no: students.admissionNo })
    .from(students)
    .where(and(eq(students.schoolId, schoolId)));
  // October's school days: every student through the gate on 95 % of them; S2's register marked.
  const s2 = classRows.find((c) => c.name === 'S2')?.id;
  const gate: (typeof gateAttendance.$inferInsert)[] = [];
  const register: (typeof classRegister.$inferInsert)[] = [];
  for (let d = 1; d <= 31; d++) {
    const day = `2026-10-${String(d).padStart(2, '0')}`;
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6 || day === '2026-10-09') continue;
    for (const [i, p] of pupils.entries()) {
      const away = (i * 7 + d) % 20 === 0;
      if (!away)
        gate.push({
          schoolId,
          person: 'student',
          studentId: p.id,
          classId: p.classId,
          day,
          checkedInAt: new Date(`${day}T04:${String(i % 60).padStart(2, '0')}:00Z`),
          checkedInBy: 'Bench',
        });
      if (p.classId === s2)
        register.push({
          schoolId,
          studentId: p.id,
          classId: p.classId,
          day,
          status: away ? 'absent' : i % 15 === 0 ? 'late' : 'present',
          markedBy: 'Bench',
        });
    }
  }
  for (let i = 0; i < gate.length; i += 1000) await db.insert(gateAttendance).values(gate.slice(i, i + 1000));
  for (let i = 0; i < register.length; i += 1000) await db.insert(classRegister).values(register.slice(i, i + 1000));
  if (databaseUrl) await database.raw('analyze');

  // The gate at 7 am: 600 admission numbers typed or scanned, 50 desks' worth at a time.
  const t0 = performance.now();
  for (let i = 0; i < burst; i += 50)
    await Promise.all(pupils.slice(i, i + 50).map((p) => call('student/attendance', { code: p.no })));
  const t1 = performance.now();
  await call('student/attendance/summary', month);
  const t2 = performance.now();
  const summary = (await call('student/attendance/summary', month)).json().data as {
    school_days: number;
    rows: unknown[];
  };
  const t3 = performance.now();
  const ms = (a: number, b: number) => `${Math.round(b - a)} ms`;
  console.log(
    `Attendance on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}: ${studentCount} students, ${gate.length} October check-ins\n`,
  );
  console.log(`${burst} gate check-ins      ${ms(t0, t1)}   (${Math.round((t1 - t0) / burst)} ms each on average)`);
  console.log(`month summary (first)  ${ms(t1, t2)}`);
  console.log(
    `month summary          ${ms(t2, t3)}   (${summary.rows.length} students, ${summary.school_days} school days; aim < 300 ms)`,
  );
  await app.close();
} finally {
  await close();
}
