import { expenses, schools } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { addOperator } from '../src/modules/operator/index.js';
import { confirmedCredit, operatorPassword, signedInOperator } from './operator-fixtures.js';
import { type client, type Json, registerSchool } from './students-fixtures.js';
import { bearer, login, unique, useTestApp } from './support.js';

/**
 * The service's operator (issue 38): made on the server's command line, signed in to a console of its own, sees the
 * schools it hosts, approves, suspends and reinstates them and is the only one who adds SMS credit (the gateway
 * account is the service's). A school cannot give itself credit. Every operator action is in the activity list.
 */
const t = useTestApp();

const cashMode = async (api: ReturnType<typeof client>) => {
  const made = await api.post('/payment_options', {
    name: 'Cash',
    kind: 'cash',
    opening_balance: 1_000_000,
    opening_on: '2026-01-01',
    active: true,
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().data.id as number;
};
const nameOf = async (api: ReturnType<typeof client>) => (await api.get('/user')).json().data.school.name as string;
const balanceOf = async (api: ReturnType<typeof client>) => (await api.get('/sms_packages')).json().data;
const expenseTotal = async (schoolId: number) =>
  (await t.database.db.select().from(expenses).where(eq(expenses.schoolId, schoolId))).reduce(
    (n, e) => n + (e.status === 'valid' ? e.total : 0),
    0,
  );

describe("the service's operator", () => {
  it('signs in with the password the command line gave; a wrong one, a school user and a school token are refused', async () => {
    const op = await signedInOperator(t.app, t.database);
    const me = await op.api.get('/operator/me');
    expect(me.json().data).toMatchObject({ name: 'Jane Operator', email: op.email });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { email: op.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json().message).toBe('Wrong e-mail or password.');
    // A school's administrator is nobody on the console, and the operator is nobody in a school.
    const school = await registerSchool(t.app, t.database);
    const asAdmin = await school.api.get('/operator/schools');
    expect(asAdmin.statusCode).toBe(401);
    expect(asAdmin.json().message).toBe("Please sign in to the service's console.");
    expect((await op.api.get('/user')).statusCode).toBe(401);
    expect((await op.api.get('/students')).statusCode).toBe(401);
    // Signing out ends the console's session.
    expect((await op.api.post('/operator/logout')).statusCode).toBe(200);
    expect((await op.api.get('/operator/me')).statusCode).toBe(401);
  });

  it('lists the schools it hosts with their students, users, last sign-in and SMS credit', async () => {
    const op = await signedInOperator(t.app, t.database);
    const school = await registerSchool(t.app, t.database);
    const schoolName = await nameOf(school.api);
    const admitted = await school.api.post('/students', {
      surname: 'Nakato',
      other_names: 'Sarah',
      gender: 'F',
      class_id: school.classes.S1,
    });
    expect(admitted.statusCode, admitted.body).toBe(200);
    const mode = await cashMode(school.api);
    await confirmedCredit(t.app, t.database, { ...school }, { credits: 300, price: 12_000, mode_id: mode });
    const listed = (await op.api.get('/operator/schools')).json().data as Json[];
    const row = listed.find((s) => s.id === school.schoolId);
    expect(row).toMatchObject({
      name: schoolName,
      status: 'active',
      students: 1,
      users: 1,
      sms_credit: 300,
      sms_used_this_month: 0,
      sms_requests_waiting: 0,
      last_backup: null,
      registered_on: '2026-12-07',
    });
    expect(row?.last_sign_in).toMatch(/^2026-12-0[67]T/);
  });
});

describe('SMS credit a school cannot mint', () => {
  it("a school's own purchase of a million credits for UGX 1 gives 0 credits and records no payment", async () => {
    const school = await registerSchool(t.app, t.database);
    const schoolName = await nameOf(school.api);
    const mode = await cashMode(school.api);
    const before = await expenseTotal(school.schoolId);
    const asked = await school.api.post('/sms_packages', { credits: 1_000_000, price: 1, mode_id: mode });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ status: 'requested', credits: 1_000_000, expense_id: null });
    expect(asked.json().message).toBe(
      'Your request for 1,000,000 SMS is sent to the service. The credit is added once the service confirms your payment.',
    );
    const credit = await balanceOf(school.api);
    expect(credit.balance).toBe(0);
    expect(credit.bought).toBe(0);
    expect(credit.records_own_credit).toBe(false);
    expect(await expenseTotal(school.schoolId)).toBe(before);
    // The service declines it, saying why; the school sees the reason and still has nothing.
    const op = await signedInOperator(t.app, t.database, 'Ruth Service');
    const waiting = (await op.api.get('/operator/sms_requests')).json().data as Json[];
    const request = waiting.find((r) => r.school_id === school.schoolId);
    expect(request).toMatchObject({ credits: 1_000_000, price: 1, mode: 'Cash', school: schoolName });
    const declined = await op.api.post(`/operator/sms_requests/${request?.id}/decline`, {
      school_id: school.schoolId,
      reason: 'No payment of UGX 1 buys a million messages',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const after = await balanceOf(school.api);
    expect(after.balance).toBe(0);
    expect(after.packages[0]).toMatchObject({
      status: 'declined',
      decided_by: 'Somero service: Ruth Service',
      decision_note: 'No payment of UGX 1 buys a million messages',
    });
    // A decided request cannot be confirmed after all.
    const again = await op.api.post(`/operator/sms_requests/${request?.id}/confirm`, { school_id: school.schoolId });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe('This request was already declined.');
    expect(after.balance).toBe(0);
  });

  it("confirming a request adds the credit and records the school's payment from the mode it named", async () => {
    const school = await registerSchool(t.app, t.database);
    const mode = await cashMode(school.api);
    const before = await expenseTotal(school.schoolId);
    const confirmed = await confirmedCredit(
      t.app,
      t.database,
      { ...school },
      { package: 'term', mode_id: mode, reference: 'MM-4471' },
    );
    expect(confirmed).toMatchObject({ status: 'confirmed', credits: 2_000, price: 70_000, mode: 'Cash' });
    expect(confirmed.expense_id).toBeGreaterThan(0);
    expect(await expenseTotal(school.schoolId)).toBe(before + 70_000);
    expect((await balanceOf(school.api)).balance).toBe(2_000);
    // In the school's own audit trail, the service is who confirmed it.
    const trail = (await school.api.post('/audits', { module: 'notifications', per_page: 20 })).json().data as Json[];
    expect(trail.some((a) => a.action === 'confirm' && a.user === 'Somero service: Credit Desk')).toBe(true);
  });

  it('the operator grants credit with a price and a reference; the school sees it among its packages', async () => {
    const school = await registerSchool(t.app, t.database);
    const schoolName = await nameOf(school.api);
    const op = await signedInOperator(t.app, t.database);
    const refused = await op.api.post(`/operator/schools/${school.schoolId}/sms_credit`, { credits: 0, price: 10 });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['credits', 'reference']);
    const granted = await op.api.post(`/operator/schools/${school.schoolId}/sms_credit`, {
      credits: 500,
      price: 20_000,
      reference: 'INV-2026-031',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.sms_credit).toBe(500);
    const seen = await balanceOf(school.api);
    expect(seen.balance).toBe(500);
    expect(seen.packages[0]).toMatchObject({
      name: '500 SMS from the service',
      credits: 500,
      price: 20_000,
      reference: 'INV-2026-031',
      status: 'confirmed',
      expense_id: null,
    });
    const activity = (await op.api.get('/operator/activity')).json().data as Json[];
    expect(activity[0]).toMatchObject({
      operator: 'Jane Operator',
      action: 'grant_sms',
      school: schoolName,
      summary: `Granted 500 SMS to ${schoolName} for UGX 20,000 (INV-2026-031)`,
    });
  });

  it('a school on its own server records its own purchase only where the server allows it', async () => {
    const own = await buildApp({ database: t.database, config: { ...t.config, schoolsRecordSmsCredit: true } });
    try {
      const school = await registerSchool(own, t.database);
      const mode = await cashMode(school.api);
      const bought = await school.api.post('/sms_packages', { credits: 100, price: 4_000, mode_id: mode });
      expect(bought.json().data).toMatchObject({ status: 'confirmed' });
      expect(bought.json().message).toBe('SMS credit added');
      expect((await balanceOf(school.api)).balance).toBe(100);
    } finally {
      await own.close();
    }
  });
});

describe('suspending and approving schools', () => {
  it("a suspended school's people are refused with the reason, nothing is deleted, and reinstating lets them in", async () => {
    const school = await registerSchool(t.app, t.database);
    const schoolName = await nameOf(school.api);
    const op = await signedInOperator(t.app, t.database);
    const short = await op.api.post(`/operator/schools/${school.schoolId}/suspend`, { reason: '' });
    expect(short.statusCode).toBe(422);
    const suspended = await op.api.post(`/operator/schools/${school.schoolId}/suspend`, {
      reason: 'The service fee for Term 3 is unpaid',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().data).toMatchObject({
      status: 'suspended',
      status_reason: 'The service fee for Term 3 is unpaid',
    });
    // The session already open ends at once, with the reason.
    const call = await school.api.get('/students');
    expect(call.statusCode).toBe(401);
    const message =
      "Your school's use of Somero is suspended (The service fee for Term 3 is unpaid). Nothing is deleted. Please contact the service that hosts Somero for your school.";
    expect(call.json().message).toBe(message);
    // Signing in again: a wrong password says no more than for anyone; the right one gives the reason.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: school.adminUsername, password: 'wrong password' },
    });
    expect(wrong.json().message).toBe('Wrong user name or password.');
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: school.adminUsername, password: school.password },
    });
    expect(right.statusCode).toBe(202);
    expect(right.json().message).toBe(message);
    const twice = await op.api.post(`/operator/schools/${school.schoolId}/suspend`, { reason: 'Again, to be sure' });
    expect(twice.json().message).toBe(`${schoolName} is already suspended.`);
    // Lifted: the school works as it was.
    const lifted = await op.api.post(`/operator/schools/${school.schoolId}/reinstate`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    const token = await login(t.app, school.adminUsername);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/classes', headers: bearer(token) })).json().data,
    ).toHaveLength(6);
    const activity = (await op.api.get('/operator/activity')).json().data as Json[];
    expect(activity.slice(0, 2).map((a) => a.summary)).toEqual([
      `Reinstated ${schoolName}`,
      `Suspended ${schoolName}: The service fee for Term 3 is unpaid`,
    ]);
  });

  it('on a server that asks, a new school waits for approval before its first sign-in', async () => {
    const asks = await buildApp({ database: t.database, config: { ...t.config, schoolsNeedApproval: true } });
    try {
      const username = unique('head');
      const registered = await asks.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          school: 'Kabale Hill College',
          name: 'Grace Tumwine',
          username,
          email: `${username}@school.example`,
          password: 'password123',
        },
      });
      expect(registered.statusCode, registered.body).toBe(202);
      expect(registered.json().message).toBe(
        `Kabale Hill College is registered. The service approves each new school before its first sign-in: you can sign in as ${username} once it is approved.`,
      );
      const early = await asks.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'password123' },
      });
      expect(early.json().message).toBe(
        'Your school is registered and waiting for the service to approve it. You can sign in once it is approved.',
      );
      const op = await signedInOperator(asks, t.database);
      const pending = ((await op.api.get('/operator/schools')).json().data as Json[]).find(
        (s) => s.status === 'pending' && s.name === 'Kabale Hill College',
      );
      expect(pending).toBeDefined();
      const approved = await op.api.post(`/operator/schools/${pending?.id}/approve`);
      expect(approved.json().message).toBe('Kabale Hill College is approved: its people can sign in.');
      const after = await asks.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'password123' },
      });
      expect(after.statusCode, after.body).toBe(200);
      const again = await op.api.post(`/operator/schools/${pending?.id}/approve`);
      expect(again.json().message).toBe('Kabale Hill College is already reinstated.');
    } finally {
      await asks.close();
    }
  });
});

describe('the command that makes operators', () => {
  it('gives an existing operator a new password and ends their sessions', async () => {
    const op = await signedInOperator(t.app, t.database);
    await addOperator(t.database.db, {
      name: 'Jane Operator',
      email: op.email.toUpperCase(),
      password: 'a new long password',
    });
    expect((await op.api.get('/operator/me')).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { email: op.email, password: operatorPassword },
    });
    expect(old.statusCode).toBe(202);
    const rows = await t.database.db
      .select()
      .from(schools)
      .where(and(eq(schools.status, 'active')));
    expect(rows.length).toBeGreaterThan(0);
  });
});
