import { index, integer, text } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { students } from './students.js';

/**
 * Former students with what they still owe: leavers moved here by migration (linked to their
 * student record) or entered directly for those who left before Somero.
 */
export const oldStudents = schoolTable(
  'old_students',
  {
    ...tenantColumns(),
    studentId: integer('student_id').references(() => students.id),
    name: text().notNull(),
    admissionNo: text('admission_no'),
    classLeft: text('class_left'),
    yearLeft: integer('year_left'),
    phone: text(),
    /** Balance owed when they left, in shillings. */
    debt: integer().notNull().default(0),
    notes: text(),
  },
  (t) => [index('old_students_school').on(t.schoolId)],
);

export const oldStudentResource = defineResource(oldStudents, {
  path: 'old_students',
  module: 'students',
  label: { one: 'Old Student', many: 'Old Students' },
  access: { read: 'view_students', write: 'edit_students' },
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 120 },
    admissionNo: { label: 'Admission number', max: 40 },
    classLeft: { label: 'Class left', max: 40 },
    yearLeft: { label: 'Year left', min: 1950, max: 2100 },
    phone: { label: 'Phone', kind: 'phone', max: 30 },
    debt: { label: 'Debt (UGX)', kind: 'money' },
    notes: { label: 'Notes', kind: 'textarea' },
  },
  list: {
    columns: ['name', 'admissionNo', 'classLeft', 'yearLeft', 'phone', 'debt'],
    search: ['name', 'admissionNo', 'phone'],
    filters: ['yearLeft'],
  },
  texts: {
    added: 'Old Student {name} Added Successfully',
    updated: 'Old Student {name} updated Successfully',
    deleted: 'Old Student {name} deleted successfully',
    addFailed: 'Error adding Old Student',
    updateFailed: 'Error updating Old Student details',
    deleteFailed: 'Error deleting old student',
  },
});
