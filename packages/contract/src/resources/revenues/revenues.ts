import { sql } from 'drizzle-orm';
import { date, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyColumns } from '../../money-columns.js';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { paymentModes } from '../fees/money.js';

// Revenue screens show no notice on success (specification); failures still do.
const silent = { added: '', updated: '', deleted: '' };
/** Who reads the categories and sources: their own screens, the revenues screen and the revenue report. */
const readers = ['view_revenue_categories', 'view_revenue_sources', 'view_revenues', 'revenue_report'] as const;

/** What kinds of money besides fees a school takes in: sales, hire of facilities, grants, donations. */
export const revenueCategories = schoolTable(
  'revenue_categories',
  {
    ...tenantColumns(),
    name: text().notNull(),
    description: text(),
  },
  (t) => [uniqueIndex('revenue_categories_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const revenueCategoryResource = defineResource(revenueCategories, {
  path: 'revenue_categories',
  module: 'revenues',
  label: { one: 'Revenue Category', many: 'Revenue Categories' },
  access: { read: [...readers], write: 'view_revenue_categories' },
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 80 },
    description: { label: 'Description', kind: 'textarea', max: 300 },
  },
  list: { columns: ['name', 'description'] },
  unique: [['name']],
  texts: silent,
});

/** Where a category's money comes from: "Sale of maize" (Sales), "Hire of the school bus" (Hire). */
export const revenueSources = schoolTable(
  'revenue_sources',
  {
    ...tenantColumns(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => revenueCategories.id),
    name: text().notNull(),
    description: text(),
  },
  (t) => [uniqueIndex('revenue_sources_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const revenueSourceResource = defineResource(revenueSources, {
  path: 'revenue_sources',
  module: 'revenues',
  label: { one: 'Revenue Source', many: 'Revenue Sources' },
  access: { read: [...readers], write: 'view_revenue_sources' },
  titleField: 'name',
  fields: {
    categoryId: { label: 'Category', references: 'revenue_categories' },
    name: { label: 'Name', max: 100 },
    description: { label: 'Description', kind: 'textarea', max: 300 },
  },
  list: { columns: ['name', 'categoryId', 'description'], filters: ['categoryId'] },
  unique: [['name']],
  texts: silent,
});

/**
 * Money taken in other than fees, into a payment mode (it shows on the mode's statement). A mistake is
 * voided with a reason and stays listed; a correction is recorded with its reason in the audit trail.
 */
export const revenues = schoolTable(
  'revenues',
  {
    ...tenantColumns(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => revenueSources.id),
    amount: integer().notNull(),
    receivedOn: date('received_on').notNull(),
    modeId: integer('mode_id')
      .notNull()
      .references(() => paymentModes.id),
    receivedFrom: text('received_from'),
    reference: text(),
    description: text(),
    recordedBy: text('recorded_by').notNull(),
    /** The last correction's reason, who made it and when (the audit trail keeps each one's before and after). */
    amendReason: text('amend_reason'),
    amendedAt: timestamp('amended_at', { withTimezone: true, mode: 'date' }),
    amendedBy: text('amended_by'),
    ...moneyColumns(),
  },
  (t) => [
    index('revenues_school_received').on(t.schoolId, t.receivedOn),
    index('revenues_school_mode').on(t.schoolId, t.modeId),
  ],
);
