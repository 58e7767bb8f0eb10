import { date, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { expenseItems, expenses, suppliers } from './expenses.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A user's requisition cart: the lines of the requisition being put together, until it is submitted. */
export const requisitionCartLines = schoolTable(
  'requisition_cart_lines',
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
  (t) => [index('requisition_cart_lines_user').on(t.schoolId, t.userId)],
);

/** Where a requisition is: each step is taken by another user, who and when kept on the row. */
export const requisitionStatuses = [
  'submitted',
  'checked',
  'rejected',
  'approved',
  'paid',
  'returned',
  'deleted',
] as const;
export type RequisitionStatus = (typeof requisitionStatuses)[number];

/**
 * An expense requisition (specification 1 §4): built in a cart, submitted, checked or rejected, approved,
 * and paid, which records the expense from a payment mode. Returned for editing, its lines go back to
 * the cart of the one who raised it; deleted before it is approved, it stays with the reason.
 */
export const expenseRequisitions = schoolTable(
  'expense_requisitions',
  {
    ...tenantColumns(),
    /** The school's requisition number (its own gapless series). */
    number: integer().notNull(),
    title: text().notNull(),
    neededOn: date('needed_on'),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    note: text(),
    total: integer().notNull(),
    status: text().notNull().default('submitted'),
    raisedBy: integer('raised_by'),
    raisedByName: text('raised_by_name').notNull(),
    checkedBy: integer('checked_by'),
    checkedByName: text('checked_by_name'),
    checkedAt: at('checked_at'),
    rejectedReason: text('rejected_reason'),
    approvedBy: integer('approved_by'),
    approvedByName: text('approved_by_name'),
    approvedAt: at('approved_at'),
    paidBy: integer('paid_by'),
    paidByName: text('paid_by_name'),
    paidAt: at('paid_at'),
    /** The expense that paying recorded. */
    expenseId: integer('expense_id').references(() => expenses.id),
    closedReason: text('closed_reason'),
  },
  (t) => [
    uniqueIndex('expense_requisitions_number').on(t.schoolId, t.number),
    index('expense_requisitions_status').on(t.schoolId, t.status),
  ],
);

/** A requisition's lines: what is asked for, how many, at what unit cost. */
export const requisitionLines = schoolTable(
  'requisition_lines',
  {
    ...tenantColumns(),
    requisitionId: integer('requisition_id')
      .notNull()
      .references(() => expenseRequisitions.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => expenseItems.id),
    quantity: integer().notNull(),
    unitCost: integer('unit_cost').notNull(),
    amount: integer().notNull(),
    description: text(),
  },
  (t) => [index('requisition_lines_requisition').on(t.schoolId, t.requisitionId)],
);
