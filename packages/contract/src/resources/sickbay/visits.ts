import { index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { classes } from '../school/classes.js';
import { staff } from '../staff/staff.js';
import { students } from '../students/students.js';
import { sickbayProblems } from './sickbay.js';

// Its own file, which the web app never imports, so the table stays out of the app's chunks.
/**
 * One visit to the sick bay, by a student (with the class they were in) or a staff member. Status goes
 * added → edited → closed; a mistake is deleted with a reason and stays listed as deleted.
 */
export const sickbayVisits = schoolTable(
  'sickbay_visits',
  {
    ...tenantColumns(),
    patient: text().notNull(),
    studentId: integer('student_id').references(() => students.id),
    classId: integer('class_id').references(() => classes.id),
    staffId: integer('staff_id').references(() => staff.id),
    visitedAt: timestamp('visited_at', { withTimezone: true, mode: 'date' }).notNull(),
    problemId: integer('problem_id').references(() => sickbayProblems.id),
    complaint: text().notNull(),
    /** Tenths of a degree Celsius (37.5 °C is 375). */
    temperature: integer(),
    treatment: text(),
    drugs: text(),
    notes: text(),
    /** Where they went: back to class (or work), home, or referred to a health centre or hospital. */
    outcome: text(),
    referredTo: text('referred_to'),
    attendedBy: text('attended_by').notNull(),
    status: text().notNull().default('added'),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    deleteReason: text('delete_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedBy: text('deleted_by'),
  },
  (t) => [
    index('sickbay_visits_school_time').on(t.schoolId, t.patient, t.visitedAt),
    index('sickbay_visits_student').on(t.schoolId, t.studentId),
  ],
);
