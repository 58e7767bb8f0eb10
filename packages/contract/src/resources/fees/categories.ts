import { sql } from 'drizzle-orm';
import { integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';

/** Tuition, development, uniform, UNEB registration… */
export const feesCategories = schoolTable(
  'fees_categories',
  {
    ...tenantColumns(),
    name: text().notNull(),
    code: text(),
    rank: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('fees_categories_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const feesCategoryResource = defineResource(feesCategories, {
  path: 'fees_categories',
  module: 'fees',
  label: { one: 'Fees Category', many: 'Fees Categories' },
  access: 'view_fees_categories',
  titleField: 'name',
  fields: {
    name: { label: 'Category', max: 80 },
    code: { label: 'Code', max: 20 },
    rank: { label: 'Order on documents', min: 0, max: 99 },
  },
  list: { columns: ['name', 'code', 'rank'], defaultSort: 'rank' },
  unique: [['name']],
  texts: {
    added: 'Category added Successfully',
    addFailed: 'Failed to add Fees Category',
    updateFailed: 'Failed to update Fees Category',
    deleteFailed: 'Failed to delete Fees Category',
  },
  refusalAsSuccess: true,
});

/** Academic, sports, staff child, sponsor… */
export const bursaryCategories = schoolTable(
  'bursary_categories',
  { ...tenantColumns(), name: text().notNull() },
  (t) => [uniqueIndex('bursary_categories_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const bursaryCategoryResource = defineResource(bursaryCategories, {
  path: 'bursary_categories',
  module: 'fees',
  label: { one: 'Bursary Category', many: 'Bursary Categories' },
  access: 'view_bursary_categories',
  titleField: 'name',
  fields: { name: { label: 'Bursary category', max: 80 } },
  list: { columns: ['name'] },
  unique: [['name']],
  texts: { addFailed: 'Error adding bursary category', updateFailed: 'Error editing bursary category' },
  refusalAsSuccess: true,
});
