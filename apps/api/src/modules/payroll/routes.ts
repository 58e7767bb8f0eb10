import {
  type AdvanceRow,
  addAdvance,
  amendAdvance,
  changeSalaryTemp,
  listAdvances,
  listSalaryPayments,
  listSalaryTemp,
  payAllSalaries,
  paymentModes,
  paySalary,
  prepareSalaryTemp,
  removeSalaryTemp,
  reverseSalary,
  type SalaryRow,
  salaryDeductions,
  salaryLedger,
  salaryPayments,
  salaryReport,
  salaryTemps,
  staff,
  staffAdvances,
  staffAllowances,
  staffPositions,
  type TempRow,
  voidAdvance,
} from '@somero/contract';
import { lstAnnual, lstInstalment, monthlyPay, repaymentPlan } from '@somero/payroll';
import { and, asc, count, desc, eq, inArray, notInArray, type SQL, sql, sum } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import { Conflict, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { dayMonthYear } from '../../documents/format.js';
import { payslipsPdf } from '../../documents/payslips.js';
import { activeMode } from '../fees/index.js';
import type { ModuleContext } from '../module.js';
import { sendSheet } from '../reports.js';
import { schoolForDocuments } from '../settings/index.js';
import { advanceDocument, salaryDocument } from './documents.js';

type Temp = typeof salaryTemps.$inferSelect;
type Payment = typeof salaryPayments.$inferSelect;
const figures = ['gross', 'paye', 'nssf_employee', 'nssf_employer', 'lst', 'advance', 'others', 'net'] as const;
const monthName = (year: number, month: number) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What each of some advances has had taken back by valid salary payments. */
async function recoveredOf(scope: SchoolScope, advanceIds: number[]) {
  if (!advanceIds.length) return new Map<number, number>();
  const rows = await scope.db
    .select({ id: salaryPayments.advanceId, n: sum(salaryPayments.advance) })
    .from(salaryPayments)
    .where(
      scope.mine(salaryPayments, eq(salaryPayments.status, 'valid'), inArray(salaryPayments.advanceId, advanceIds)),
    )
    .groupBy(salaryPayments.advanceId);
  return new Map(rows.map((r) => [r.id as number, Number(r.n ?? 0)]));
}

async function advanceRows(scope: SchoolScope, where: SQL): Promise<AdvanceRow[]> {
  const rows = await scope.db
    .select({ a: staffAdvances, name: staff.name, mode: paymentModes.name })
    .from(staffAdvances)
    .innerJoin(staff, eq(staff.id, staffAdvances.staffId))
    .innerJoin(paymentModes, eq(paymentModes.id, staffAdvances.modeId))
    .where(where)
    .orderBy(desc(staffAdvances.givenOn), desc(staffAdvances.id));
  const recovered = await recoveredOf(
    scope,
    rows.map((r) => r.a.id),
  );
  return rows.map(({ a, name, mode }) => {
    const back = recovered.get(a.id) ?? 0;
    return {
      id: a.id,
      staff_id: a.staffId,
      staff_name: name,
      amount: a.amount,
      given_on: a.givenOn,
      mode_id: a.modeId,
      mode_name: mode,
      months: a.months,
      consent: a.consent,
      reference: a.reference,
      recovered: back,
      outstanding: a.status === 'valid' ? a.amount - back : 0,
      status: a.status,
      void_reason: a.voidReason,
    };
  });
}

async function advanceRow(scope: SchoolScope, id: number) {
  const [row] = await advanceRows(scope, scope.mine(staffAdvances, eq(staffAdvances.id, id)));
  if (!row) throw new NotFound('advance');
  return row;
}

function checkAdvance(input: { amount: number; given_on?: string }) {
  if (input.amount <= 0) throw new Refusal('Enter an amount above zero, in whole shillings.');
  if ((input.given_on ?? today()) > today()) throw new Refusal('The date given cannot be in the future.');
}

const figuresOf = (r: Temp | Payment) => ({
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
const totalsOf = (rows: Record<(typeof figures)[number], number>[]) =>
  Object.fromEntries(figures.map((f) => [f, rows.reduce((n, r) => n + r[f], 0)])) as Record<
    (typeof figures)[number],
    number
  >;

async function tempRows(scope: SchoolScope, where: SQL): Promise<TempRow[]> {
  const rows = await scope.db
    .select({ t: salaryTemps, name: staff.name, bank: staff.bankName, account: staff.bankAccount })
    .from(salaryTemps)
    .innerJoin(staff, eq(staff.id, salaryTemps.staffId))
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

async function monthOf(scope: SchoolScope, year: number, month: number) {
  const rows = await tempRows(scope, scope.mine(salaryTemps, eq(salaryTemps.year, year), eq(salaryTemps.month, month)));
  return { rows, totals: totalsOf(rows) };
}

async function salaryRows(
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
    .innerJoin(staff, eq(staff.id, salaryPayments.staffId))
    .innerJoin(paymentModes, eq(paymentModes.id, salaryPayments.modeId))
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
    status: p.status,
    void_reason: p.voidReason,
  }));
}

async function salaryRow(scope: SchoolScope, id: number) {
  const [row] = await salaryRows(scope, scope.mine(salaryPayments, eq(salaryPayments.id, id)));
  if (!row) throw new NotFound('salary payment');
  return row;
}

/** A staff member's oldest advance still owed: what is outstanding and this month's planned instalment. */
async function advanceDue(scope: SchoolScope, staffId: number) {
  const advances = await scope.db
    .select()
    .from(staffAdvances)
    .where(scope.mine(staffAdvances, eq(staffAdvances.staffId, staffId), eq(staffAdvances.status, 'valid')))
    .orderBy(asc(staffAdvances.givenOn), asc(staffAdvances.id));
  const recovered = await recoveredOf(
    scope,
    advances.map((a) => a.id),
  );
  for (const a of advances) {
    const outstanding = a.amount - (recovered.get(a.id) ?? 0);
    if (outstanding > 0) return { id: a.id, outstanding, instalment: repaymentPlan(a.amount, a.months)[0] as number };
  }
  return null;
}

/**
 * One staff member's month by the statutory rules (`@somero/payroll`): basic and allowances, PAYE,
 * NSSF, the month's LST instalment, other deductions and the advance instalment; `change` gives the
 * bursar's corrections of a prepared month.
 */
async function computeMonth(
  scope: SchoolScope,
  member: { id: number; basicSalary: number },
  year: number,
  month: number,
  change: { allowances?: number; others?: number; advance?: number; lst?: number } = {},
) {
  const [allowances, deductions, advance] = await Promise.all([
    scope.db
      .select({ name: staffAllowances.name, amount: staffAllowances.amount })
      .from(staffAllowances)
      .where(scope.mine(staffAllowances, eq(staffAllowances.staffId, member.id), eq(staffAllowances.active, true))),
    scope.db
      .select({ name: salaryDeductions.name, amount: salaryDeductions.amount })
      .from(salaryDeductions)
      .where(scope.mine(salaryDeductions, eq(salaryDeductions.staffId, member.id), eq(salaryDeductions.active, true))),
    advanceDue(scope, member.id),
  ]);
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
    },
  };
}

async function paidMonth(scope: SchoolScope, staffId: number, year: number, month: number) {
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
      .select({ id: staff.id, basicSalary: staff.basicSalary })
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
    const rows = await Promise.all(
      members.filter((m) => !paid.has(m.id)).map((m) => computeMonth(tx, m, input.year, input.month)),
    );
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

export function payrollRoutes({ serve }: ModuleContext) {
  serve(listAdvances, async ({ input, scope }) => ({
    data: await advanceRows(
      scope,
      scope.mine(staffAdvances, input.staff_id ? eq(staffAdvances.staffId, input.staff_id) : undefined),
    ),
  }));

  serve(addAdvance, async ({ input, scope }) => {
    checkAdvance(input);
    const id = await scope.transaction(async (tx) => {
      await tx.table(staff, 'staff').find(input.staff_id, 'staff member');
      await activeMode(tx, input.mode_id);
      const made = await tx.table(staffAdvances, 'staff').insert({
        staffId: input.staff_id,
        amount: input.amount,
        givenOn: input.given_on ?? today(),
        modeId: input.mode_id,
        months: input.months,
        consent: input.consent,
        reference: input.reference ?? null,
        recordedBy: tx.actor.name ?? 'System',
      });
      await advanceDocument.post(tx, [made.id]);
      return made.id;
    });
    return { data: await advanceRow(scope, id), message: 'Advance recorded Successfully' };
  });

  serve(amendAdvance, async ({ id, input, scope }) => {
    checkAdvance(input);
    await scope.transaction(async (tx) => {
      const before = await advanceDocument.lockValid(tx, id);
      const back = (await recoveredOf(tx, [id])).get(id) ?? 0;
      if (back > 0 && input.amount !== before.amount)
        throw new Refusal(`UGX ${back.toLocaleString('en-GB')} of this advance is recovered: its amount stays.`);
      await activeMode(tx, input.mode_id);
      const { reason, ...fields } = input;
      await tx.table(staffAdvances, 'staff').update(
        id,
        {
          amount: fields.amount,
          givenOn: fields.given_on ?? before.givenOn,
          modeId: fields.mode_id,
          months: fields.months,
          consent: fields.consent,
          reference: fields.reference ?? null,
          amendReason: reason,
        },
        'amend',
      );
      await advanceDocument.repost(tx, id, `amended: ${reason}`);
    });
    return { data: await advanceRow(scope, id), message: 'Advance updated Successfully' };
  });

  serve(voidAdvance, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const back = (await recoveredOf(tx, [id])).get(id) ?? 0;
      if (back > 0)
        throw new Refusal(
          `UGX ${back.toLocaleString('en-GB')} of this advance is recovered by salaries: reverse those first.`,
        );
      await advanceDocument.void(tx, id, input.reason);
    });
    return { data: await advanceRow(scope, id), message: 'Advance voided' };
  });

  serve(listSalaryTemp, async ({ input, scope }) => ({ data: await monthOf(scope, input.year, input.month) }));

  serve(prepareSalaryTemp, async ({ input, scope }) => {
    await prepareMonth(scope, input);
    return { data: await monthOf(scope, input.year, input.month), message: 'Salaries prepared Successfully' };
  });

  serve(changeSalaryTemp, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const t = await tx.table(salaryTemps, 'staff').find(id, 'prepared salary');
      if (await paidMonth(tx, t.staffId, t.year, t.month))
        throw new Conflict(`This salary is paid for ${monthName(t.year, t.month)}: reverse the payment to change it.`);
      const member = await tx.table(staff, 'staff').find(t.staffId, 'staff member');
      const values = await computeMonth(tx, member, t.year, t.month, input);
      await tx.table(salaryTemps, 'staff').update(id, values, 'change');
    });
    const [row] = await tempRows(scope, scope.mine(salaryTemps, eq(salaryTemps.id, id)));
    return { data: row as TempRow, message: 'Changes Saved Successfully' };
  });

  serve(removeSalaryTemp, async ({ id, scope }) => {
    await scope.transaction(async (tx) => {
      const t = await tx.table(salaryTemps, 'staff').find(id, 'prepared salary');
      if (await paidMonth(tx, t.staffId, t.year, t.month))
        throw new Conflict(`This salary is paid for ${monthName(t.year, t.month)}.`);
      await tx.table(salaryTemps, 'staff').remove(id);
    });
    return { data: null, message: 'Removed from this month' };
  });

  serve(paySalary, async ({ input, scope }) => {
    const [id] = await scope.transaction(async (tx) => {
      const t = await tx.table(salaryTemps, 'staff').find(input.temp_id, 'prepared salary');
      return payTemps(tx, [t], input);
    });
    return { data: await salaryRow(scope, id as number), message: 'Salary Paid Successfully' };
  });

  serve(payAllSalaries, async ({ input, scope }) => {
    const ids = await scope.transaction(async (tx) => {
      const temps = await tx.db
        .select()
        .from(salaryTemps)
        .where(tx.mine(salaryTemps, eq(salaryTemps.year, input.year), eq(salaryTemps.month, input.month)));
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
      const due = temps.filter((t) => !paid.has(t.staffId));
      if (!due.length)
        throw new Refusal(`Nothing to pay for ${monthName(input.year, input.month)}: prepare the month first.`);
      return payTemps(tx, due, input);
    });
    const rows = await salaryRows(scope, scope.mine(salaryPayments, inArray(salaryPayments.id, ids)));
    return { data: { paid: rows.length, totals: totalsOf(rows) }, message: 'Salaries Paid Successfully' };
  });

  serve(reverseSalary, async ({ id, input, scope }) => {
    await salaryDocument.void(scope, id, input.reason);
    return { data: await salaryRow(scope, id), message: 'Salary payment reversed' };
  });

  serve(salaryLedger, async ({ id, scope }) => {
    const member = await scope.table(staff, 'staff').find(id, 'staff member');
    const [payments, advances] = await Promise.all([
      salaryRows(scope, scope.mine(salaryPayments, eq(salaryPayments.staffId, id))),
      advanceRows(scope, scope.mine(staffAdvances, eq(staffAdvances.staffId, id))),
    ]);
    return {
      data: {
        staff: { id: member.id, name: member.name },
        payments,
        advance_outstanding: advances.reduce((n, a) => n + a.outstanding, 0),
      },
    };
  });

  serve(salaryReport, async ({ input, scope, reply }) => {
    const paid = await salaryRows(
      scope,
      scope.mine(
        salaryPayments,
        eq(salaryPayments.year, input.year),
        eq(salaryPayments.month, input.month),
        eq(salaryPayments.status, 'valid'),
        input.staff_id ? eq(salaryPayments.staffId, input.staff_id) : undefined,
      ),
    );
    const label = monthName(input.year, input.month);
    const file = `${input.kind}_${input.year}_${String(input.month).padStart(2, '0')}`;
    if (input.kind === 'payslips') {
      const people = paid.length
        ? await scope.db
            .select({ id: staff.id, tin: staff.tin, nssf: staff.nssfNumber, position: staffPositions.name })
            .from(staff)
            .leftJoin(staffPositions, eq(staffPositions.id, staff.positionId))
            .where(
              scope.mine(
                staff,
                inArray(
                  staff.id,
                  paid.map((p) => p.staff_id),
                ),
              ),
            )
        : [];
      const owed = await advanceRows(scope, scope.mine(staffAdvances, eq(staffAdvances.status, 'valid')));
      const pdf = await payslipsPdf(
        await schoolForDocuments(scope),
        paid.map((p) => {
          const who = people.find((x) => x.id === p.staff_id);
          const details = p.details as {
            allowances?: { name: string; amount: number }[];
            deductions?: { name: string; taken: number }[];
          };
          return {
            month: label,
            name: p.staff_name,
            position: who?.position ?? null,
            nssfNumber: who?.nssf ?? null,
            tin: who?.tin ?? null,
            bank: p.bank,
            paidOn: dayMonthYear(p.paid_on),
            basic: p.basic,
            allowances: (details.allowances ?? []).map((a) => ({ name: a.name, amount: a.amount })),
            gross: p.gross,
            paye: p.paye,
            nssfEmployee: p.nssf_employee,
            nssfEmployer: p.nssf_employer,
            lst: p.lst,
            deductions: (details.deductions ?? []).map((d) => ({ name: d.name ?? 'Deduction', amount: d.taken })),
            advance: p.advance,
            advanceOwed: owed.filter((a) => a.staff_id === p.staff_id).reduce((n, a) => n + a.outstanding, 0),
            net: p.net,
          };
        }),
      );
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${file}.pdf"`).send(pdf);
    }
    const people = await scope.db
      .select({
        id: staff.id,
        tin: staff.tin,
        nssf: staff.nssfNumber,
        bank: staff.bankName,
        account: staff.bankAccount,
      })
      .from(staff)
      .where(scope.mine(staff));
    const of = (id: number) => people.find((x) => x.id === id);
    const sheets = {
      paye: {
        title: `PAYE ${label}`,
        columns: [
          { header: 'Name', key: 'name', width: 28 },
          { header: 'TIN', key: 'tin', width: 14 },
          { header: 'Gross pay (UGX)', key: 'gross', width: 16 },
          { header: 'LST (UGX)', key: 'lst', width: 12 },
          { header: 'Chargeable (UGX)', key: 'chargeable', width: 16 },
          { header: 'PAYE (UGX)', key: 'paye', width: 14 },
        ],
        rows: paid.map((p) => ({
          name: p.staff_name,
          tin: of(p.staff_id)?.tin ?? '',
          gross: p.gross,
          lst: p.lst,
          chargeable: p.gross - p.lst,
          paye: p.paye,
        })),
        total: { name: 'Total', gross: 0, lst: 0, chargeable: 0, paye: 0 },
      },
      nssf: {
        title: `NSSF ${label}`,
        columns: [
          { header: 'Name', key: 'name', width: 28 },
          { header: 'NSSF number', key: 'nssf', width: 16 },
          { header: 'Gross pay (UGX)', key: 'gross', width: 16 },
          { header: 'Employee 5 % (UGX)', key: 'employee', width: 18 },
          { header: 'Employer 10 % (UGX)', key: 'employer', width: 18 },
          { header: 'Total 15 % (UGX)', key: 'total', width: 16 },
        ],
        rows: paid.map((p) => ({
          name: p.staff_name,
          nssf: of(p.staff_id)?.nssf ?? '',
          gross: p.gross,
          employee: p.nssf_employee,
          employer: p.nssf_employer,
          total: p.nssf_employee + p.nssf_employer,
        })),
        total: { name: 'Total', gross: 0, employee: 0, employer: 0, total: 0 },
      },
      bank: {
        title: `Salaries ${label}`,
        columns: [
          { header: 'Name', key: 'name', width: 28 },
          { header: 'Bank', key: 'bank', width: 18 },
          { header: 'Account number', key: 'account', width: 20 },
          { header: 'Net pay (UGX)', key: 'net', width: 16 },
        ],
        rows: paid
          .filter((p) => of(p.staff_id)?.account)
          .map((p) => ({
            name: p.staff_name,
            bank: of(p.staff_id)?.bank ?? '',
            account: of(p.staff_id)?.account ?? '',
            net: p.net,
          })),
        total: { name: 'Total', net: 0 },
      },
    };
    const sheet = sheets[input.kind];
    const total: Record<string, unknown> = { ...sheet.total };
    for (const key of Object.keys(total).filter((k) => k !== 'name'))
      total[key] = sheet.rows.reduce((n, r) => n + Number((r as Record<string, unknown>)[key] ?? 0), 0);
    return sendSheet(reply, `${file}.xlsx`, sheet.title, sheet.columns, [...sheet.rows, total]);
  });

  serve(listSalaryPayments, async ({ input, scope }) => {
    const where = scope.mine(
      salaryPayments,
      input.year ? eq(salaryPayments.year, input.year) : undefined,
      input.month ? eq(salaryPayments.month, input.month) : undefined,
      input.staff_id ? eq(salaryPayments.staffId, input.staff_id) : undefined,
    );
    const [rows, [n], valid] = await Promise.all([
      salaryRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db.select({ n: count() }).from(salaryPayments).where(where),
      salaryRows(scope, and(where, eq(salaryPayments.status, 'valid')) as SQL),
    ]);
    return { data: rows, page: input.page, per_page: input.per_page, total: n?.n ?? 0, totals: totalsOf(valid) };
  });
}
