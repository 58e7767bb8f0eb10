import { sql } from 'drizzle-orm';
import { text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';

/** Who reads the sick bay's lists: the nurse, and (without medical notes) class teachers and the staff office. */
export const sickbayReaders = ['manage_medication_center', 'view_students', 'view_staff'] as const;

/** The school's common complaints (malaria, headache, flu/cough…), picked when a visit is recorded. */
export const sickbayProblems = schoolTable(
  'sickbay_problems',
  {
    ...tenantColumns(),
    name: text().notNull(),
    description: text(),
  },
  (t) => [uniqueIndex('sickbay_problems_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const sickbayProblemResource = defineResource(sickbayProblems, {
  path: 'sickbay_problems',
  module: 'sickbay',
  label: { one: 'Sick Bay Problem', many: 'Sick Bay Problems' },
  access: { read: [...sickbayReaders], write: 'manage_medication_center' },
  titleField: 'name',
  fields: {
    name: { label: 'Problem', max: 80 },
    description: { label: 'Description', kind: 'textarea', max: 300 },
  },
  list: { columns: ['name', 'description'], search: ['name'] },
  unique: [['name']],
});
