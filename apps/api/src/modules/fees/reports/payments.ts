import {
  classes,
  feesPayments,
  oldPayments,
  paymentModes,
  type reportPaymentRow,
  streams,
  students,
} from '@somero/contract';
import { and, asc, count, eq, gte, ilike, lte, type SQL, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { SchoolScope } from '../../../core/scope.js';
import { addDays } from '../../../core/dates.js';

export type ReportPaymentRow = z.infer<typeof reportPaymentRow>;

export interface PaymentFilter {
  from: string;
  to: string;
  classId?: number;
  streamId?: number;
  modeId?: number;
  studentId?: number;
  cashierName?: string;
  year?: number;
  term?: number;
  minAmount?: number;
  maxAmount?: number;
  includeVoid?: boolean;
}

/** The conditions of a payment report (the student's class and stream as they are now). */
function paymentWhere(scope: SchoolScope, f: PaymentFilter): SQL {
  const c: (SQL | undefined)[] = [gte(feesPayments.paidOn, f.from), lte(feesPayments.paidOn, f.to)];
  if (!f.includeVoid) c.push(eq(feesPayments.status, 'valid'));
  if (f.classId) c.push(eq(students.classId, f.classId));
  if (f.streamId) c.push(eq(students.streamId, f.streamId));
  if (f.modeId) c.push(eq(feesPayments.modeId, f.modeId));
  if (f.studentId) c.push(eq(feesPayments.studentId, f.studentId));
  if (f.cashierName) c.push(ilike(feesPayments.cashierName, `%${f.cashierName}%`));
  if (f.year) c.push(eq(feesPayments.year, f.year));
  if (f.term) c.push(eq(feesPayments.term, f.term));
  if (f.minAmount != null) c.push(gte(feesPayments.amount, f.minAmount));
  if (f.maxAmount != null) c.push(lte(feesPayments.amount, f.maxAmount));
  return scope.mine(feesPayments, ...c);
}

/** The payments of a report, oldest first, with student, class, stream and mode names. */
export async function reportPayments(scope: SchoolScope, f: PaymentFilter): Promise<ReportPaymentRow[]> {
  const rows = await scope.db
    .select({
      id: feesPayments.id,
      receipt_no: feesPayments.receiptNo,
      paid_on: feesPayments.paidOn,
      student_id: feesPayments.studentId,
      surname: students.surname,
      other_names: students.otherNames,
      admission_no: students.admissionNo,
      class_name: classes.name,
      stream_name: streams.name,
      amount: feesPayments.amount,
      mode_id: feesPayments.modeId,
      mode_name: paymentModes.name,
      reference: feesPayments.reference,
      payer: feesPayments.payer,
      cashier_name: feesPayments.cashierName,
      year: feesPayments.year,
      term: feesPayments.term,
      status: feesPayments.status,
    })
    .from(feesPayments)
    .innerJoin(students, and(eq(students.schoolId, feesPayments.schoolId), eq(students.id, feesPayments.studentId)))
    .innerJoin(paymentModes, and(eq(paymentModes.schoolId, feesPayments.schoolId), eq(paymentModes.id, feesPayments.modeId)))
    .leftJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .where(paymentWhere(scope, f))
    .orderBy(asc(feesPayments.paidOn), asc(feesPayments.receiptNo));
  return rows.map(({ surname, other_names, ...r }) => ({ ...r, student_name: `${surname} ${other_names}` }));
}

export interface ModeTotal {
  mode_id: number;
  mode_name: string;
  count: number;
  amount: number;
}

/** Totals of the valid payments among `rows`, overall and per mode (voided ones never count). */
export function totalsOf(rows: { amount: number; mode_id: number; mode_name: string; status: string }[]) {
  const byMode = new Map<number, ModeTotal>();
  let amount = 0;
  let n = 0;
  for (const r of rows) {
    if (r.status !== 'valid') continue;
    amount += r.amount;
    n += 1;
    const m = byMode.get(r.mode_id) ?? { mode_id: r.mode_id, mode_name: r.mode_name, count: 0, amount: 0 };
    m.count += 1;
    m.amount += r.amount;
    byMode.set(r.mode_id, m);
  }
  return { count: n, amount, by_mode: [...byMode.values()].sort((a, b) => a.mode_name.localeCompare(b.mode_name)) };
}

export type Period = 'day' | 'week' | 'month';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The period a date falls in: its key, first and last day (weeks start on Monday). */
export function periodOf(date: string, period: Period): { key: string; start: string; end: string } {
  if (period === 'day') return { key: date, start: date, end: date };
  if (period === 'month') {
    const start = `${date.slice(0, 7)}-01`;
    const next = new Date(`${start}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    return { key: date.slice(0, 7), start, end: addDays(iso(next), -1) };
  }
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(date, -weekday);
  return { key: `Week of ${start}`, start, end: addDays(start, 6) };
}

interface DayModeSum {
  day: string;
  modeId: number;
  modeName: string;
  n: number;
  amount: number;
}

/** Sums per day and mode of fees payments (or old students' payments) in [from, to], valid ones only. */
export async function dailyModeSums(scope: SchoolScope, table: 'fees' | 'old', from: string, to: string) {
  const t = table === 'fees' ? feesPayments : oldPayments;
  const rows = await scope.db
    .select({
      day: t.paidOn,
      modeId: t.modeId,
      modeName: paymentModes.name,
      n: count(),
      amount: sum(t.amount),
    })
    .from(t)
    .innerJoin(paymentModes, and(eq(paymentModes.schoolId, t.schoolId), eq(paymentModes.id, t.modeId)))
    .where(scope.mine(t, gte(t.paidOn, from), lte(t.paidOn, to), eq(t.status, 'valid')))
    .groupBy(t.paidOn, t.modeId, paymentModes.name)
    .orderBy(t.paidOn);
  return rows.map((r) => ({ ...r, n: Number(r.n), amount: Number(r.amount ?? 0) })) as DayModeSum[];
}

/** Totals per period and mode from the daily sums, every period of the range listed (empty ones as 0). */
export function periodic(sums: DayModeSum[], from: string, to: string, period: Period) {
  const modes = new Map<number, string>();
  for (const s of sums) modes.set(s.modeId, s.modeName);
  const modeList = [...modes].map(([mode_id, mode_name]) => ({ mode_id, mode_name }));
  modeList.sort((a, b) => a.mode_name.localeCompare(b.mode_name));
  const rows = new Map<
    string,
    { period: string; start: string; end: string; by_mode: Record<string, number>; count: number; total: number }
  >();
  for (let d = from; d <= to; ) {
    const p = periodOf(d, period);
    rows.set(p.key, {
      period: p.key,
      start: p.start < from ? from : p.start,
      end: p.end > to ? to : p.end,
      by_mode: Object.fromEntries(modeList.map((m) => [m.mode_name, 0])),
      count: 0,
      total: 0,
    });
    d = addDays(p.end, 1);
  }
  const byMode = new Map<number, ModeTotal>();
  let total = 0;
  let n = 0;
  for (const s of sums) {
    const row = rows.get(periodOf(s.day, period).key);
    if (!row) continue;
    row.by_mode[s.modeName] = (row.by_mode[s.modeName] ?? 0) + s.amount;
    row.count += s.n;
    row.total += s.amount;
    total += s.amount;
    n += s.n;
    const m = byMode.get(s.modeId) ?? { mode_id: s.modeId, mode_name: s.modeName, count: 0, amount: 0 };
    m.count += s.n;
    m.amount += s.amount;
    byMode.set(s.modeId, m);
  }
  return {
    period,
    modes: modeList,
    rows: [...rows.values()],
    totals: {
      count: n,
      amount: total,
      by_mode: [...byMode.values()].sort((a, b) => a.mode_name.localeCompare(b.mode_name)),
    },
  };
}
