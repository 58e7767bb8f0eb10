import { sql } from 'drizzle-orm';
import { index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { files } from '../core/files.js';
import { staff } from '../staff/staff.js';

/** Sciences, Languages, Humanities…, each with its head from the staff register. */
export const departments = schoolTable(
  'departments',
  {
    ...tenantColumns(),
    name: text().notNull(),
    headStaffId: integer('head_staff_id').references(() => staff.id),
  },
  (t) => [uniqueIndex('departments_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

/**
 * Shown to every user (specification 2 §2). Adding, changing and removing a department is for
 * administrators and those who keep the staff register (`view_staff`): the head comes from it.
 */
export const departmentResource = defineResource(departments, {
  path: 'departments',
  module: 'departments',
  label: { one: 'Department', many: 'Departments' },
  access: { read: 'everyone', write: 'view_staff' },
  titleField: 'name',
  fields: {
    name: { label: 'Department', max: 80 },
    headStaffId: { label: 'Head of department', references: 'staff' },
  },
  list: { columns: ['name', 'headStaffId'], search: ['name'] },
  unique: [['name']],
});

export const staffResourceCategories = ['scheme_of_work', 'circular', 'timetable', 'other'] as const;
export type StaffResourceCategory = (typeof staffResourceCategories)[number];

/** A file shared with staff in the Download Center; its bytes are a row of `files` (kind staff_resource). */
export const staffResources = schoolTable(
  'staff_resources',
  {
    ...tenantColumns(),
    title: text().notNull(),
    category: text().notNull(),
    filename: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    uploadedById: integer('uploaded_by_id'),
    uploadedBy: text('uploaded_by').notNull(),
  },
  (t) => [index('staff_resources_school').on(t.schoolId)],
);

export interface ReportAttachment {
  file_id: number;
  filename: string;
  mime: string;
  size: number;
}

/**
 * A head of department's report to the head teacher. States (specification 2 §4): added, edited,
 * reviewed, deleted. A reviewed report is no longer edited; a deleted one stays listed with its reason.
 */
export const departmentReports = schoolTable(
  'department_reports',
  {
    ...tenantColumns(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    title: text().notNull(),
    body: text().notNull(),
    attachments: jsonb().$type<ReportAttachment[]>().notNull().default([]),
    status: text().notNull().default('added'),
    writtenById: integer('written_by_id'),
    writtenBy: text('written_by').notNull(),
    remark: text(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    deleteReason: text('delete_reason'),
    deletedBy: text('deleted_by'),
  },
  (t) => [index('department_reports_school').on(t.schoolId, t.departmentId)],
);
