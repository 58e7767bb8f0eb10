import { sql } from 'drizzle-orm';
import { integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';

export const examSetCurricula = [
  { value: 'all', label: 'All classes' },
  { value: 'old', label: 'Old O-Level curriculum' },
  { value: 'new', label: 'New lower secondary curriculum' },
  { value: 'alevel', label: 'A-Level' },
] as const;

/** An examination sitting of a term: BOT, MOT, EOT, Test 1, Mock. */
export const examSets = schoolTable(
  'exam_sets',
  {
    ...tenantColumns(),
    name: text().notNull(),
    year: integer().notNull(),
    term: integer().notNull(),
    maxMark: integer('max_mark').notNull().default(100),
    curriculum: text().notNull().default('all'),
    rank: integer().notNull().default(0),
    /**
     * The classes that sit the set; empty: every class (of its curriculum). An array, not a link table:
     * the engine checks each id is a class of the school, and a class a set names is not removed.
     */
    classIds: integer('class_ids').array().notNull().default([]),
  },
  (t) => [uniqueIndex('exam_sets_term_name').on(t.schoolId, t.year, t.term, sql`lower(${t.name})`)],
);

export const examSetResource = defineResource(examSets, {
  path: 'exam_sets',
  module: 'exams',
  label: { one: 'Exam Set', many: 'Exam Sets' },
  access: 'view_exam_sets',
  titleField: 'name',
  fields: {
    name: { label: 'Exam set', max: 40 },
    year: { label: 'Year', min: 2000, max: 2100, current: 'year' },
    term: { label: 'Term', min: 1, max: 3, current: 'term' },
    maxMark: { label: 'Maximum mark', min: 1, max: 1000 },
    curriculum: { label: 'Curriculum', options: examSetCurricula },
    classIds: {
      label: 'For classes',
      references: 'classes',
      none: 'All classes',
      help: 'Leave empty when every class sits it',
    },
    rank: { label: 'Order', min: 0, max: 99 },
  },
  list: {
    columns: ['name', 'year', 'term', 'maxMark', 'curriculum', 'classIds', 'rank'],
    filters: ['year', 'term'],
    sort: ['name', 'year', 'term', 'rank'],
    defaultSort: 'rank',
  },
  unique: [['year', 'term', 'name']],
  texts: {
    added: 'Exam Set Saved Successfully',
    updated: 'Exam Set Updated Successfully',
    deleted: 'Exam Set Deleted Successfully',
    addFailed: 'Error Adding Exam Set',
    updateFailed: 'Error Updating Exam Set',
    deleteFailed: 'Error Deleting Exam Set',
  },
});

/**
 * Whether a class sits an exam set: the set is for its curriculum (or all) and names it among its
 * classes (or names none). Marks entry, missing marks, marksheets and report cards all ask this.
 */
export const examSetIsFor = (
  set: { curriculum: string; classIds?: readonly number[] | null },
  cls: { id: number; curriculum: string },
) =>
  (set.curriculum === 'all' || set.curriculum === cls.curriculum) &&
  (!set.classIds || set.classIds.length === 0 || set.classIds.includes(cls.id));
