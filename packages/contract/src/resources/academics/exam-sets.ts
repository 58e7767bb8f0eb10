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
    year: { label: 'Year', min: 2000, max: 2100 },
    term: { label: 'Term', min: 1, max: 3 },
    maxMark: { label: 'Maximum mark', min: 1, max: 1000 },
    curriculum: { label: 'Curriculum', options: examSetCurricula },
    rank: { label: 'Order', min: 0, max: 99 },
  },
  list: {
    columns: ['name', 'year', 'term', 'maxMark', 'curriculum', 'rank'],
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
