import { journalEntries, journalLines, paymentModes } from '@somero/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/core/passwords.js';
import { SchoolScope } from '../src/core/scope.js';
import { fillDemoSchool } from '../src/db/demo-data.js';
import { sqlRows } from '../src/db/open.js';
import { trialBalance } from '../src/modules/journal/index.js';
import { postUnposted } from '../src/modules/money.js';
import { createSchool } from '../src/modules/users/index.js';
import { admit, client, type Json, registerSchool } from './students-fixtures.js';
import { login, refusingPostingsOf, unique, useTestApp } from './support.js';

/**
 * One journal for all money (issue 12 §1): the demo school's documents, written straight to their tables
 * as a school's records were before the journal, are posted by the migration step; every entry
 * balances, the trial balance sums to zero, and each mode's statement agrees with its documents.
 */
const t = useTestApp();

/**
 * A mode's money by its documents, summed as the statement did before the journal (valid documents
 * only): the independent reference the journal must agree with.
 */
async function byDocuments(schoolId: number, modeId: number) {
  const [row] = await sqlRows<{ net: string }>(
    t.database.db,
    sql`select
      (select opening_balance from payment_modes where school_id = ${schoolId} and id = ${modeId})
      + coalesce((select sum(amount) from fees_payments where school_id = ${schoolId} and mode_id = ${modeId} and status = 'valid'), 0)
      + coalesce((select sum(amount) from old_payments where school_id = ${schoolId} and mode_id = ${modeId} and status = 'valid'), 0)
      + coalesce((select sum(amount) from revenues where school_id = ${schoolId} and mode_id = ${modeId} and status = 'valid'), 0)
      - coalesce((select sum(total) from expenses where school_id = ${schoolId} and status = 'valid'
          and ((not on_credit and mode_id = ${modeId}) or (on_credit and cleared_mode_id = ${modeId}))), 0)
      + coalesce((select sum(case when to_mode_id = ${modeId} then amount else -amount end) from money_transfers
          where school_id = ${schoolId} and status = 'valid' and (from_mode_id = ${modeId} or to_mode_id = ${modeId})), 0)
      as net`,
  );
  return Number(row?.net);
}

/** Entries of a school whose debits and credits differ (none, ever). */
const unbalancedEntries = (schoolId: number) =>
  sqlRows<{ id: number }>(
    t.database.db,
    sql`select entry_id as id from journal_lines where school_id = ${schoolId}
        group by entry_id having sum(debit) <> sum(credit)`,
  );

describe('the demo school in the journal', () => {
  let schoolId: number;
  let api: ReturnType<typeof client>;
  let modes: { id: number; name: string }[];
  const statements = async () =>
    Promise.all(modes.map(async (m) => (await api.get(`/payment_options/${m.id}?from=2025-01-01`)).json().data));

  beforeAll(async () => {
    const username = unique('journal');
    const { school, owner } = await createSchool(t.database.db, {
      school: unique('Journal Demo '),
      name: 'Demo Administrator',
      username,
      email: `${username}@school.example`,
      passwordHash: await hashPassword('demo-pass-123'),
    });
    schoolId = school.id;
    await fillDemoSchool(t.database.db, school.id, owner.id);
    api = client(t.app, await login(t.app, username, 'demo-pass-123'));
    modes = await t.database.db
      .select({ id: paymentModes.id, name: paymentModes.name })
      .from(paymentModes)
      .where(eq(paymentModes.schoolId, schoolId));
  }, 120_000);

  // Shares this file's one seeding of the demo (a minute on the embedded database): missing marks (issue 10 §6).
  it('has this term’s BOT, MOT and EOT marks in every class, with a few missing and a couple absent', async () => {
    const ok = async (res: Promise<{ statusCode: number; body: string; json: () => Json }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as Json;
    };
    const whole = await ok(api.post('/missing/marks', {}));
    expect(whole.sets.map((s: Json) => s.name)).toEqual(['BOT', 'MOT', 'EOT', 'Mock']);
    // The set being chased is the latest with marks: EOT (the Mock has none yet).
    expect(whole.exam_set_id).toBe(whole.sets[2].id);
    expect(whole.totals.missing).toBeGreaterThan(0);
    expect(whole.totals.missing).toBeLessThan(whole.totals.takers / 20);
    for (const set of (whole.sets as Json[]).slice(0, 3)) {
      const of = await ok(api.post('/missing/marks', { exam_set_id: set.id }));
      expect(of.totals.entered, set.name).toBeGreaterThan(of.totals.takers * 0.9);
      expect(of.totals.absent, set.name).toBeGreaterThan(0);
    }
    // The Mock is S4's and S6's only: fewer takers than the whole school's, none entered yet.
    const mock = await ok(api.post('/missing/marks', { exam_set_id: whole.sets[3].id }));
    expect(mock.totals.entered).toBe(0);
    expect(mock.totals.takers).toBeGreaterThan(0);
    expect(mock.totals.takers).toBeLessThan(whole.totals.takers / 2);
    const classes = (await ok(api.get('/classes?per_page=50'))) as Json[];
    expect(classes.map((c) => c.name)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
    for (const c of classes) {
      const path = c.level === 'alevel' ? '/alevel_class_missing_marks' : '/class_missing_marks';
      const one = await ok(api.post(path, { class_id: c.id }));
      expect(one.totals.entered, c.name).toBeGreaterThan(0);
      // Every subject line has a teacher from the demo's teaching load.
      expect(
        (one.teachers as Json[]).filter((g) => g.staff_ids.length === 0),
        c.name,
      ).toEqual([]);
    }
    // Eleven reads of whole marksheets of the demo school: about 30 s on the embedded database on a busy machine.
  }, 120_000);

  // Also shares the seeding: the demo's guardians can be e-mailed as well as texted (issue 15).
  it('gives a third of the guardians an e-mail address, so an e-mail to guardians reaches them and lists the rest', async () => {
    const res = await api.post('/send_email', {
      audience: 'guardians',
      subject: 'Visiting day',
      message: 'Dear parent, visiting day is on Saturday.',
      preview: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const all = d.recipients + d.skipped;
    expect(d.recipients).toBeGreaterThan(all / 4);
    expect(d.recipients).toBeLessThan(all / 2);
    expect(d.preview[0].email).toMatch(/^[a-z]+\.[a-z]+\d+@gmail\.com$/);
    expect(d.message_id).toBeNull();
  });

  it('posts every valid document once; every entry balances and the trial balance sums to zero', async () => {
    const [counts] = await sqlRows<Record<string, string>>(
      t.database.db,
      sql`select
        (select count(*) from fees_payments where school_id = ${schoolId} and status = 'valid') as fees,
        (select count(*) from journal_entries where school_id = ${schoolId} and source_kind = 'fees_payment') as fees_entries,
        (select count(*) from revenues where school_id = ${schoolId} and status = 'valid') as revenues,
        (select count(*) from journal_entries where school_id = ${schoolId} and source_kind = 'revenue') as revenue_entries,
        (select count(*) from expenses where school_id = ${schoolId} and status = 'valid') as expenses,
        (select count(*) from journal_entries where school_id = ${schoolId} and source_kind = 'expense') as expense_entries`,
    );
    expect(Number(counts?.fees)).toBeGreaterThan(1000);
    expect(counts?.fees_entries).toBe(counts?.fees);
    expect(Number(counts?.revenues)).toBeGreaterThan(0);
    expect(counts?.revenue_entries).toBe(counts?.revenues);
    expect(Number(counts?.expenses)).toBeGreaterThan(0);
    expect(counts?.expense_entries).toBe(counts?.expenses);
    expect(await unbalancedEntries(schoolId)).toEqual([]);
    const scope = new SchoolScope(t.database.db, schoolId, { userId: null, name: 'Test' });
    const accounts = await trialBalance(scope);
    const sum = (k: 'debit' | 'credit') =>
      accounts.reduce((n, a) => n + a.debit * (k === 'debit' ? 1 : 0) + a.credit * (k === 'credit' ? 1 : 0), 0);
    expect(sum('debit')).toBeGreaterThan(0);
    expect(sum('debit')).toBe(sum('credit'));
    // Fees income is every valid fees payment, to the shilling.
    const [fees] = await sqlRows<{ total: string }>(
      t.database.db,
      sql`select sum(amount) as total from fees_payments where school_id = ${schoolId} and status = 'valid'`,
    );
    expect(accounts.find((a) => a.key === 'fees_income')?.balance).toBe(Number(fees?.total));
  });

  it("agrees with each mode's documents, to the shilling", async () => {
    for (const s of await statements()) {
      expect(s.closing_balance, s.mode.name).toBe(await byDocuments(schoolId, s.mode.id));
      expect(s.closing_balance).toBe(s.opening_balance + s.total_in - s.total_out);
    }
  });

  it('the migration posts the same again: statements and fees totals are unchanged, and it runs once', async () => {
    const before = await statements();
    const feesBefore = (await api.post('/fees_summary', {})).json();
    const scope = new SchoolScope(t.database.db, schoolId, { userId: null, name: 'Test' });
    // As before the journal: no entries at all.
    await t.database.db.delete(journalLines).where(eq(journalLines.schoolId, schoolId));
    await t.database.db.delete(journalEntries).where(eq(journalEntries.schoolId, schoolId));
    const emptied = await statements();
    expect(emptied.every((s: Json) => s.lines.length === 0)).toBe(true);
    const posted = await postUnposted(scope);
    expect(posted.fees_payment).toBeGreaterThan(1000);
    expect(await statements()).toEqual(before);
    expect((await api.post('/fees_summary', {})).json()).toEqual(feesBefore);
    // Run again (every start of the server does): nothing more.
    expect(Object.values(await postUnposted(scope)).every((n) => n === 0)).toBe(true);
    expect(await statements()).toEqual(before);
  });
});

describe('posting is part of the document', () => {
  it('a payment or a revenue whose posting fails is not recorded, and takes no receipt number', async () => {
    const school = await registerSchool(t.app, t.database);
    const mode = await school.api.post('/payment_options', {
      name: 'Cash',
      kind: 'cash',
      opening_balance: 0,
      opening_on: '2026-01-01',
      active: true,
    });
    const modeId = mode.json().data.id;
    const studentId = (await admit(school)).id;
    const first = await school.api.post('/fees_payments', {
      student_id: studentId,
      amount: 50_000,
      mode_id: modeId,
      confirm: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    // The database refuses journal lines of 13,131 shillings: the document must go with its posting.
    await refusingPostingsOf(t.database, 13_131, async () => {
      const failed = await school.api.post('/fees_payments', {
        student_id: studentId,
        amount: 13_131,
        mode_id: modeId,
        confirm: true,
      });
      expect(failed.statusCode, failed.body).toBe(500);
      const revenueSetUp = await school.api.post('/revenue_categories', { name: 'Sales' });
      const source = await school.api.post('/revenue_sources', {
        name: 'Sale of maize',
        category_id: revenueSetUp.json().data.id,
      });
      const revenue = await school.api.post('/revenues', {
        source_id: source.json().data.id,
        amount: 13_131,
        mode_id: modeId,
      });
      expect(revenue.statusCode, revenue.body).toBe(500);
      expect((await school.api.get('/revenues')).json().total).toBe(0);
    });
    const next = await school.api.post('/fees_payments', {
      student_id: studentId,
      amount: 20_000,
      mode_id: modeId,
      confirm: true,
    });
    expect(next.statusCode, next.body).toBe(200);
    const list = (await school.api.post('/view_fees_payments', { student_id: studentId })).json();
    expect(list.data.map((p: Json) => [p.receipt_no, p.amount])).toEqual([
      [2, 20_000],
      [1, 50_000],
    ]);
    const statement = (await school.api.get(`/payment_options/${modeId}`)).json().data;
    expect(statement.lines.map((l: Json) => l.money_in)).toEqual([50_000, 20_000]);
    expect(statement.closing_balance).toBe(70_000);
  });
});

describe('a closed financial year', () => {
  it('refuses payments, revenues and transfers dated in it; the open year takes them', async () => {
    const school = await registerSchool(t.app, t.database);
    const year = (name: string, more: Json = {}) => ({
      name,
      starts_on: `${name}-01-01`,
      ends_on: `${name}-12-31`,
      ...more,
    });
    expect((await school.api.post('/fyear', year('2026', { is_current: true }))).statusCode).toBe(200);
    const last = await school.api.post('/fyear', year('2025'));
    expect(last.statusCode, last.body).toBe(200);
    const closed = await school.api.put(`/fyear/${last.json().data.id}`, year('2025', { status: 'closed' }));
    expect(closed.statusCode, closed.body).toBe(200);
    const cash = (
      await school.api.post('/payment_options', {
        name: 'Cash',
        kind: 'cash',
        opening_balance: 0,
        opening_on: '2025-01-01',
      })
    ).json().data.id;
    const bank = (
      await school.api.post('/payment_options', {
        name: 'Bank',
        kind: 'bank',
        opening_balance: 0,
        opening_on: '2025-01-01',
      })
    ).json().data.id;
    const student = (await admit(school)).id;
    const pay = (paid_on: string) =>
      school.api.post('/fees_payments', { student_id: student, amount: 10_000, mode_id: cash, paid_on, confirm: true });
    const late = await pay('2025-12-31');
    expect(late.statusCode).toBe(202);
    expect(late.json().message).toBe('The financial year 2025 is closed: no payment can be dated in it.');
    const transfer = await school.api.post('/money_transfers', {
      from_mode_id: cash,
      to_mode_id: bank,
      amount: 1_000,
      transferred_on: '2025-06-30',
    });
    expect(transfer.statusCode).toBe(202);
    expect(transfer.json().message).toBe('The financial year 2025 is closed: no new postings dated 30 Jun 2025.');
    expect((await school.api.get('/money_transfers')).json().total).toBe(0);
    // The open year: taken, numbered from 1 (the refused one took no number).
    const ok = await pay('2026-01-02');
    expect(ok.statusCode, ok.body).toBe(200);
    const list = (await school.api.post('/view_fees_payments', { student_id: student })).json().data as Json[];
    expect(list.map((p) => [p.receipt_no, p.paid_on])).toEqual([[1, '2026-01-02']]);
  });
});

describe("a payment mode's opening balance", () => {
  it('is posted on its opening day, corrected where it stands, and opens the statement and the cash flow', async () => {
    const school = await registerSchool(t.app, t.database);
    const scope = new SchoolScope(t.database.db, school.schoolId, { userId: null, name: 'Test' });
    const made = await school.api.post('/payment_options', {
      name: 'Centenary Bank',
      kind: 'bank',
      opening_balance: 2_500_000,
      opening_on: '2026-01-01',
    });
    expect(made.statusCode, made.body).toBe(200);
    const bank = made.json().data.id;
    const balances = async () =>
      Object.fromEntries((await trialBalance(scope)).map((a) => [a.key, [a.debit, a.credit, a.balance]]));
    expect(await balances()).toEqual({
      [`mode:${bank}`]: [2_500_000, 0, 2_500_000],
      opening_balances: [0, 2_500_000, 2_500_000],
    });
    // A new name posts nothing; a corrected balance is reversed and posted again on the opening day.
    await school.api.put(`/payment_options/${bank}`, { name: 'Centenary Bank (Mukono)' });
    expect((await balances())[`mode:${bank}`]).toEqual([2_500_000, 0, 2_500_000]);
    const fixed = await school.api.put(`/payment_options/${bank}`, { opening_balance: 2_000_000 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await balances()).toEqual({
      [`mode:${bank}`]: [4_500_000, 2_500_000, 2_000_000],
      opening_balances: [2_500_000, 4_500_000, 2_000_000],
    });
    const statement = (await school.api.get(`/payment_options/${bank}`)).json().data;
    expect(statement).toMatchObject({
      from: '2026-01-01',
      opening_balance: 2_000_000,
      lines: [],
      closing_balance: 2_000_000,
    });
    const flow = (await school.api.post('/cash_flow', { from: '2026-01-01', to: '2026-01-31' })).json().data;
    expect(flow.total).toMatchObject({ opening: 2_000_000, closing: 2_000_000 });
  });
});
