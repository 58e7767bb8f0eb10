import { boolean, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { classes } from '../school/classes.js';
import { streams } from '../school/streams.js';
import { students } from '../students/students.js';

/**
 * Where a student was in each term they were enrolled: class, stream, section and nationality group
 * as they were then. Fees for a past term are charged from this, not from today's class, so
 * promotion never rewrites an old balance.
 */
export const studentTerms = schoolTable(
  'student_terms',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    year: integer().notNull(),
    term: integer().notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    streamId: integer('stream_id').references(() => streams.id),
    section: text().notNull(),
    nationalityGroup: text('nationality_group').notNull(),
    /** Joined the school this term (pays new-entrant items). */
    isNew: boolean('is_new').notNull().default(false),
  },
  (t) => [
    uniqueIndex('student_terms_unique').on(t.schoolId, t.studentId, t.year, t.term),
    index('student_terms_term').on(t.schoolId, t.year, t.term, t.classId),
  ],
);
