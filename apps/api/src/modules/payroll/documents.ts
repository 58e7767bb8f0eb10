import { salaryPayments, staff, staffAdvances } from '@somero/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { type Entry, moneyDocument, type PostingLine } from '../journal/index.js';

const monthName = (year: number, month: number) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A salary advance: Dr staff advances (owed back by the staff member), Cr the mode it was paid from. */
export const advanceDocument = moneyDocument({
  kind: 'advance',
  table: staffAdvances,
  module: 'staff',
  noun: 'advance',
  async postings(scope, ids) {
    const rows = await scope.db
      .select({ a: staffAdvances, name: staff.name })
      .from(staffAdvances)
      .innerJoin(staff, and(eq(staff.schoolId, staffAdvances.schoolId), eq(staff.id, staffAdvances.staffId)))
      .where(scope.mine(staffAdvances, inArray(staffAdvances.id, ids), eq(staffAdvances.status, 'valid')));
    return rows.map(({ a, name }) => ({
      date: a.givenOn,
      source: { kind: 'advance', id: a.id },
      memo: `Salary advance to ${name}`,
      reference: a.reference,
      lines: [
        { account: 'staff_advances', debit: a.amount },
        { account: `mode:${a.modeId}`, credit: a.amount },
      ],
    }));
  },
});

/**
 * A month's salary paid: Dr salaries (gross) and the employer's NSSF; Cr the mode (net pay), PAYE,
 * NSSF (both shares) and LST payable, staff advances (what was recovered) and staff deductions payable
 * (SACCO, welfare, loans, to be passed on).
 */
export const salaryDocument = moneyDocument({
  kind: 'salary',
  table: salaryPayments,
  module: 'staff',
  noun: 'salary payment',
  async postings(scope, ids) {
    const rows = await scope.db
      .select({ p: salaryPayments, name: staff.name })
      .from(salaryPayments)
      .innerJoin(staff, and(eq(staff.schoolId, salaryPayments.schoolId), eq(staff.id, salaryPayments.staffId)))
      .where(scope.mine(salaryPayments, inArray(salaryPayments.id, ids), eq(salaryPayments.status, 'valid')));
    return rows.map(({ p, name }): Entry => {
      const lines: PostingLine[] = [
        { account: 'salaries_expense', debit: p.gross },
        { account: 'employer_nssf_expense', debit: p.nssfEmployer },
        { account: `mode:${p.modeId}`, credit: p.net },
        { account: 'paye_payable', credit: p.paye },
        { account: 'nssf_payable', credit: p.nssfEmployee + p.nssfEmployer },
        { account: 'lst_payable', credit: p.lst },
        { account: 'staff_advances', credit: p.advance },
        { account: 'staff_deductions_payable', credit: p.others },
      ];
      return {
        date: p.paidOn,
        source: { kind: 'salary', id: p.id },
        memo: `Salary of ${name} for ${monthName(p.year, p.month)}`,
        reference: p.reference,
        // A shilling figure of nothing (no advance this month) is no line.
        lines: lines.filter((l) => (l.debit ?? 0) + (l.credit ?? 0) > 0),
      };
    });
  },
});
