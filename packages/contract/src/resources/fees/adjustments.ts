import { boolean, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { students } from '../students/students.js';
import { bursaryCategories, feesCategories } from './categories.js';

/**
 * A bursary: a fixed amount or a percentage (of one category, or of all the term's fees), for one
 * term or every term from its start until removed. Removing one that already applied ends it at the
 * current term, so past balances never change.
 */
export const bursaries = schoolTable(
  'bursaries',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    bursaryCategoryId: integer('bursary_category_id')
      .notNull()
      .references(() => bursaryCategories.id),
    kind: text().notNull(),
    /** UGX per term for a fixed bursary. */
    amount: integer().notNull().default(0),
    /** 1–100 for a percentage bursary. */
    percent: integer().notNull().default(0),
    /** The category a percentage applies to; none means all of the term's fees. */
    categoryId: integer('category_id').references(() => feesCategories.id),
    startYear: integer('start_year').notNull(),
    startTerm: integer('start_term').notNull(),
    everyTerm: boolean('every_term').notNull().default(false),
    /** The last term it applies to, when it was removed or ended. */
    endYear: integer('end_year'),
    endTerm: integer('end_term'),
    note: text(),
  },
  (t) => [index('bursaries_student').on(t.schoolId, t.studentId)],
);

export const bursaryKinds = [
  { value: 'fixed', label: 'Fixed amount' },
  { value: 'percent', label: 'Percentage' },
] as const;

export const bursaryResource = defineResource(bursaries, {
  path: 'bursaries',
  module: 'fees',
  label: { one: 'Bursary', many: 'Bursaries' },
  access: 'view_bursaries',
  titleField: 'note',
  fields: {
    studentId: { label: 'Student', references: 'students' },
    bursaryCategoryId: { label: 'Bursary category', references: 'bursary_categories' },
    kind: { label: 'Kind', options: bursaryKinds },
    amount: { label: 'Amount per term (UGX)', kind: 'money' },
    percent: { label: 'Percentage', min: 0, max: 100 },
    categoryId: { label: 'Of fees category (blank: all fees)', references: 'fees_categories' },
    startYear: { label: 'From year', min: 2000, max: 2100 },
    startTerm: { label: 'From term', min: 1, max: 3 },
    everyTerm: { label: 'Every term until removed' },
    endYear: { label: 'Ended year', readOnly: true },
    endTerm: { label: 'Ended term', readOnly: true },
    note: { label: 'Note', max: 200 },
  },
  list: {
    columns: ['studentId', 'bursaryCategoryId', 'kind', 'amount', 'percent', 'startYear', 'startTerm', 'everyTerm'],
    search: ['note'],
    filters: ['bursaryCategoryId', 'kind'],
  },
  texts: {
    addFailed: 'Error adding Bursary',
    updateFailed: 'Error editing Bursary',
    deleteFailed: 'Error deleting Bursary',
  },
  refusalAsSuccess: true,
  // Listing, adding, changing and removing go through the fees module's verbs (names joined, validation;
  // removal ends a used bursary): `GET bursaries` and `POST view_bursaries` answer the same list.
  calls: [],
});

/** One-off charges to a student for a term (transport, a lost item, remedial classes…). */
export const feesAdditions = schoolTable(
  'fees_additions',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    categoryId: integer('category_id').references(() => feesCategories.id),
    description: text().notNull(),
    amount: integer().notNull(),
    year: integer().notNull(),
    term: integer().notNull(),
  },
  (t) => [index('fees_additions_student').on(t.schoolId, t.studentId)],
);

export const feesAdditionResource = defineResource(feesAdditions, {
  path: 'fees_additions',
  module: 'fees',
  label: { one: 'Fees Addition', many: 'Fees Additions' },
  access: 'view_fees_additions',
  titleField: 'description',
  fields: {
    studentId: { label: 'Student', references: 'students' },
    categoryId: { label: 'Category', references: 'fees_categories' },
    description: { label: 'Description', max: 200 },
    amount: { label: 'Amount (UGX)', kind: 'money', min: 1 },
    year: { label: 'Year', min: 2000, max: 2100 },
    term: { label: 'Term', min: 1, max: 3 },
  },
  list: {
    columns: ['studentId', 'description', 'amount', 'year', 'term'],
    search: ['description'],
    filters: ['year', 'term', 'categoryId'],
  },
  texts: {
    addFailed: 'Failed to add fee',
    updateFailed: 'Error Updating Addition',
    deleteFailed: 'Error deleting Additional Fee',
  },
  refusalAsSuccess: true,
});

/** One-off discounts for a term (staff child, sibling discount…). */
export const feesDeductions = schoolTable(
  'fees_deductions',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    description: text().notNull(),
    amount: integer().notNull(),
    year: integer().notNull(),
    term: integer().notNull(),
  },
  (t) => [index('fees_deductions_student').on(t.schoolId, t.studentId)],
);

export const feesDeductionResource = defineResource(feesDeductions, {
  path: 'fees_deductions',
  module: 'fees',
  label: { one: 'Fees Deduction', many: 'Fees Deductions' },
  access: 'view_fees_deductions',
  titleField: 'description',
  fields: {
    studentId: { label: 'Student', references: 'students' },
    description: { label: 'Description', max: 200 },
    amount: { label: 'Amount (UGX)', kind: 'money', min: 1 },
    year: { label: 'Year', min: 2000, max: 2100 },
    term: { label: 'Term', min: 1, max: 3 },
  },
  list: {
    columns: ['studentId', 'description', 'amount', 'year', 'term'],
    search: ['description'],
    filters: ['year', 'term'],
  },
  texts: { addFailed: 'Error Adding Deduction', updateFailed: 'Error updating deduction' },
  refusalAsSuccess: true,
});

/** A balance brought forward from before Somero: one per student, owed before their first term here. */
export const previousDebts = schoolTable(
  'previous_debts',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    amount: integer().notNull(),
    note: text(),
  },
  (t) => [uniqueIndex('previous_debts_student').on(t.schoolId, t.studentId)],
);
