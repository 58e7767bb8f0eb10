import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import { moneyStatusRow } from '../money-columns.js';
import { amendmentsCall, id, money, optionalDate, optionalText, paging, reason } from './fields.js';

/**
 * Payroll (issue 13 §1): advances, the month's temporary salary, paying it (the salary ledger) and the
 * payments list. The rules are `@somero/payroll`'s; the calls keep the school's records.
 */

const year = z.number().int().min(2000).max(2100);
const month = z.number().int().min(1, 'A month is 1 to 12').max(12, 'A month is 1 to 12');

export const advanceRow = z.object({
  id: z.number(),
  staff_id: z.number(),
  staff_name: z.string(),
  amount: z.number(),
  given_on: z.string(),
  mode_id: z.number(),
  mode_name: z.string(),
  months: z.number(),
  consent: z.string(),
  reference: z.string().nullable(),
  /** What the salary runs have taken back so far, and what is still owed. */
  recovered: z.number(),
  outstanding: z.number(),
  ...moneyStatusRow,
});
export type AdvanceRow = z.infer<typeof advanceRow>;

const advanceInput = z.object({
  staff_id: id,
  amount: money,
  given_on: optionalDate,
  mode_id: id,
  months: z.number().int().min(1, 'At least one month').max(24, 'At most 24 months'),
  consent: z.string().trim().min(3, "Record the staff member's written consent (e.g. the signed form)").max(300),
  reference: optionalText(100),
});

export const listAdvances = defineCall({
  method: 'GET',
  path: 'advances',
  access: 'view_staff_advances',
  summary: 'Salary advances, newest first, with what is recovered and still owed',
  input: z.object({ staff_id: z.coerce.number().int().positive().optional() }),
  output: z.array(advanceRow),
});
export const addAdvance = defineCall({
  method: 'POST',
  path: 'advances',
  access: 'view_staff_advances',
  money: true,
  summary: 'Pay a staff member an advance from a payment mode, with their consent and a repayment plan',
  input: advanceInput,
  output: advanceRow,
});
export const amendAdvance = defineCall({
  method: 'PUT',
  path: 'advances/{id}',
  access: 'view_staff_advances',
  money: true,
  summary: 'Correct an advance with a reason (its amount only while nothing is recovered); it is posted again',
  input: advanceInput.omit({ staff_id: true }).extend({ reason }),
  output: advanceRow,
});
export const voidAdvance = defineCall({
  method: 'DELETE',
  path: 'advances/{id}',
  access: 'view_staff_advances',
  money: true,
  summary: 'Void an advance nothing has been recovered from, with a reason; it stays listed as void',
  input: z.object({ reason }),
  output: advanceRow,
});

export const payRow = z.object({
  id: z.number(),
  year: z.number(),
  month: z.number(),
  staff_id: z.number(),
  staff_name: z.string(),
  bank: z.string().nullable(),
  basic: z.number(),
  allowances: z.number(),
  gross: z.number(),
  paye: z.number(),
  nssf_employee: z.number(),
  nssf_employer: z.number(),
  lst: z.number(),
  advance: z.number(),
  others: z.number(),
  net: z.number(),
  details: z.record(z.string(), z.unknown()),
});
export const tempRow = payRow.extend({ prepared: z.boolean(), paid: z.boolean() });
export const salaryRow = payRow.extend({
  mode_id: z.number(),
  mode_name: z.string(),
  paid_on: z.string(),
  reference: z.string().nullable(),
  ...moneyStatusRow,
});
export type TempRow = z.infer<typeof tempRow>;
export type SalaryRow = z.infer<typeof salaryRow>;

const figures = ['gross', 'paye', 'nssf_employee', 'nssf_employer', 'lst', 'advance', 'others', 'net'] as const;
export const payTotals = z.object(
  Object.fromEntries(figures.map((f) => [f, z.number()])) as Record<(typeof figures)[number], z.ZodNumber>,
);

export const listSalaryTemp = defineCall({
  method: 'GET',
  path: 'salary_temp',
  access: 'view_staff_payments',
  summary: "A month's temporary salary: each staff member's prepared figures, and the month's totals",
  input: z.object({ year: z.coerce.number().int().min(2000).max(2100), month: z.coerce.number().int().min(1).max(12) }),
  output: z.object({ rows: z.array(tempRow), totals: payTotals }),
});
export const prepareSalaryTemp = defineCall({
  method: 'POST',
  path: 'salary_temp',
  access: 'view_staff_payments',
  money: true,
  summary:
    "Prepare a month's salary for every active staff member with a salary: gross, PAYE, NSSF, LST, advance instalments, other deductions and net (rows not yet paid are prepared again)",
  input: z.object({ year, month }),
  output: z.object({ rows: z.array(tempRow), totals: payTotals }),
});
export const changeSalaryTemp = defineCall({
  method: 'PUT',
  path: 'salary_temp/{id}',
  access: 'view_staff_payments',
  money: true,
  summary:
    "Change a prepared month before it is paid (the month's allowances, other deductions, the advance taken, LST); the taxes are worked out again",
  input: z.object({
    allowances: money.min(0).optional(),
    others: money.min(0).optional(),
    advance: money.min(0).optional(),
    lst: money.min(0).optional(),
  }),
  output: tempRow,
});
export const removeSalaryTemp = defineCall({
  method: 'DELETE',
  path: 'salary_temp/{id}',
  access: 'view_staff_payments',
  summary: "Leave a staff member out of a month's run before it is paid",
  input: noInput,
  output: z.null(),
});

const payment = { mode_id: id, paid_on: optionalDate, reference: optionalText(100) };
export const paySalary = defineCall({
  method: 'POST',
  path: 'salary_ledger',
  access: 'view_staff_payments',
  money: true,
  summary: "Pay one staff member's prepared month from a payment mode (posted to the journal)",
  input: z.object({ temp_id: id, ...payment }),
  output: salaryRow,
});
export const payAllSalaries = defineCall({
  method: 'POST',
  path: 'pay_salary_all',
  access: 'view_staff_payments',
  money: true,
  summary: 'Pay every prepared, unpaid salary of a month from a payment mode, in one go',
  input: z.object({ year, month, ...payment }),
  output: z.object({ paid: z.number(), totals: payTotals }),
});
export const reverseSalary = defineCall({
  method: 'DELETE',
  path: 'salary_ledger/{id}',
  access: 'view_staff_payments',
  money: true,
  summary: 'Reverse a salary payment with a reason; it stays listed as void and the month may be paid again',
  input: z.object({ reason }),
  output: salaryRow,
});
export const salaryLedger = defineCall({
  method: 'GET',
  path: 'salary_ledger/{id}',
  access: 'view_salary_ledger',
  summary: "A staff member's salary ledger: every month paid (gross, deductions, net) and the advance still owed",
  input: noInput,
  output: z.object({
    staff: z.object({ id: z.number(), name: z.string() }),
    payments: z.array(salaryRow),
    advance_outstanding: z.number(),
  }),
});
export const listSalaryPayments = defineCall({
  method: 'POST',
  path: 'salary_payments',
  access: 'view_staff_payments',
  summary: 'Salary payments by year, month and staff member, newest first, with the totals of the valid ones',
  input: z.object({ ...paging, year: year.optional(), month: month.optional(), staff_id: id.optional() }),
  output: z.array(salaryRow),
  paged: true as const,
  totals: payTotals,
});

/** A month's salary documents: the payslips (PDF), the PAYE and NSSF schedules and the bank sheet (xlsx). */
export const salaryReport = defineCall({
  method: 'POST',
  path: 'salary_report',
  access: 'view_staff_payments',
  summary:
    "A paid month's documents: payslips as one PDF (or one staff member's), the PAYE and NSSF schedules for the returns, the bank bulk-payment sheet",
  input: z.object({
    year,
    month,
    kind: z.enum(['payslips', 'paye', 'nssf', 'bank']),
    staff_id: id.optional(),
  }),
  output: z.unknown(),
  file: 'pdf' as const,
});

export const advanceAmendmentList = amendmentsCall(
  'advance_amendments/{id}',
  'view_staff_advances',
  "A salary advance's amendments, oldest first",
);

export const payrollCalls: Call[] = [
  advanceAmendmentList,
  salaryReport,
  listAdvances,
  addAdvance,
  amendAdvance,
  voidAdvance,
  listSalaryTemp,
  prepareSalaryTemp,
  changeSalaryTemp,
  removeSalaryTemp,
  paySalary,
  payAllSalaries,
  reverseSalary,
  salaryLedger,
  listSalaryPayments,
];
