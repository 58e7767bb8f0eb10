import { boolean, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordedAt, schoolTable, tenantColumns } from '../../resource.js';
import { classes } from '../school/classes.js';
import { students } from '../students/students.js';

/**
 * The last report card printed for each student in a term, and whether it was withheld for fees: what
 * the head teacher's dashboard counts. A print again replaces the row (the latest card is the one handed out).
 */
export const reportCardPrints = schoolTable(
  'report_card_prints',
  {
    ...tenantColumns(),
    year: integer().notNull(),
    term: integer().notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    /** The layout printed (`reportKinds`). */
    kind: text().notNull(),
    withheld: boolean().notNull().default(false),
    printedAt: recordedAt('printed_at'),
  },
  (t) => [uniqueIndex('report_card_prints_student').on(t.schoolId, t.year, t.term, t.studentId)],
);
