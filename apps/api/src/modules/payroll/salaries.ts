import {
  moneyStatusReply,
  paymentModes,
  type SalaryRow,
  salaryDeductions,
  salaryPayments,
  salaryTemps,
  staff,
  staffAllowances,
  type TempRow,
} from '@somero/contract';
import { lstAnnual, lstInstalment, monthlyPay } from '@somero/payroll';
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import { NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { activeMode } from '../fees/index.js';
import { advanceDue } from './advances.js';
import { salaryDocument } from './documents.js';

/**
 * A month's salaries: the temporary salary prepared by `@somero/payroll`'s rules (gross, PAYE, NSSF,
 * LST, advance instalments, other deductions, net), and paying it into the salary ledger.
 */
export type Temp = typeof salaryTemps.$inferSelect;
export type Payment = typeof salaryPayments.$inferSelect;
export const figures = ['gross', 'paye', 'nssf_employee', 'nssf_employer', 'lst', 'advance', 'others', 'net'] as const;
export const monthName = (year: number, month: number) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const figuresOf = (r: Temp | Payment) => ({
  id: r.id,
  year: r.year,
  month: r.month,
  staff_id: r.staffId,
  basic: r.basic,
  allowances: r.allowances,
  gross: r.gross,
  paye: r.paye,
  nssf_employee: r.nssfEmployee,
  nssf_employer: r.nssfEmployer,
  lst: r.lst,
  advance: r.advance,
  others: r.others,
  net: r.net,
  details: r.details as Record<string, unknown>,
});
export const totalsOf = (rows: Record<(typeof figures)[number], number>[]) =>
  Object.fromEntries(figures.map((f) => [f, rows.reduce((n, r) => n + r[f], 0)])) as Record<
    (typeof figures)[number],
    number
  >;

export async function tempRows(scope: SchoolScope, where: SQL): Promise<TempRow[]> {
  const rows = await scope.db
    .select({ t: salaryTemps, name: staff.name, bank: staff.bankName, account: staff.bankAccount })
    .from(salaryTemps)
    .innerJoin(staff, and(eq(staff.schoolId, salaryTemps.schoolId), eq(staff.id, salaryTemps.staffId)))
    .where(where)
    .orderBy(asc(staff.name));
  const paid = rows.length
    ? await scope.db
        .select({ staffId: salaryPayments.staffId, year: salaryPayments.year, month: salaryPayments.month })
        .from(salaryPayments)
        .where(
          scope.mine(
            salaryPayments,
            eq(salaryPayments.status, 'valid'),
            inArray(
              salaryPayments.staffId,
              rows.map((r) => r.t.staffId),
            ),
          ),
        )
    : [];
  const isPaid = new Set(paid.map((p) => `${p.staffId}|${p.year}|${p.month}`));
  return rows.map(({ t, name, bank, account }) => ({
    ...figuresOf(t),
    staff_name: name,
    bank: bank && account ? `${bank} ${account}` : null,
    prepared: t.prepared,
    paid: isPaid.has(`${t.staffId}|${t.year}|${t.month}`),
  }));
}

export async function monthOf(scope: SchoolScope, year: number, month: number) {
  const rows = await tempRows(scope, scope.mine(salaryTemps, eq(salaryTemps.year, year), eq(salaryTemps.month, month)));
  return { rows, totals: totalsOf(rows) };
}

export async function salaryRows(
  scope: SchoolScope,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<SalaryRow[]> {
  let q = scope.db
    .select({
      p: salaryPayments,
      name: staff.name,
      bank: staff.bankName,
      account: staff.bankAccount,
      mode: paymentModes.name,
    })
    .from(salaryPayments)
    .innerJoin(staff, and(eq(staff.schoolId, salaryPayments.schoolId), eq(staff.id, salaryPayments.staffId)))
    .innerJoin(
      paymentModes,
      and(eq(paymentModes.schoolId, salaryPayments.schoolId), eq(paymentModes.id, salaryPayments.modeId)),
    )
    .where(where)
    .orderBy(desc(salaryPayments.year), desc(salaryPayments.month), asc(staff.name), desc(salaryPayments.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ p, name, bank, account, mode }) => ({
    ...figuresOf(p),
    staff_name: name,
    bank: bank && account ? `${bank} ${account}` : null,
    mode_id: p.modeId,
    mode_name: mode,
    paid_on: p.paidOn,
    reference: p.reference,
    ...moneyStatusReply(p),
  }));
}

export async function salaryRow(scope: SchoolScope, id: number) {
  const [row] = await salaryRows(scope, scope.mine(salaryPayments, eq(salaryPayments.id, id)));
  if (!row) throw new NotFound('salary payment');
  return row;
}

/**
 * One staff member's month by the statutory rules (`@somero/payroll`): basic and allowances, PAYE,
 * NSSF, the month's LST instalment, other deductions and the advance instalment; `change` gives the
 * bursar's corrections of a prepared month.
 */
export async function computeMonth(
  scope: SchoolScope,
  member: { id: number; basicSalary: number; nonResident: boolean },
  year: number,
  month: number,
  change: { allowances?: number; others?: number; advance?: number; lst?: number } = {},
) {
  const [allowances, deductions, advance] = await scope.all(
    () =>
      scope.db
        .select({ name: staffAllowances.name, amount: staffAllowances.amount })
        .from(staffAllowances)
        .where(scope.mine(staffAllowances, eq(staffAllowances.staffId, member.id), eq(staffAllowances.active, true))),
    () =>
      scope.db
        .select({ name: salaryDeductions.name, amount: salaryDeductions.amount })
        .from(salaryDeductions)
        .where(
          scope.mine(salaryDeductions, eq(salaryDeductions.staffId, member.id), eq(salaryDeductions.active, true)),
        ),
    () => advanceDue(scope, member.id),
  );
  if (change.advance !== undefined && change.advance > (advance?.outstanding ?? 0))
    throw new Refusal(`Only UGX ${(advance?.outstanding ?? 0).toLocaleString('en-GB')} of advances is owed.`);
  const paidAllowances =
    change.allowances === undefined ? allowances : [{ name: 'Allowances (changed)', amount: change.allowances }];
  const gross = paidAllowances.reduce((n, a) => n + a.amount, member.basicSalary);
  const pay = monthlyPay({
    basic: member.basicSalary,
    allowances: paidAllowances,
    otherDeductions:
      change.others === undefined ? deductions : [{ name: 'Deductions (changed)', amount: change.others }],
    advance: advance
      ? { outstanding: advance.outstanding, instalment: change.advance ?? advance.instalment }
      : undefined,
    lstInstalment: change.lst ?? lstInstalment(lstAnnual(gross), month),
    // A non-resident pays PAYE from the first shilling (the non-resident bands).
    resident: !member.nonResident,
  });
  return {
    year,
    month,
    staffId: member.id,
    basic: member.basicSalary,
    allowances: pay.gross - member.basicSalary,
    gross: pay.gross,
    paye: pay.paye,
    nssfEmployee: pay.nssfEmployee,
    nssfEmployer: pay.nssfEmployer,
    lst: pay.lst,
    advance: pay.advance,
    others: pay.others,
    net: pay.net,
    details: {
      allowances: paidAllowances,
      deductions: pay.otherDeductions,
      advance_id: advance?.id ?? null,
      advance_carried: pay.advanceCarried,
      lst_carried: pay.lstCarried,
      non_resident: member.nonResident,
    },
  };
}

export async function paidMonth(scope: SchoolScope, staffId: number, year: number, month: number) {
  const [row] = await scope.db
    .select({ id: salaryPayments.id })
    .from(salaryPayments)
    .where(
      scope.mine(
        salaryPayments,
        eq(salaryPayments.staffId, staffId),
        eq(salaryPayments.year, year),
        eq(salaryPayments.month, month),
        eq(salaryPayments.status, 'valid'),
      ),
    );
  return row ?? null;
}

/** Pays prepared months from a mode (each its own ledger row, posted), refusing a month already paid. */
export async function payTemps(
  tx: SchoolScope,
  temps: Temp[],
  payment: { mode_id: number; paid_on?: string; reference?: string | null },
) {
  const paidOn = payment.paid_on ?? today();
  if (paidOn > today()) throw new Refusal('The date paid cannot be in the future.');
  await activeMode(tx, payment.mode_id);
  const ids: number[] = [];
  for (const t of temps) {
    if (await paidMonth(tx, t.staffId, t.year, t.month))
      throw new Refusal(`This salary is already paid for ${monthName(t.year, t.month)}.`);
    const { id: _, createdAt: __, updatedAt: ___, prepared: ____, schoolId: _____, ...values } = t;
    const made = await tx.table(salaryPayments, 'staff').insert({
      ...values,
      modeId: payment.mode_id,
      paidOn,
      reference: payment.reference ?? null,
      advanceId: ((t.details as { advance_id?: number | null }).advance_id ?? null) || null,
      recordedBy: tx.actor.name ?? 'System',
    });
    ids.push(made.id);
  }
  await salaryDocument.post(tx, ids);
  return ids;
}

/**
 * Prepares a month's temporary salary for every active staff member with a salary who is not paid for
 * it yet (their unpaid rows are prepared again from today's salaries, allowances, deductions and
 * advances); the paid ones stay as they were paid.
 */
export async function prepareMonth(scope: SchoolScope, input: { year: number; month: number }) {
  await scope.transaction(async (tx) => {
    const members = await tx.db
      .select({ id: staff.id, basicSalary: staff.basicSalary, nonResident: staff.nonResident })
      .from(staff)
      .where(tx.mine(staff, eq(staff.active, true), sql`${staff.basicSalary} > 0`));
    const paid = new Set(
      (
        await tx.db
          .select({ staffId: salaryPayments.staffId })
          .from(salaryPayments)
          .where(
            tx.mine(
              salaryPayments,
              eq(salaryPayments.year, input.year),
              eq(salaryPayments.month, input.month),
              eq(salaryPayments.status, 'valid'),
            ),
          )
      ).map((p) => p.staffId),
    );
    // What is not paid yet is prepared again from today's salaries, allowances, deductions and advances.
    await tx.db
      .delete(salaryTemps)
      .where(
        tx.mine(
          salaryTemps,
          eq(salaryTemps.year, input.year),
          eq(salaryTemps.month, input.month),
          paid.size ? notInArray(salaryTemps.staffId, [...paid]) : undefined,
        ),
      );
    // One member after another: the transaction's connection runs one query at a time.
    const rows = [];
    for (const m of members.filter((m) => !paid.has(m.id)))
      rows.push(await computeMonth(tx, m, input.year, input.month));
    if (rows.length)
      await tx.db.insert(salaryTemps).values(rows.map((r) => ({ ...r, schoolId: tx.schoolId, prepared: true })));
    await tx.audit({
      action: 'prepare',
      module: 'staff',
      entity: 'salary_temps',
      after: { year: input.year, month: input.month, prepared: rows.length, paid: paid.size },
    });
  });
}
