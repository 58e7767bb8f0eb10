import { sql } from 'drizzle-orm';
import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { entrantChoices, sectionChoices } from '../fees/options.js';
import { classes } from '../school/classes.js';
import { students } from '../students/students.js';

/** Who reads the requirements lists: the store's flags (the collection grid needs the list too). */
export const requirementReaders = ['view_requirements', 'collect_requirements'] as const;

/**
 * One line of a class's requirements list for a term: what each student of that class (and section,
 * and new entrants or everyone) brings, how many, and the money accepted instead of one item, if any.
 * Items are matched across terms by name (case-insensitive), so "Ream of paper" owed in term 1 is the
 * same item as term 2's "Ream of paper".
 */
export const requirements = schoolTable(
  'requirements',
  {
    ...tenantColumns(),
    year: integer().notNull(),
    term: integer().notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    section: text().notNull().default('all'),
    entrants: text().notNull().default('all'),
    name: text().notNull(),
    quantity: integer().notNull(),
    /** UGX accepted instead of one item; none: the item itself must be brought. */
    moneyValue: integer('money_value'),
  },
  (t) => [
    uniqueIndex('requirements_unique').on(
      t.schoolId,
      t.year,
      t.term,
      t.classId,
      t.section,
      t.entrants,
      sql`lower(${t.name})`,
    ),
    index('requirements_term').on(t.schoolId, t.year, t.term, t.classId),
  ],
);

export const requirementResource = defineResource(requirements, {
  path: 'student/requirements',
  module: 'requirements',
  label: { one: 'Requirement', many: 'Student Requirements' },
  access: { read: [...requirementReaders], write: 'view_requirements' },
  titleField: 'name',
  fields: {
    year: { label: 'Year', min: 2000, max: 2100 },
    term: { label: 'Term', min: 1, max: 3 },
    classId: { label: 'Class', references: 'classes' },
    section: { label: 'Section', options: sectionChoices, required: true },
    entrants: { label: 'Who brings it', options: entrantChoices, required: true },
    name: { label: 'Item', max: 80 },
    quantity: { label: 'Quantity', min: 1, max: 1000 },
    moneyValue: { label: 'Money accepted instead, each (UGX)', kind: 'money', min: 1 },
  },
  list: {
    columns: ['year', 'term', 'classId', 'section', 'entrants', 'name', 'quantity', 'moneyValue'],
    search: ['name'],
    filters: ['year', 'term', 'classId', 'section'],
    defaultSort: 'classId',
  },
  unique: [['year', 'term', 'classId', 'section', 'entrants', 'name']],
  texts: {
    added: 'Requirement added',
    updated: 'Requirement updated',
    deleted: 'Requirement removed',
  },
});

/**
 * Requirement arrears from before Somero (the spec's `prev_requirements`): what a student still owed
 * when the school started using it, like a previous fees balance. Arrears of the terms kept in Somero
 * are computed from the lists and the collections, never stored.
 */
export const requirementArrears = schoolTable(
  'requirement_arrears',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    name: text().notNull(),
    quantity: integer().notNull(),
    /** UGX accepted instead of one item, if the school accepted money for it. */
    moneyValue: integer('money_value'),
    note: text(),
  },
  (t) => [index('requirement_arrears_student').on(t.schoolId, t.studentId)],
);

export const requirementArrearResource = defineResource(requirementArrears, {
  path: 'prev_requirements',
  module: 'requirements',
  label: { one: 'Requirement Arrear', many: 'Requirement Arrears' },
  access: 'view_requirements',
  titleField: 'name',
  fields: {
    studentId: { label: 'Student', references: 'students' },
    name: { label: 'Item', max: 80 },
    quantity: { label: 'Quantity owed', min: 1, max: 1000 },
    moneyValue: { label: 'Money accepted instead, each (UGX)', kind: 'money', min: 1 },
    note: { label: 'Note', max: 200 },
  },
  list: { columns: ['studentId', 'name', 'quantity', 'moneyValue', 'note'], search: ['name', 'note'] },
  texts: { added: 'Arrear added', updated: 'Arrear updated', deleted: 'Arrear removed' },
});
