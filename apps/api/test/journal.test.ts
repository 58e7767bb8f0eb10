import { feesPayments, journalEntries, journalLines } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchoolScope } from '../src/core/scope.js';
import { postEntry, reverseSource, trialBalance } from '../src/modules/journal/index.js';
import {
  accountOfRecord,
  balanceOf,
  reversalOf,
  standardAccounts,
  unbalanced,
} from '../src/modules/journal/journal-rules.js';
import { postUnposted } from '../src/modules/money.js';
import { payFees } from './guardian-fixtures.js';
import { admit, client, registerSchool } from './students-fixtures.js';
import { newSchool, type TestSchool, useTestApp } from './support.js';

/** The journal every shilling goes through (issue 12 §1): balanced entries, reversals, the trial balance. */
const t = useTestApp();

describe('journal rules', () => {
  it('refuse an entry that does not balance or whose lines are not one-sided whole shillings', () => {
    expect(unbalanced([{ account: 'mode:1', debit: 100 }])).toBe('An entry needs at least two lines');
    expect(
      unbalanced([
        { account: 'mode:1', debit: 100 },
        { account: 'fees_income', credit: 90 },
      ]),
    ).toBe('Debits (100) and credits (90) differ by 10');
    expect(
      unbalanced([
        { account: 'mode:1', debit: 100, credit: 100 },
        { account: 'fees_income', credit: 0 },
      ]),
    ).toBe('Line 1: a line debits or credits, one of the two');
    expect(
      unbalanced([
        { account: 'mode:1', debit: 0.5 },
        { account: 'fees_income', credit: 0.5 },
      ]),
    ).toBe('Line 1: whole shillings only');
    expect(
      unbalanced([
        { account: 'mode:1', debit: 100 },
        { account: 'fees_income', credit: -100 },
      ]),
    ).toBe('Line 2: no negative amounts; post the other side instead');
    expect(
      unbalanced([
        { account: 'mode:1', debit: -100 },
        { account: 'fees_income', credit: 0 },
      ]),
    ).toBe('Line 1: no negative amounts; post the other side instead');
    expect(
      unbalanced([
        { account: 'mode:1', debit: 150_000 },
        { account: 'fees_income', credit: 100_000 },
        { account: 'revenue:2', credit: 50_000 },
      ]),
    ).toBeNull();
  });

  it('reverse each line to the other side, and read balances on their normal side', () => {
    expect(
      reversalOf([
        { key: 'mode:1', debit: 100, credit: 0 },
        { key: 'fees_income', debit: 0, credit: 100 },
      ]),
    ).toEqual([
      { key: 'mode:1', debit: 0, credit: 100 },
      { key: 'fees_income', debit: 100, credit: 0 },
    ]);
    expect(balanceOf('asset', 300, 100)).toBe(200);
    expect(balanceOf('expense', 300, 100)).toBe(200);
    expect(balanceOf('income', 100, 300)).toBe(200);
    expect(balanceOf('liability', 100, 300)).toBe(200);
    expect(balanceOf('equity', 100, 300)).toBe(200);
  });

  it('keep the standard accounts of a Ugandan school at their numbers and on their sides', () => {
    expect(standardAccounts).toEqual({
      fees_income: { code: '4000', name: 'Fees income', type: 'income' },
      old_students_income: { code: '4010', name: "Old students' fees income", type: 'income' },
      suppliers_payable: { code: '2000', name: 'Suppliers payable', type: 'liability' },
      fixed_assets: { code: '1500', name: 'Fixed assets', type: 'asset' },
      opening_balances: { code: '3000', name: 'Opening balances', type: 'equity' },
      staff_advances: { code: '1200', name: 'Staff advances', type: 'asset' },
      paye_payable: { code: '2100', name: 'PAYE payable', type: 'liability' },
      nssf_payable: { code: '2110', name: 'NSSF payable', type: 'liability' },
      lst_payable: { code: '2120', name: 'Local service tax payable', type: 'liability' },
      staff_deductions_payable: { code: '2130', name: 'Staff deductions payable', type: 'liability' },
      salaries_expense: { code: '5000', name: 'Salaries and wages', type: 'expense' },
      employer_nssf_expense: { code: '5010', name: "Employer's NSSF contribution", type: 'expense' },
    });
  });

  it("number a record's account after it, and know no other keys", () => {
    expect(accountOfRecord('mode:5')).toEqual({ kind: 'mode', id: 5, code: '1100-5', type: 'asset' });
    expect(accountOfRecord('revenue:12')).toEqual({ kind: 'revenue', id: 12, code: '4100-12', type: 'income' });
    expect(accountOfRecord('expense:7')).toEqual({ kind: 'expense', id: 7, code: '5100-7', type: 'expense' });
    for (const key of [
      'mode:0',
      'mode:x',
      'mode:5x',
      'mode:5:1',
      'mode:05',
      'mode',
      'mode:',
      'salary:1',
      'fees_income',
    ])
      expect(accountOfRecord(key), key).toBeNull();
  });
});

describe('posting', () => {
  let school: TestSchool;
  let mode: number;
  let scope: SchoolScope;
  beforeAll(async () => {
    school = await newSchool(t.app, t.database);
    const api = client(t.app, school.adminToken);
    const made = await api.post('/payment_options', {
      name: 'Cash office',
      kind: 'cash',
      opening_balance: 0,
      opening_on: '2026-01-01',
      active: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    mode = made.json().data.id;
    scope = new SchoolScope(t.database.db, school.schoolId, { userId: school.adminId, name: 'Head Administrator' });
  });
  const payment = (id: number, amount: number, date: string) =>
    postEntry(scope, {
      date,
      source: { kind: 'fees_payment', id },
      memo: `Receipt ${id}`,
      lines: [
        { account: `mode:${mode}`, debit: amount },
        { account: 'fees_income', credit: amount },
      ],
    });
  const account = async (key: string, upTo?: string) => (await trialBalance(scope, upTo)).find((a) => a.key === key);

  it("makes the accounts it needs, named after the school's records, and the trial balance sums to zero", async () => {
    await payment(1, 150_000, '2026-03-02');
    await payment(2, 50_000, '2026-03-05');
    const cash = await account(`mode:${mode}`);
    expect(cash).toMatchObject({ code: `1100-${mode}`, name: 'Cash office', type: 'asset', balance: 200_000 });
    expect(await account('fees_income')).toMatchObject({ code: '4000', type: 'income', balance: 200_000 });
    const all = await trialBalance(scope);
    const sum = (k: 'debit' | 'credit') => all.reduce((n, a) => n + a[k], 0);
    expect(sum('debit')).toBe(sum('credit'));
  });

  it('a void posts the reversal on its own day, leaving the earlier period as it was, and only once', async () => {
    const [reversal] = await reverseSource(
      scope,
      { kind: 'fees_payment', id: 2 },
      { date: '2026-04-10', why: 'slip bounced' },
    );
    expect(reversal).toEqual(expect.any(Number));
    expect((await account(`mode:${mode}`, '2026-03-31'))?.balance).toBe(200_000);
    expect((await account(`mode:${mode}`))?.balance).toBe(150_000);
    expect(await reverseSource(scope, { kind: 'fees_payment', id: 2 }, { date: '2026-04-11', why: 'Again' })).toEqual(
      [],
    );
    const [entry] = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, reversal as number));
    expect(entry).toMatchObject({
      date: '2026-04-10',
      sourceKind: 'fees_payment',
      sourceId: 2,
      memo: 'Reversed: Receipt 2 (slip bounced)',
      reverses: expect.any(Number),
    });
  });

  it('posts nothing when the entry does not balance, or when the document it belongs to fails', async () => {
    const before = (await t.database.db.select().from(journalLines).where(eq(journalLines.schoolId, school.schoolId)))
      .length;
    await expect(
      postEntry(scope, {
        date: '2026-05-01',
        source: { kind: 'fees_payment', id: 3 },
        memo: 'Wrong',
        lines: [
          { account: `mode:${mode}`, debit: 10 },
          { account: 'fees_income', credit: 9 },
        ],
      }),
    ).rejects.toThrow('Debits (10) and credits (9) differ by 1');
    await expect(
      scope.transaction(async (tx) => {
        await postEntry(tx, {
          date: '2026-05-01',
          source: { kind: 'fees_payment', id: 4 },
          memo: 'Receipt 4',
          lines: [
            { account: `mode:${mode}`, debit: 10 },
            { account: 'fees_income', credit: 10 },
          ],
        });
        throw new Error('The receipt could not be numbered');
      }),
    ).rejects.toThrow('The receipt could not be numbered');
    const after = (await t.database.db.select().from(journalLines).where(eq(journalLines.schoolId, school.schoolId)))
      .length;
    expect(after).toBe(before);
  });

  it("keeps each school's journal apart", async () => {
    const other = await newSchool(t.app, t.database);
    const theirs = new SchoolScope(t.database.db, other.schoolId, { userId: other.adminId, name: 'Other' });
    expect(await trialBalance(theirs)).toEqual([]);
    // Another school's payment mode is not an account this school can post to.
    await expect(
      postEntry(theirs, {
        date: '2026-05-01',
        source: { kind: 'fees_payment', id: 1 },
        memo: 'Theirs',
        lines: [
          { account: `mode:${mode}`, debit: 10 },
          { account: 'fees_income', credit: 10 },
        ],
      }),
    ).rejects.toThrow(`No account mode:${mode} for fees_payment 1`);
  });
});

describe('documents recorded before the journal', () => {
  it('post once when the server starts, on their own dates; a void one posts nothing, and again posts nothing', async () => {
    const s = await registerSchool(t.app, t.database);
    const cash = (
      await s.api.post('/payment_options', {
        name: 'Bursar cash',
        kind: 'cash',
        opening_balance: 0,
        opening_on: '2026-01-01',
        active: true,
      })
    ).json().data.id as number;
    const [a, b] = [(await admit(s)).id as number, (await admit(s, { surname: 'Okello' })).id as number];
    // Written straight to the table, as a school's records from before the journal were.
    await payFees(t.database, s, cash, [
      [a, 300_000],
      [b, 120_000],
      [a, 45_000],
    ]);
    await t.database.db
      .update(feesPayments)
      .set({ status: 'void', voidReason: 'Bounced' })
      .where(and(eq(feesPayments.schoolId, s.schoolId), eq(feesPayments.receiptNo, 3)));
    const scope = new SchoolScope(t.database.db, s.schoolId, { userId: s.adminId, name: 'System' });
    const balance = async () => (await trialBalance(scope)).find((x) => x.key === `mode:${cash}`)?.balance;
    expect(await balance()).toBeUndefined();

    expect((await postUnposted(scope)).fees_payment).toBe(2);
    expect(await balance()).toBe(420_000);
    expect((await trialBalance(scope, '2026-06-01')).find((x) => x.key === `mode:${cash}`)?.balance ?? 0).toBe(0);
    expect((await trialBalance(scope, '2026-06-02')).find((x) => x.key === `mode:${cash}`)?.balance).toBe(420_000);

    expect((await postUnposted(scope)).fees_payment).toBe(0);
    expect(await balance()).toBe(420_000);
  });
});
