import { sql } from 'drizzle-orm';
import { integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { subjects } from '../academics/subjects.js';
import { classes } from '../school/classes.js';
import { streams } from '../school/streams.js';

/**
 * The initials printed beside a subject on a class's marksheets and report cards (`update_initials`).
 * No row: the initials of the staff member whose teaching load holds the subject in that class. A row
 * for a stream wins over the row for the whole class (no stream).
 */
export const subjectInitials = schoolTable(
  'subject_initials',
  {
    ...tenantColumns(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    streamId: integer('stream_id').references(() => streams.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    initials: text().notNull(),
  },
  (t) => [uniqueIndex('subject_initials_cell').on(t.schoolId, t.classId, sql`coalesce(${t.streamId}, 0)`, t.subjectId)],
);
