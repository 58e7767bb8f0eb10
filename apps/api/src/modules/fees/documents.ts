import { feesPayments, moneyTransfers, oldPayments, oldStudents, paymentModes, students } from '@somero/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import { moneyDocument, postEntry, reverseSource } from '../journal/index.js';
import { refuseIfVoid } from './desk/rules.js';

/**
 * The fees area's money documents (issue 12 §1): a fees payment (Dr the mode, Cr fees income), an old
 * student's payment (Dr the mode, Cr old students' fees income) and a transfer between modes (Dr the mode
 * it went to, Cr the one it left). The desk writes a fees payment's entry in its own statement
 * (`insertPayments`), with the same lines and memo as `feesPaymentEntries` (a test pins the two equal).
 */

/** A fees receipt's memo: "Fees receipt 12: Nakato Sarah". */
export const feesMemo = (receiptNo: number, surname: string, otherNames: string) =>
  `Fees receipt ${receiptNo}: ${surname} ${otherNames}`;

async function feesPaymentEntries(scope: SchoolScope, ids: number[]) {
  const rows = await scope.db
    .select({
      id: feesPayments.id,
      receiptNo: feesPayments.receiptNo,
      amount: feesPayments.amount,
      modeId: feesPayments.modeId,
      paidOn: feesPayments.paidOn,
      reference: feesPayments.reference,
      surname: students.surname,
      otherNames: students.otherNames,
    })
    .from(feesPayments)
    .innerJoin(students, and(eq(students.schoolId, feesPayments.schoolId), eq(students.id, feesPayments.studentId)))
    .where(scope.mine(feesPayments, inArray(feesPayments.id, ids), eq(feesPayments.status, 'valid')));
  return rows.map((p) => ({
    date: p.paidOn,
    source: { kind: 'fees_payment', id: p.id },
    memo: feesMemo(p.receiptNo, p.surname, p.otherNames),
    reference: p.reference,
    lines: [
      { account: `mode:${p.modeId}`, debit: p.amount },
      { account: 'fees_income', credit: p.amount },
    ],
  }));
}

export const feesPaymentDocument = moneyDocument({
  kind: 'fees_payment',
  // Taken by the desk's statement itself, for a batch at once (`insertPayments`).
  series: 'receipt',
  table: feesPayments,
  module: 'fees',
  noun: 'payment',
  postings: feesPaymentEntries,
  refuseVoid: refuseIfVoid,
});

export const oldPaymentDocument = moneyDocument({
  kind: 'old_payment',
  series: 'old_receipt',
  table: oldPayments,
  module: 'fees',
  noun: 'payment',
  refuseVoid: refuseIfVoid,
  async postings(scope, ids) {
    const rows = await scope.db
      .select({ p: oldPayments, name: oldStudents.name })
      .from(oldPayments)
      .innerJoin(
        oldStudents,
        and(eq(oldStudents.schoolId, oldPayments.schoolId), eq(oldStudents.id, oldPayments.oldStudentId)),
      )
      .where(scope.mine(oldPayments, inArray(oldPayments.id, ids), eq(oldPayments.status, 'valid')));
    return rows.map(({ p, name }) => ({
      date: p.paidOn,
      source: { kind: 'old_payment', id: p.id },
      memo: `Old student receipt ${p.receiptNo}: ${name}`,
      reference: p.reference,
      lines: [
        { account: `mode:${p.modeId}`, debit: p.amount },
        { account: 'old_students_income', credit: p.amount },
      ],
    }));
  },
});

const fromMode = alias(paymentModes, 'from_mode');
const toMode = alias(paymentModes, 'to_mode');

export const transferDocument = moneyDocument({
  kind: 'transfer',
  table: moneyTransfers,
  module: 'fees',
  noun: 'transfer',
  async postings(scope, ids) {
    const rows = await scope.db
      .select({ t: moneyTransfers, from: fromMode.name, to: toMode.name })
      .from(moneyTransfers)
      .innerJoin(
        fromMode,
        and(eq(fromMode.schoolId, moneyTransfers.schoolId), eq(fromMode.id, moneyTransfers.fromModeId)),
      )
      .innerJoin(toMode, and(eq(toMode.schoolId, moneyTransfers.schoolId), eq(toMode.id, moneyTransfers.toModeId)))
      .where(scope.mine(moneyTransfers, inArray(moneyTransfers.id, ids), eq(moneyTransfers.status, 'valid')));
    return rows.map(({ t, from, to }) => ({
      date: t.transferredOn,
      source: { kind: 'transfer', id: t.id },
      memo: `Transfer from ${from} to ${to}${t.note ? `: ${t.note}` : ''}`,
      reference: t.reference,
      lines: [
        { account: `mode:${t.toModeId}`, debit: t.amount },
        { account: `mode:${t.fromModeId}`, credit: t.amount },
      ],
    }));
  },
});

/**
 * A payment mode's opening balance in the journal (never below zero): Dr the mode, Cr opening
 * balances, dated its opening day; the statement counts it as the mode's opening figure.
 * When the balance or the day changes, the old entry is reversed where it stands and the new one
 * posted; a change of name or account number posts nothing.
 */
export async function postOpeningBalance(
  scope: SchoolScope,
  mode: { id: number; name: string; openingBalance: number; openingOn: string },
) {
  const source = { kind: 'opening_balance', id: mode.id };
  const [posted] = await sqlRows<{ net: string | null; date: string | null }>(
    scope.db,
    sql`select sum(l.debit - l.credit) as net,
          max(case when e.reverses is null then to_char(e.date, 'YYYY-MM-DD') end) as date
        from journal_entries e
        join journal_lines l on l.school_id = e.school_id and l.entry_id = e.id
        join accounts a on a.school_id = l.school_id and a.id = l.account_id and a.key = ${`mode:${mode.id}`}
        where e.school_id = ${scope.schoolId} and e.source_kind = 'opening_balance' and e.source_id = ${mode.id}`,
  );
  const net = Number(posted?.net ?? 0);
  if (net === mode.openingBalance && (net === 0 || posted?.date === mode.openingOn)) return;
  await reverseSource(scope, source, { why: 'opening balance changed' });
  if (mode.openingBalance === 0) return;
  await postEntry(scope, {
    date: mode.openingOn,
    source,
    memo: `Opening balance of ${mode.name}`,
    lines: [
      { account: `mode:${mode.id}`, debit: mode.openingBalance },
      { account: 'opening_balances', credit: mode.openingBalance },
    ],
  });
}
