import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyColumns } from '../../money-columns.js';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { paymentModes } from '../fees/money.js';
import { staff } from './staff.js';

/** A staff member's standing monthly allowance (housing, responsibility, transport…), chargeable to PAYE. */
export const staffAllowances = schoolTable(
  'staff_allowances',
  {
    ...tenantColumns(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    name: text().notNull(),
    amount: integer().notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [index('staff_allowances_staff').on(t.schoolId, t.staffId)],
);

export const staffAllowanceResource = defineResource(staffAllowances, {
  path: 'staff_allowances',
  module: 'staff',
  label: { one: 'Allowance', many: 'Allowances' },
  access: { read: ['view_staff_payments', 'view_staff'], write: 'view_staff_payments' },
  titleField: 'name',
  fields: {
    staffId: { label: 'Staff member', references: 'staff' },
    name: { label: 'Allowance', max: 80 },
    amount: { label: 'Amount a month (UGX)', kind: 'money' },
    active: { label: 'Paid' },
  },
  list: { columns: ['staffId', 'name', 'amount', 'active'], filters: ['staffId', 'active'] },
});

/**
 * A staff member's standing monthly deduction other than the statutory ones (SACCO, welfare, a loan),
 * taken by each month's salary run while active, with the staff member's written consent (Employment
 * Act 2006 s.46).
 */
export const salaryDeductions = schoolTable(
  'salary_deductions',
  {
    ...tenantColumns(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    name: text().notNull(),
    amount: integer().notNull(),
    active: boolean().notNull().default(true),
    note: text(),
  },
  (t) => [index('salary_deductions_staff').on(t.schoolId, t.staffId)],
);

export const salaryDeductionResource = defineResource(salaryDeductions, {
  path: 'salary_deductions',
  module: 'staff',
  label: { one: 'Salary Deduction', many: 'Salary Deductions' },
  access: { read: ['view_staff_deductions', 'view_staff_payments'], write: 'view_staff_deductions' },
  titleField: 'name',
  fields: {
    staffId: { label: 'Staff member', references: 'staff' },
    name: { label: 'Deduction (SACCO, welfare, loan…)', max: 80 },
    amount: { label: 'Amount a month (UGX)', kind: 'money' },
    active: { label: 'Deducted' },
    note: { label: 'Note', max: 200 },
  },
  list: { columns: ['staffId', 'name', 'amount', 'active', 'note'], filters: ['staffId', 'active'] },
});

/**
 * A salary advance: paid out from a payment mode with the staff member's written consent, recovered by
 * the salary runs in `months` instalments. Voided with a reason while nothing is recovered; never edited
 * in its amount once a run has taken an instalment.
 */
export const staffAdvances = schoolTable(
  'staff_advances',
  {
    ...tenantColumns(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    amount: integer().notNull(),
    givenOn: date('given_on').notNull(),
    modeId: integer('mode_id')
      .notNull()
      .references(() => paymentModes.id),
    months: integer().notNull().default(1),
    consent: text().notNull(),
    reference: text(),
    recordedBy: text('recorded_by').notNull(),
    amendReason: text('amend_reason'),
    ...moneyColumns(),
  },
  (t) => [index('staff_advances_staff').on(t.schoolId, t.staffId)],
);

/** The figures of one staff member's month, as prepared and as paid. */
const payFigures = {
  year: integer().notNull(),
  month: integer().notNull(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id),
  basic: integer().notNull(),
  allowances: integer().notNull(),
  gross: integer().notNull(),
  paye: integer().notNull(),
  nssfEmployee: integer('nssf_employee').notNull(),
  nssfEmployer: integer('nssf_employer').notNull(),
  lst: integer().notNull(),
  advance: integer().notNull(),
  others: integer().notNull(),
  net: integer().notNull(),
  /** Each allowance and other deduction by name, and what was carried forward. */
  details: jsonb().notNull().default({}),
};

/**
 * The temporary salary (specification 2 §4): a month's run prepared for review, one row per staff
 * member, edited before it is paid. `prepared` becomes true once the row is written.
 */
export const salaryTemps = schoolTable(
  'salary_temps',
  {
    ...tenantColumns(),
    ...payFigures,
    prepared: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex('salary_temps_month').on(t.schoolId, t.year, t.month, t.staffId)],
);

/**
 * The salary ledger: a month's pay of a staff member, paid from a payment mode and posted to the
 * journal. Reversed with a reason, never edited; one valid payment per staff member and month.
 */
export const salaryPayments = schoolTable(
  'salary_payments',
  {
    ...tenantColumns(),
    ...payFigures,
    modeId: integer('mode_id')
      .notNull()
      .references(() => paymentModes.id),
    paidOn: date('paid_on').notNull(),
    reference: text(),
    /** The advance this month recovered from. */
    advanceId: integer('advance_id').references(() => staffAdvances.id),
    recordedBy: text('recorded_by').notNull(),
    ...moneyColumns(),
  },
  (t) => [
    uniqueIndex('salary_payments_month').on(t.schoolId, t.staffId, t.year, t.month).where(sql`${t.status} = 'valid'`),
    index('salary_payments_paid').on(t.schoolId, t.paidOn),
  ],
);
