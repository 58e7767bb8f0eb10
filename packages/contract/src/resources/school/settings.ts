import { boolean, integer, jsonb, text } from 'drizzle-orm/pg-core';
import { changedAt, schools, schoolTable } from '../../resource.js';
import { files } from '../core/files.js';

/** One row per school: what documents print and what later areas default to. The name is on `schools`. */
export const schoolSettings = schoolTable('school_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id),
  motto: text(),
  address: text(),
  phone: text(),
  email: text(),
  website: text(),
  /** MoES registration or UNEB centre number. */
  registrationNo: text('registration_no'),
  currency: text().notNull().default('UGX'),
  logoFileId: integer('logo_file_id').references(() => files.id),
  currentYear: integer('current_year').notNull(),
  currentTerm: integer('current_term').notNull().default(1),
  headTeacher: text('head_teacher'),
  /** Receipt paper: 'a5' or 'thermal' (80 mm). */
  receiptFormat: text('receipt_format').notNull().default('a5'),
  /** Payslips printed two or four to an A4 page. */
  payslipsPerPage: integer('payslips_per_page').notNull().default(2),
  /** Printed on demand notes: bank accounts, mobile money, SchoolPay code instructions. */
  paymentInstructions: text('payment_instructions'),
  /**
   * Requisitions: the one who raised a requisition may not check or approve it, and the one who checked
   * it may not approve it (on by default).
   */
  separateRequisitionSteps: boolean('separate_requisition_steps').notNull().default(true),
  /** SMS to the guardian (issue 15 §4; each off by default): a receipt for every fees payment with the balance… */
  smsFeesReceipts: boolean('sms_fees_receipts').notNull().default(false),
  /** …a note when the student is seen in the sick bay… */
  smsSickbayVisits: boolean('sms_sickbay_visits').notNull().default(false),
  /** …and a note when the register marks the student absent (not excused) today. */
  smsAbsences: boolean('sms_absences').notNull().default(false),
  /**
   * When students may be visited: weekdays (0 Sunday … 6 Saturday) and the hours, Kampala time. None:
   * any time. A visit to a student outside them is recorded only with a reason (an emergency).
   */
  visitingHours: jsonb('visiting_hours').$type<{ days: number[]; from: string; to: string }>(),
  updatedAt: changedAt(),
});
