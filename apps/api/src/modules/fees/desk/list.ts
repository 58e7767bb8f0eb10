import {
  classes,
  type FeesPaymentRow,
  feesPayments,
  moneyStatusReply,
  paymentModes,
  streams,
  students,
} from '@somero/contract';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL, sql, sum } from 'drizzle-orm';
import type { SchoolScope } from '../../../core/scope.js';
import { likeTerm } from '../../students/index.js';

/** Filters of the payments lists (contract `feesPaymentFilters`). */
export interface PaymentFilter {
  from?: string;
  to?: string;
  mode_id?: number;
  class_id?: number;
  student_id?: number;
  status?: 'valid' | 'void';
  cashier?: string;
  search?: string;
}

/** Receipt number, student name, admission number, payment code or reference. */
export function paymentSearch(text: string): SQL | undefined {
  const words = text.split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  return and(
    ...words.map((w) =>
      or(
        /^\d+$/.test(w) ? eq(feesPayments.receiptNo, Number(w)) : undefined,
        ilike(students.surname, likeTerm(w)),
        ilike(students.otherNames, likeTerm(w)),
        ilike(students.admissionNo, likeTerm(w)),
        ilike(students.paymentCode, likeTerm(w)),
        ilike(feesPayments.reference, likeTerm(w)),
      ),
    ),
  );
}

export function paymentWhere(scope: SchoolScope, f: PaymentFilter): SQL {
  return scope.mine(
    feesPayments,
    f.from ? gte(feesPayments.paidOn, f.from) : undefined,
    f.to ? lte(feesPayments.paidOn, f.to) : undefined,
    f.mode_id ? eq(feesPayments.modeId, f.mode_id) : undefined,
    f.class_id ? eq(students.classId, f.class_id) : undefined,
    f.student_id ? eq(feesPayments.studentId, f.student_id) : undefined,
    f.status ? eq(feesPayments.status, f.status) : undefined,
    f.cashier ? ilike(feesPayments.cashierName, likeTerm(f.cashier)) : undefined,
    f.search ? paymentSearch(f.search) : undefined,
  );
}

/** Payments with student, class and mode names: one query, newest receipt first. */
export async function paymentRows(
  scope: SchoolScope,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<FeesPaymentRow[]> {
  let q = scope.db
    .select({
      p: feesPayments,
      surname: students.surname,
      otherNames: students.otherNames,
      admissionNo: students.admissionNo,
      paymentCode: students.paymentCode,
      className: classes.name,
      streamName: streams.name,
      modeName: paymentModes.name,
    })
    .from(feesPayments)
    .innerJoin(students, and(eq(students.schoolId, feesPayments.schoolId), eq(students.id, feesPayments.studentId)))
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .innerJoin(
      paymentModes,
      and(eq(paymentModes.schoolId, feesPayments.schoolId), eq(paymentModes.id, feesPayments.modeId)),
    )
    .where(where)
    .orderBy(desc(feesPayments.receiptNo))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ p, ...r }) => ({
    id: p.id,
    receipt_no: p.receiptNo,
    student_id: p.studentId,
    student_name: `${r.surname} ${r.otherNames}`,
    admission_no: r.admissionNo,
    payment_code: r.paymentCode,
    class_name: r.streamName ? `${r.className} ${r.streamName}` : r.className,
    amount: p.amount,
    mode_id: p.modeId,
    mode_name: r.modeName,
    paid_on: p.paidOn,
    reference: p.reference,
    payer: p.payer,
    year: p.year,
    term: p.term,
    cashier_name: p.cashierName,
    ...moneyStatusReply(p),
    created_at: p.createdAt.toISOString(),
  }));
}

/** How many payments match, and the total of the valid ones among them (voided ones count for nothing). */
export async function paymentTotals(scope: SchoolScope, where: SQL) {
  const [row] = await scope.db
    .select({
      n: count(),
      amount: sum(sql`case when ${feesPayments.status} = 'valid' then ${feesPayments.amount} else 0 end`),
      valid: sum(sql`case when ${feesPayments.status} = 'valid' then 1 else 0 end`),
    })
    .from(feesPayments)
    .innerJoin(students, and(eq(students.schoolId, feesPayments.schoolId), eq(students.id, feesPayments.studentId)))
    .where(where);
  return { rows: Number(row?.n ?? 0), count: Number(row?.valid ?? 0), amount: Number(row?.amount ?? 0) };
}
