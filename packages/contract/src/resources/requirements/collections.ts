import { sql } from 'drizzle-orm';
import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { students } from '../students/students.js';

// Its own file, which the web app never imports, so the table stays out of the app's chunks.
/**
 * What a student has brought of one item in a term (all of it so far, not one delivery) and the money
 * paid instead of items. One row per student, term and item (by name, case-insensitive): a cell of the
 * collection grid, whose `updated_at` is its version. Changes leave audit rows; lowering a cell needs a
 * reason, kept in the audit row.
 */
export const requirementCollections = schoolTable(
  'requirement_collections',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    year: integer().notNull(),
    term: integer().notNull(),
    item: text().notNull(),
    brought: integer().notNull().default(0),
    /** UGX paid instead of items (a whole number of items at the requirement's money value). */
    paid: integer().notNull().default(0),
    recordedBy: text('recorded_by').notNull(),
  },
  (t) => [
    uniqueIndex('requirement_collections_unique').on(t.schoolId, t.studentId, t.year, t.term, sql`lower(${t.item})`),
    index('requirement_collections_term').on(t.schoolId, t.year, t.term),
  ],
);
