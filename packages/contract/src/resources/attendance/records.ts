import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { classes } from '../school/classes.js';
import { streams } from '../school/streams.js';
import { staff } from '../staff/staff.js';
import { students } from '../students/students.js';
import { rollcallCategories } from './rollcall.js';

// Its own file, which the web app never imports, so the tables stay out of the app's chunks.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A check-in at the gate, of a student (with the class they were in) or a staff member: one a person
 * and Kampala day, the time the server's, and the check-out on the same row.
 */
export const gateAttendance = schoolTable(
  'gate_attendance',
  {
    ...tenantColumns(),
    person: text().notNull(),
    studentId: integer('student_id').references(() => students.id),
    classId: integer('class_id').references(() => classes.id),
    staffId: integer('staff_id').references(() => staff.id),
    /** The Kampala day of the check-in. */
    day: date().notNull(),
    checkedInAt: at('checked_in_at').notNull(),
    checkedInBy: text('checked_in_by').notNull(),
    checkedOutAt: at('checked_out_at'),
    checkedOutBy: text('checked_out_by'),
  },
  (t) => [
    uniqueIndex('gate_attendance_student_day').on(t.schoolId, t.studentId, t.day).where(sql`student_id is not null`),
    uniqueIndex('gate_attendance_staff_day').on(t.schoolId, t.staffId, t.day).where(sql`staff_id is not null`),
    index('gate_attendance_person_day').on(t.schoolId, t.person, t.day),
  ],
);

/** The class register: a class teacher's mark for a student and day (present, absent, late or excused). */
export const classRegister = schoolTable(
  'class_register',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    day: date().notNull(),
    status: text().notNull(),
    markedBy: text('marked_by').notNull(),
  },
  (t) => [
    uniqueIndex('class_register_student_day').on(t.schoolId, t.studentId, t.day),
    index('class_register_day').on(t.schoolId, t.day),
  ],
);

/** A roll called: a category's occasion on a day for a class (or stream) or a house. */
export const rollcalls = schoolTable(
  'rollcalls',
  {
    ...tenantColumns(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => rollcallCategories.id),
    classId: integer('class_id').references(() => classes.id),
    streamId: integer('stream_id').references(() => streams.id),
    house: text(),
    day: date().notNull(),
    takenAt: at('taken_at').notNull(),
    takenBy: text('taken_by').notNull(),
    comment: text(),
  },
  (t) => [
    uniqueIndex('rollcalls_once').on(
      t.schoolId,
      t.categoryId,
      t.day,
      sql`coalesce(class_id, 0)`,
      sql`coalesce(stream_id, 0)`,
      sql`coalesce(house, '')`,
    ),
    index('rollcalls_day').on(t.schoolId, t.day),
  ],
);

/** One student's tick on a roll-call: present or absent; a change keeps who changed it. */
export const rollcallMarks = schoolTable(
  'rollcall_marks',
  {
    ...tenantColumns(),
    rollcallId: integer('rollcall_id')
      .notNull()
      .references(() => rollcalls.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    present: boolean().notNull(),
    changedBy: text('changed_by'),
  },
  (t) => [uniqueIndex('rollcall_marks_student').on(t.schoolId, t.rollcallId, t.studentId)],
);
