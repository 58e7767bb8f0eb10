import {
  changeSalaryTemp,
  listSalaryPayments,
  listSalaryTemp,
  payAllSalaries,
  paySalary,
  prepareSalaryTemp,
  removeSalaryTemp,
  reverseSalary,
  salaryLedger,
  salaryPayments,
  salaryTemps,
  staff,
  staffAdvances,
  type TempRow,
} from '@somero/contract';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { Conflict, Refusal } from '../../core/errors.js';
import type { ModuleContext } from '../module.js';
import { advanceRoutes, advanceRows } from './advances.js';
import { salaryDocument } from './documents.js';
import { salaryReportRoutes } from './report.js';
import {
  computeMonth,
  monthName,
  monthOf,
  paidMonth,
  payTemps,
  prepareMonth,
  salaryRow,
  salaryRows,
  tempRows,
  totalsOf,
} from './salaries.js';

export function payrollRoutes({ serve }: ModuleContext) {
  advanceRoutes({ serve });
  salaryReportRoutes({ serve });
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
