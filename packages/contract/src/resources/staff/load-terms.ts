import { index, integer } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { papers, subjects } from '../academics/subjects.js';
import { classes } from '../school/classes.js';
import { streams } from '../school/streams.js';
import { staff } from './staff.js';

/**
 * Each past term's teaching load as it stood when the school moved to the next term (ARCHITECTURE §10,
 * Staff): `staff_subjects` is the load now, carried from term to term; "copy from last term" fills
 * its empty cells from the previous term's rows here. Written only by the staff area.
 */
export const teachingLoadTerms = schoolTable(
  'teaching_load_terms',
  {
    ...tenantColumns(),
    year: integer().notNull(),
    term: integer().notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    streamId: integer('stream_id').references(() => streams.id),
    paperId: integer('paper_id').references(() => papers.id),
  },
  (t) => [index('teaching_load_terms_term').on(t.schoolId, t.year, t.term)],
);
