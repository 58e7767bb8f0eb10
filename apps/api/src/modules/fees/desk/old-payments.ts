import {
  addOldPayment,
  amendOldPayment,
  listOldReceipts,
  messages,
  moneyStatusReply,
  oldPayments,
  oldReceipt,
  oldStudents,
  paymentModes,
  voidOldPayment,
} from '@somero/contract';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import { now, today } from '../../../core/dates.js';
import { NotFound } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { receiptPdf } from '../../../documents/receipt.js';
import type { ModuleContext } from '../../module.js';
import { schoolDetailsOf, schoolForDocuments } from '../../settings/index.js';
import { likeTerm } from '../../students/index.js';
import { oldPaymentDocument } from '../documents.js';
import { activeMode, checkAmountAndDate, checkReference, modeRule } from './record.js';
import { amendedValues } from './rules.js';

async function oldPaymentRows(scope: SchoolScope, where: SQL, page?: { limit: number; offset: number }) {
  let q = scope.db
    .select({
      p: oldPayments,
      name: oldStudents.name,
      admissionNo: oldStudents.admissionNo,
      modeName: paymentModes.name,
    })
    .from(oldPayments)
    .innerJoin(
      oldStudents,
      and(eq(oldStudents.schoolId, oldPayments.schoolId), eq(oldStudents.id, oldPayments.oldStudentId)),
    )
    .innerJoin(
      paymentModes,
      and(eq(paymentModes.schoolId, oldPayments.schoolId), eq(paymentModes.id, oldPayments.modeId)),
    )
    .where(where)
    .orderBy(desc(oldPayments.receiptNo))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ p, name, admissionNo, modeName }) => ({
    id: p.id,
    receipt_no: p.receiptNo,
    old_student_id: p.oldStudentId,
    student_name: name,
    admission_no: admissionNo,
    amount: p.amount,
    mode_id: p.modeId,
    mode_name: modeName,
    paid_on: p.paidOn,
    reference: p.reference,
    payer: p.payer,
    cashier_name: p.cashierName,
    ...moneyStatusReply(p),
    created_at: p.createdAt.toISOString(),
  }));
}

async function oldPaymentRow(scope: SchoolScope, id: number) {
  const [row] = await oldPaymentRows(scope, scope.mine(oldPayments, eq(oldPayments.id, id)));
  if (!row) throw new NotFound('payment');
  return row;
}

/** Old students' payments: their own gapless 'old_receipt' series, amended or voided, never deleted. */
export function oldPaymentRoutes({ serve }: ModuleContext) {
  serve(addOldPayment, async ({ input, scope }) => {
    const paidOn = input.paid_on ?? today();
    checkAmountAndDate(input.amount, paidOn);
    const created = await scope.transaction(async (tx) => {
      await tx.table(oldStudents, 'students').find(input.old_student_id, 'old student');
      const mode = await activeMode(tx, input.mode_id);
      // The desk's reference rules: the mode may need one; one already on a valid payment is refused.
      await checkReference(tx, mode, input.reference?.trim() || null);
      const [row] = await tx.db
        .insert(oldPayments)
        .values({
          schoolId: tx.schoolId,
          receiptNo: await oldPaymentDocument.nextNumber(tx),
          oldStudentId: input.old_student_id,
          amount: input.amount,
          modeId: input.mode_id,
          paidOn,
          reference: input.reference?.trim() || null,
          payer: input.payer ?? null,
          cashierName: tx.actor.name ?? 'System',
        })
        .returning();
      await tx.audit({ action: 'create', module: 'fees', entity: 'old_payments', entityId: row!.id, after: row });
      await oldPaymentDocument.post(tx, [row!.id]);
      return row!;
    });
    return { data: await oldPaymentRow(scope, created.id), message: messages.oldPayments.add.success };
  });

  serve(amendOldPayment, async ({ id, input, scope }) => {
    await oldPaymentDocument.amend(scope, id, input.reason ?? null, async (tx, before) => {
      // Only what really changes, by the rules of PUT fees_payments/{id}.
      const {
        values,
        checkReference: again,
        reference,
      } = amendedValues(
        before,
        {
          amount: input.amount,
          modeId: input.mode_id,
          paidOn: input.paid_on,
          reference: input.reference,
          payer: input.payer,
        },
        today(),
      );
      // The desk's reference rules when the mode or the reference changes.
      if (again) {
        const mode =
          values.modeId !== undefined ? await activeMode(tx, values.modeId) : await modeRule(tx, before.modeId);
        await checkReference(tx, mode, reference, { oldPaymentId: id });
      }
      return values;
    });
    return { data: await oldPaymentRow(scope, id), message: messages.oldPayments.update.success };
  });

  serve(voidOldPayment, async ({ input, scope }) => {
    await oldPaymentDocument.void(scope, input.id, input.reason);
    return { data: await oldPaymentRow(scope, input.id), message: messages.oldPayments.delete.success };
  });

  serve(oldReceipt, async ({ id, scope, reply }) => {
    const row = await oldPaymentRow(scope, id);
    const [old] = await scope.db
      .select({ debt: oldStudents.debt, classLeft: oldStudents.classLeft })
      .from(oldStudents)
      .where(scope.mine(oldStudents, eq(oldStudents.id, row.old_student_id)));
    // What is left of the debt after this payment: the debt less this and the earlier valid payments.
    const paid = (
      await oldPaymentRows(scope, scope.mine(oldPayments, eq(oldPayments.oldStudentId, row.old_student_id)))
    )
      .filter((p) => p.status === 'valid' && p.receipt_no <= row.receipt_no)
      .reduce((t, p) => t + p.amount, 0);
    const details = await schoolDetailsOf(scope);
    const school = await schoolForDocuments(scope, details);
    const pdf = await receiptPdf(
      school,
      {
        title: 'Old Student Receipt',
        receiptNo: row.receipt_no,
        studentName: row.student_name,
        admissionNo: row.admission_no,
        className: old?.classLeft ?? null,
        amount: row.amount,
        paidOn: row.paid_on,
        modeName: row.mode_name,
        reference: row.reference,
        payer: row.payer,
        balanceAfter: row.status === 'valid' ? (old?.debt ?? 0) - paid : null,
        cashierName: row.cashier_name,
        issuedAt: now(),
        term: null,
        voided: row.status === 'void' ? { reason: row.void_reason, by: null } : null,
      },
      details.receipt_format,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="old-receipt-${row.receipt_no}.pdf"`)
      .send(pdf);
  });

  serve(listOldReceipts, async ({ input, scope }) => {
    const where = scope.mine(
      oldPayments,
      input.from ? gte(oldPayments.paidOn, input.from) : undefined,
      input.to ? lte(oldPayments.paidOn, input.to) : undefined,
      input.old_student_id ? eq(oldPayments.oldStudentId, input.old_student_id) : undefined,
      input.search
        ? or(
            ilike(oldStudents.name, likeTerm(input.search)),
            ilike(oldStudents.admissionNo, likeTerm(input.search)),
            ilike(oldPayments.reference, likeTerm(input.search)),
            /^\d+$/.test(input.search) ? eq(oldPayments.receiptNo, Number(input.search)) : undefined,
          )
        : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      oldPaymentRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db
        .select({ n: count() })
        .from(oldPayments)
        .innerJoin(
          oldStudents,
          and(eq(oldStudents.schoolId, oldPayments.schoolId), eq(oldStudents.id, oldPayments.oldStudentId)),
        )
        .where(where),
    ]);
    return { data: rows, page: input.page, per_page: input.per_page, total: Number(n) };
  });
}
