import { sql } from 'drizzle-orm';
import { text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';

/** The occasions a roll is called: morning prep, dormitory, chapel, games… (the school edits the list). */
export const rollcallCategories = schoolTable(
  'rollcall_categories',
  {
    ...tenantColumns(),
    name: text().notNull(),
    description: text(),
  },
  (t) => [uniqueIndex('rollcall_categories_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const rollcallCategoryResource = defineResource(rollcallCategories, {
  path: 'rollcal/categories',
  module: 'attendance',
  label: { one: 'Rollcall Category', many: 'Rollcall Categories' },
  access: { read: 'manage_attendance', write: 'manage_attendance' },
  titleField: 'name',
  fields: {
    name: { label: 'Category', max: 80 },
    description: { label: 'Description', kind: 'textarea', max: 300 },
  },
  list: { columns: ['name', 'description'], search: ['name'] },
  unique: [['name']],
});
