import {
  addFeesPayment,
  amendFeesPayment,
  exportFeesPayments,
  feesPayments,
  feesReceipt,
  listFeesReceipts,
  messages,
  searchFeesReceipt,
  studentPayments,
  viewFeesPayments,
  voidFeesPayment,
} from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { today } from '../../../core/dates.js';
import { NotFound } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { heavyRows, renderDocument } from '../../../documents/heavy.js';
import type { ModuleContext } from '../../module.js';
import { findStudent } from '../../students/index.js';
import { feesPaymentDocument } from '../documents.js';
import { modeRoutes } from '../setup/modes.js';
import { amendmentRoutes } from './amendments.js';
import { paymentRows, paymentSearch, paymentTotals, paymentWhere } from './list.js';
import { oldPaymentRoutes } from './old-payments.js';
import { balanceNow, feesReceiptPdf } from './receipt.js';
import { activeMode, checkReference, modeRule, recordFeesPayment } from './record.js';
import { amendedValues } from './rules.js';

export { type FeesPaymentInput, recordFeesPayment } from './record.js';

async function paymentRow(scope: SchoolScope, id: number) {
  const [row] = await paymentRows(scope, scope.mine(feesPayments, eq(feesPayments.id, id)));
  if (!row) throw new NotFound('payment');
  return row;
}

/**
 * Amends a payment: what may change (amount, mode, date, reference, payer) is changed in place, and the
 * amendment row keeps what it was, what it became, who, when and why; the audit row too. One transaction.
 */
export async function amendPayment(
  scope: SchoolScope,
  id: number,
  change: {
    amount?: number;
    modeId?: number;
    paidOn?: string;
    reference?: string | null;
    payer?: string | null;
    reason: string;
  },
) {
  return feesPaymentDocument.amend(scope, id, change.reason, async (tx, before) => {
    const { values, checkReference: again, reference } = amendedValues(before, change, today());
    // The desk's reference rules when the mode or the reference changes: a new mode must be in use, the
    // payment's mode may need a reference, and one already on another valid payment is refused.
    if (again) {
      const mode =
        values.modeId !== undefined ? await activeMode(tx, values.modeId) : await modeRule(tx, before.modeId);
      await checkReference(tx, mode, reference, { feesPaymentId: id });
    }
    return values;
  });
}

/**
 * Voids a payment: it stays, marked void with the reason, who and when, and leaves every total; what it
 * posted is reversed on the day of the void.
 */
export const voidPayment = (scope: SchoolScope, id: number, reason: string) =>
  feesPaymentDocument.void(scope, id, reason);

/** "fees_summary.xlsx", or "fees_payments_2026-02-01_to_2026-02-28.xlsx" for a date range. */
export function exportFileName(f: { from?: string; to?: string }) {
  if (!f.from && !f.to) return 'fees_summary.xlsx';
  return `fees_payments_${f.from ?? 'start'}_to_${f.to ?? 'today'}.xlsx`;
}

export function feesPaymentsRoutes(ctx: ModuleContext) {
  const { serve } = ctx;

  serve(
    addFeesPayment,
    async ({ input, scope, req }) => {
      const header = req.headers['idempotency-key'];
      const key = (Array.isArray(header) ? header[0] : header)?.slice(0, 200) || null;
      const payment = await recordFeesPayment(scope, {
        studentId: input.student_id,
        amount: input.amount,
        modeId: input.mode_id,
        paidOn: input.paid_on,
        reference: input.reference,
        payer: input.payer,
        idempotencyKey: key,
        confirm: input.confirm,
      });
      // The guardian's SMS receipt, after the payment has committed: off (the default) it is one cached
      // setting read; on, a refusal or fault comes back as a note beside the success, never as an error.
      const note = payment.created
        ? await ctx.notices.feesReceipt(scope, {
            studentId: payment.studentId,
            amount: payment.amount,
            receiptNo: payment.receiptNo,
            paidOn: payment.paidOn,
          })
        : null;
      const success = messages.feesPayments.add.success;
      return { data: payment.id, message: note ? `${success}. ${note}` : success };
    },
    {
      apart:
        'the desk writes each payment whole in one statement, batched with the payments of other requests (record.ts)',
    },
  );

  serve(feesReceipt, async ({ id, scope, reply }) => {
    const { pdf, fileName } = await feesReceiptPdf(scope, id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(pdf);
  });

  serve(amendFeesPayment, async ({ id, input, scope }) => {
    await amendPayment(scope, id, {
      amount: input.amount,
      modeId: input.mode_id,
      paidOn: input.paid_on,
      reference: input.reference,
      payer: input.payer,
      reason: input.reason,
    });
    return { data: await paymentRow(scope, id), message: messages.feesPayments.update.success };
  });

  serve(voidFeesPayment, async ({ input, scope }) => {
    await voidPayment(scope, input.id, input.reason);
    return { data: await paymentRow(scope, input.id), message: messages.feesPayments.delete.success };
  });

  serve(viewFeesPayments, async ({ input, scope }) => {
    const filtered = paymentWhere(scope, input);
    const where = input.id ? (and(filtered, eq(feesPayments.id, input.id)) ?? filtered) : filtered;
    const [rows, totals] = await Promise.all([
      paymentRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      paymentTotals(scope, where),
    ]);
    return {
      data: rows,
      totals: { count: totals.count, amount: totals.amount },
      page: input.page,
      per_page: input.per_page,
      total: totals.rows,
    };
  });

  serve(listFeesReceipts, async ({ input, scope }) => {
    const where = paymentWhere(scope, input);
    const [rows, totals] = await Promise.all([
      paymentRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      paymentTotals(scope, where),
    ]);
    return { data: rows, page: input.page, per_page: input.per_page, total: totals.rows };
  });

  serve(searchFeesReceipt, async ({ input, scope }) => {
    const rows = await paymentRows(scope, scope.mine(feesPayments, paymentSearch(input.search)), {
      limit: 50,
      offset: 0,
    });
    return { data: rows };
  });

  serve(exportFeesPayments, async ({ input, scope, reply }) => {
    const rows = await paymentRows(scope, paymentWhere(scope, input));
    // Written in the document workers, a long list within the school's limit of heavy documents.
    const xlsx = await renderDocument(
      reply,
      rows.length > heavyRows,
      'sheet',
      'Payments',
      [
        { header: 'Receipt No.', key: 'receipt_no', width: 11 },
        { header: 'Date', key: 'paid_on', width: 12 },
        { header: 'Student', key: 'student_name', width: 28 },
        { header: 'Admission No.', key: 'admission_no', width: 14 },
        { header: 'Class', key: 'class_name', width: 12 },
        { header: 'Amount (UGX)', key: 'amount', width: 14 },
        { header: 'Mode', key: 'mode_name', width: 16 },
        { header: 'Reference', key: 'reference', width: 18 },
        { header: 'Paid by', key: 'payer', width: 18 },
        { header: 'Cashier', key: 'cashier_name', width: 18 },
        { header: 'Status', key: 'status', width: 8 },
        { header: 'Void reason', key: 'void_reason', width: 24 },
      ],
      rows,
    );
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${exportFileName(input)}"`)
      .send(xlsx);
  });

  serve(studentPayments, async ({ input, scope }) => {
    await findStudent(scope, input.student_id);
    const rows = await paymentRows(scope, scope.mine(feesPayments, eq(feesPayments.studentId, input.student_id)));
    const balance = await balanceNow(scope, input.student_id);
    return {
      data: {
        payments: rows,
        total_paid: rows.filter((r) => r.status === 'valid').reduce((t, r) => t + r.amount, 0),
        balance,
      },
    };
  });

  modeRoutes(ctx);
  oldPaymentRoutes(ctx);
  amendmentRoutes(ctx);
}
