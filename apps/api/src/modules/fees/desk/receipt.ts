import { feesPayments } from '@somero/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { now as clockNow } from '../../../core/dates.js';
import { NotFound } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { type ReceiptDocument, receiptPdf } from '../../../documents/receipt.js';
import { schoolDetailsOf, schoolForDocuments } from '../../settings/index.js';
import { studentPosition } from '../ledger/balances.js';
import { paymentRows } from './list.js';

/** What the student owes now (negative: credit), from the ledger's `studentPosition`, the one source of balances. */
export async function balanceNow(
  scope: SchoolScope,
  studentId: number,
  now?: { year: number; term: number },
): Promise<number> {
  return (await studentPosition(scope, studentId, { lines: false, now })).balance;
}

/**
 * The balance right after a payment: what is owed now plus the valid payments taken since (a reprint
 * next week still shows the balance the receipt showed on the day).
 */
export async function balanceAfter(
  scope: SchoolScope,
  payment: { id: number; studentId: number },
  now?: { year: number; term: number },
) {
  const [owed, [later]] = await Promise.all([
    balanceNow(scope, payment.studentId, now),
    scope.db
      .select({ amount: sql<string | null>`sum(${feesPayments.amount})` })
      .from(feesPayments)
      .where(
        scope.mine(
          feesPayments,
          and(
            eq(feesPayments.studentId, payment.studentId),
            eq(feesPayments.status, 'valid'),
            gt(feesPayments.id, payment.id),
          ),
        ),
      ),
  ]);
  return owed + Number(later?.amount ?? 0);
}

/** A fees payment's receipt PDF, in the school's receipt format, and its file name. */
export async function feesReceiptPdf(scope: SchoolScope, id: number) {
  const [[row], details] = await Promise.all([
    paymentRows(scope, scope.mine(feesPayments, eq(feesPayments.id, id))),
    schoolDetailsOf(scope),
  ]);
  if (!row) throw new NotFound('payment');
  const now = { year: details.current_year, term: details.current_term };
  const [school, balance] = await Promise.all([
    schoolForDocuments(scope, details),
    row.status === 'valid' ? balanceAfter(scope, { id: row.id, studentId: row.student_id }, now) : null,
  ]);
  const doc: ReceiptDocument = {
    title: 'Fees Receipt',
    receiptNo: row.receipt_no,
    studentName: row.student_name,
    admissionNo: row.admission_no,
    className: row.class_name,
    amount: row.amount,
    paidOn: row.paid_on,
    modeName: row.mode_name,
    reference: row.reference,
    payer: row.payer,
    balanceAfter: balance,
    cashierName: row.cashier_name,
    issuedAt: clockNow(),
    term: `Term ${row.term}, ${row.year}`,
    voided: row.status === 'void' ? { reason: row.void_reason, by: row.voided_by } : null,
  };
  return { pdf: await receiptPdf(school, doc, details.receipt_format), fileName: `receipt-${row.receipt_no}.pdf` };
}
