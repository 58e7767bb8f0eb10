// `npm run bench:payroll --workspace=@somero/bench`: a 120-staff school's month prepared (PAYE, NSSF, LST,
// deductions, advances) and paid from a mode in one go, then the month's payslips as one PDF. Printed, not
// asserted (aim: prepare and pay under 2 s). With DATABASE_URL the run makes a database of its own beside
// it and drops it at the end; else an embedded one in a temporary folder.
import { buildApp } from '../apps/api/src/app.js';
import { readConfig } from '../apps/api/src/config.js';
import { hashPassword } from '../apps/api/src/core/passwords.js';
import { createSchool } from '../apps/api/src/modules/users/index.js';
import { benchDatabase } from './exams-data.js';

const staffCount = 120;
const { database, databaseUrl, close } = await benchDatabase('payroll');
try {
  const username = `payroll${process.pid}`;
  const password = 'bench-payroll-pass';
  await createSchool(database.db, {
    school: 'Payroll Bench SS',
    name: 'Bench Administrator',
    username,
    email: `${username}@bench.example`,
    passwordHash: await hashPassword(password),
  });
  const app = await buildApp({ database, config: { ...readConfig({}), databaseUrl } });
  const token = (
    (await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })).json() as {
      token: string;
    }
  ).token;
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({
      method,
      url: `/api/${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const mode = (
    await call('POST', 'payment_options', { name: 'Bank', kind: 'bank', opening_balance: 0, opening_on: '2026-01-01' })
  ).json().data.id as number;
  // Staff on salaries from 300,000 to 3,000,000, a third with an allowance, a quarter with a SACCO
  // deduction, ten with an advance being recovered.
  for (let i = 0; i < staffCount; i++) {
    const id = (
      await call('POST', 'staff', {
        name: `Bench Staff ${i}`,
        initials: `B${i}`,
        basic_salary: 300_000 + ((i * 23_000) % 2_700_000),
        active: true,
      })
    ).json().data.id as number;
    if (i % 3 === 0)
      await call('POST', 'staff_allowances', { staff_id: id, name: 'Housing', amount: 150_000, active: true });
    if (i % 4 === 0)
      await call('POST', 'salary_deductions', { staff_id: id, name: 'SACCO', amount: 40_000, active: true });
    if (i % 12 === 0)
      await call('POST', 'advances', {
        staff_id: id,
        amount: 300_000,
        mode_id: mode,
        months: 3,
        consent: 'Signed form',
      });
  }
  const t0 = performance.now();
  await call('POST', 'salary_temp', { year: 2026, month: 9 });
  const t1 = performance.now();
  const paid = (
    await call('POST', 'pay_salary_all', { year: 2026, month: 9, mode_id: mode, paid_on: '2026-09-28' })
  ).json().data as { paid: number };
  const t2 = performance.now();
  const slips = await call('POST', 'salary_report', { year: 2026, month: 9, kind: 'payslips' });
  const t3 = performance.now();
  const ms = (a: number, b: number) => `${Math.round(b - a)} ms`;
  console.log(`Payroll on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}: ${staffCount} staff\n`);
  console.log(`prepare the month     ${ms(t0, t1)}`);
  console.log(`pay all (${paid.paid})         ${ms(t1, t2)}   (prepare + pay ${ms(t0, t2)}; aim < 2000 ms)`);
  console.log(
    `payslips PDF          ${ms(t2, t3)}   (${Math.round(slips.rawPayload.length / 1024)} KB, ${paid.paid} pages)`,
  );
  await app.close();
} finally {
  await close();
}
