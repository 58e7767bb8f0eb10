import { salaryPayments, salaryReport, staff, staffAdvances, staffPositions } from '@somero/contract';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import { dayMonthYear } from '../../documents/format.js';
import { heavyJob, payslipsInWorkers } from '../../documents/heavy.js';
import type { ModuleContext } from '../module.js';
import { sendSheet } from '../reports.js';
import { schoolDetailsOf, schoolForDocuments } from '../settings/index.js';
import { advanceRows } from './advances.js';
import { monthName, salaryRows } from './salaries.js';

/**
 * Each staff member's valid pay of Uganda's tax year (1 July to 30 June) up to and including a month:
 * gross, PAYE and the employee's NSSF, for the payslip's year to date.
 */
export async function yearToDate(scope: SchoolScope, year: number, month: number) {
  const startYear = month >= 7 ? year : year - 1;
  const key = sql`${salaryPayments.year} * 12 + ${salaryPayments.month}`;
  const rows = await scope.db
    .select({
      staffId: salaryPayments.staffId,
      gross: sql<number>`sum(${salaryPayments.gross})`.mapWith(Number),
      paye: sql<number>`sum(${salaryPayments.paye})`.mapWith(Number),
      nssf: sql<number>`sum(${salaryPayments.nssfEmployee})`.mapWith(Number),
    })
    .from(salaryPayments)
    .where(
      scope.mine(
        salaryPayments,
        and(eq(salaryPayments.status, 'valid'), gte(key, startYear * 12 + 7), lte(key, year * 12 + month)),
      ),
    )
    .groupBy(salaryPayments.staffId);
  return {
    from: monthName(startYear, 7),
    of: new Map(rows.map((r) => [r.staffId, { gross: r.gross, paye: r.paye, nssf: r.nssf }])),
  };
}

/** A month's payslips (PDF) and its PAYE, NSSF and bank sheets (xlsx). */
export function salaryReportRoutes({ serve }: Pick<ModuleContext, 'serve'>) {
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
    // A month's payslips are a heavy document: read here, drawn in the workers, within the school's limit.
    if (input.kind === 'payslips')
      return heavyJob(reply, async (render) => {
        const people = paid.length
          ? await scope.db
              .select({ id: staff.id, tin: staff.tin, nssf: staff.nssfNumber, position: staffPositions.name })
              .from(staff)
              .leftJoin(
                staffPositions,
                and(eq(staffPositions.schoolId, staff.schoolId), eq(staffPositions.id, staff.positionId)),
              )
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
        const ytd = await yearToDate(scope, input.year, input.month);
        const details = await schoolDetailsOf(scope);
        const pdf = await payslipsInWorkers(
          render,
          await schoolForDocuments(scope, details),
          paid.map((p) => {
            const who = people.find((x) => x.id === p.staff_id);
            const extra = p.details as {
              allowances?: { name: string; amount: number }[];
              deductions?: { name: string; taken: number }[];
              non_resident?: boolean;
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
              allowances: (extra.allowances ?? []).map((a) => ({ name: a.name, amount: a.amount })),
              gross: p.gross,
              paye: p.paye,
              nonResident: extra.non_resident === true,
              nssfEmployee: p.nssf_employee,
              nssfEmployer: p.nssf_employer,
              lst: p.lst,
              deductions: (extra.deductions ?? []).map((d) => ({ name: d.name ?? 'Deduction', amount: d.taken })),
              advance: p.advance,
              advanceOwed: owed.filter((a) => a.staff_id === p.staff_id).reduce((n, a) => n + a.outstanding, 0),
              net: p.net,
              yearToDate: { from: ytd.from, ...(ytd.of.get(p.staff_id) ?? { gross: 0, paye: 0, nssf: 0 }) },
            };
          }),
          details.payslips_per_page,
        );
        return reply.type('application/pdf').header('content-disposition', `inline; filename="${file}.pdf"`).send(pdf);
      });
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
}
