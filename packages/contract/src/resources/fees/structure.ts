import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { classes } from '../school/classes.js';
import { feesCategories } from './categories.js';
import { entrantChoices, nationalityChoices, sectionChoices } from './options.js';

/**
 * The fees structure: what one category costs a class in a term, for a section (day, boarding or
 * both), a nationality group and new entrants or everyone. A student's charges for a term are the
 * rows that match their class, section, nationality and whether they joined that term.
 */
export const feesBreakdowns = schoolTable(
  'fees_breakdowns',
  {
    ...tenantColumns(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => feesCategories.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    section: text().notNull().default('all'),
    nationality: text().notNull().default('all'),
    entrants: text().notNull().default('all'),
    year: integer().notNull(),
    term: integer().notNull(),
    amount: integer().notNull(),
  },
  (t) => [
    uniqueIndex('fees_breakdowns_unique').on(
      t.schoolId,
      t.year,
      t.term,
      t.classId,
      t.categoryId,
      t.section,
      t.nationality,
      t.entrants,
    ),
    index('fees_breakdowns_term').on(t.schoolId, t.year, t.term, t.classId),
  ],
);

export const feesBreakdownResource = defineResource(feesBreakdowns, {
  path: 'fees_breakdowns',
  module: 'fees',
  label: { one: 'Fees Breakdown', many: 'Fees Breakdowns' },
  access: 'view_fees_breakdown',
  titleField: 'amount',
  fields: {
    year: { label: 'Year', min: 2000, max: 2100 },
    term: { label: 'Term', min: 1, max: 3 },
    classId: { label: 'Class', references: 'classes' },
    categoryId: { label: 'Category', references: 'fees_categories' },
    section: { label: 'Section', options: sectionChoices, required: true },
    nationality: { label: 'Nationality', options: nationalityChoices, required: true },
    entrants: { label: 'Who pays', options: entrantChoices, required: true },
    amount: { label: 'Amount (UGX)', kind: 'money', min: 1 },
  },
  list: {
    columns: ['year', 'term', 'classId', 'categoryId', 'section', 'nationality', 'entrants', 'amount'],
    search: [],
    filters: ['year', 'term', 'classId', 'categoryId', 'section'],
    defaultSort: 'classId',
  },
  unique: [['year', 'term', 'classId', 'categoryId', 'section', 'nationality', 'entrants']],
  texts: {
    added: 'Fees breakdown added Successfully',
    addFailed: 'Error adding Fees breakdown',
    updateFailed: 'Failed to updated Breakdown',
    deleteFailed: 'Error deleting Breakdown',
  },
  refusalAsSuccess: true,
});
