import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyColumns } from '../../money-columns.js';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { paymentModes } from '../fees/money.js';

/** Whoever records or reads expenses needs the categories, items and suppliers in their selects. */
const expenseReaders = ['add_expenses', 'view_expenses', 'view_creditors', 'expenditure_report'] as const;

/** What the school spends on: food, stationery, utilities, repairs, transport. */
export const expenseCategories = schoolTable(
  'expense_categories',
  {
    ...tenantColumns(),
    name: text().notNull(),
    description: text(),
  },
  (t) => [uniqueIndex('expense_categories_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const expenseCategoryResource = defineResource(expenseCategories, {
  path: 'expense_categories',
  module: 'expenses',
  label: { one: 'Expense Category', many: 'Expense Categories' },
  access: { read: ['view_expense_categories', ...expenseReaders], write: 'view_expense_categories' },
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 80 },
    description: { label: 'Description', kind: 'textarea', max: 300 },
  },
  list: { columns: ['name', 'description'] },
  unique: [['name']],
  texts: { added: 'Category added Successfully', addFailed: 'Error adding Category' },
});

/** A thing the school buys, in its category: "Maize flour" (Food), by the unit it is bought in. */
export const expenseItems = schoolTable(
  'expense_items',
  {
    ...tenantColumns(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => expenseCategories.id),
    name: text().notNull(),
    unit: text(),
    /** The usual price of one unit, offered when the item is put in the cart. */
    unitCost: integer('unit_cost').notNull().default(0),
  },
  (t) => [uniqueIndex('expense_items_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const expenseItemResource = defineResource(expenseItems, {
  path: 'expense_items',
  module: 'expenses',
  label: { one: 'Expense Item', many: 'Expense Items' },
  // The bursar recording expenses adds a new item as it comes.
  access: {
    read: ['view_expense_categories', ...expenseReaders],
    write: ['view_expense_categories', 'add_expenses'],
  },
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 100 },
    categoryId: { label: 'Category', references: 'expense_categories' },
    unit: { label: 'Unit (bag, kg, ream…)', max: 30 },
    unitCost: { label: 'Usual unit cost (UGX)', kind: 'money' },
  },
  list: { columns: ['name', 'categoryId', 'unit', 'unitCost'], filters: ['categoryId'] },
  unique: [['name']],
});

/** Who the school buys from. */
export const suppliers = schoolTable(
  'suppliers',
  {
    ...tenantColumns(),
    name: text().notNull(),
    phone: text(),
    email: text(),
    address: text(),
    tin: text(),
  },
  (t) => [uniqueIndex('suppliers_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const supplierResource = defineResource(suppliers, {
  path: 'suppliers',
  module: 'expenses',
  label: { one: 'Supplier', many: 'Suppliers' },
  access: { read: ['view_suppliers', ...expenseReaders], write: 'view_suppliers' },
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 120 },
    phone: { label: 'Phone', kind: 'phone', max: 30 },
    email: { label: 'E-mail', kind: 'email', max: 120 },
    address: { label: 'Address', max: 200 },
    tin: { label: 'TIN', max: 20 },
  },
  list: { columns: ['name', 'phone', 'email', 'address', 'tin'] },
  unique: [['name']],
});

/** A user's expense cart: the lines of the expense being put together, until it is recorded. */
export const expenseCartLines = schoolTable(
  'expense_cart_lines',
  {
    ...tenantColumns(),
    userId: integer('user_id').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => expenseItems.id),
    quantity: integer().notNull(),
    unitCost: integer('unit_cost').notNull(),
    description: text(),
  },
  (t) => [index('expense_cart_lines_user').on(t.schoolId, t.userId)],
);

/**
 * Money spent: paid from a payment mode (it shows on the mode's statement), or taken on credit from a
 * supplier until the credit is cleared from a mode. A mistake is voided with a reason, never deleted;
 * editing an expense records a new one from the cart and voids the old one ("Edited").
 */
export const expenses = schoolTable(
  'expenses',
  {
    ...tenantColumns(),
    spentOn: date('spent_on').notNull(),
    /** Null while on credit and not yet cleared. */
    modeId: integer('mode_id').references(() => paymentModes.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    onCredit: boolean('on_credit').notNull().default(false),
    /** When a credit expense was paid, from which mode. */
    clearedOn: date('cleared_on'),
    clearedModeId: integer('cleared_mode_id').references(() => paymentModes.id),
    clearedReference: text('cleared_reference'),
    reference: text(),
    note: text(),
    total: integer().notNull(),
    recordedBy: text('recorded_by').notNull(),
    /** The last correction's reason (the audit trail keeps each one's before and after). */
    amendReason: text('amend_reason'),
    ...moneyColumns(),
  },
  (t) => [
    index('expenses_school_spent').on(t.schoolId, t.spentOn),
    index('expenses_school_mode').on(t.schoolId, t.modeId),
  ],
);

/** An expense's lines: what was bought, how many, at what unit cost. */
export const expenseLines = schoolTable(
  'expense_lines',
  {
    ...tenantColumns(),
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => expenseItems.id),
    quantity: integer().notNull(),
    unitCost: integer('unit_cost').notNull(),
    amount: integer().notNull(),
    description: text(),
  },
  (t) => [index('expense_lines_expense').on(t.expenseId)],
);
