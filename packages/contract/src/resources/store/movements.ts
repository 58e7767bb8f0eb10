import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, text } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { departments } from '../departments/departments.js';
import { expenseLines, expenses, suppliers } from '../expenses/expenses.js';
import { paymentModes } from '../fees/money.js';
import { storeItems } from './store.js';

// Its own file, which the web app never imports, so the table stays out of the app's chunks.
/**
 * One movement of a store item: a receipt, an issue, a loss, or the reversal of one of them (a
 * correction). Quantities are hundredths of the item's unit, signed (in +, out −); `value` is the
 * shillings that moved (a receipt at its cost, an issue or loss at the average cost of the moment).
 * `balance_after`/`value_after` are the item's running figures in the order movements were recorded.
 * Nothing is edited or deleted: a mistake is reversed with a reason (and recorded again when edited).
 */
export const storeMovements = schoolTable(
  'store_movements',
  {
    ...tenantColumns(),
    itemId: integer('item_id')
      .notNull()
      .references(() => storeItems.id),
    /** receipt | issue | loss | reversal */
    kind: text().notNull(),
    movedOn: date('moved_on').notNull(),
    quantity: integer().notNull(),
    value: integer().notNull(),
    balanceAfter: integer('balance_after').notNull(),
    valueAfter: integer('value_after').notNull(),
    /** Receipts: shillings per unit, and where the stock came from (supplier, requirements, donation, other). */
    unitCost: integer('unit_cost'),
    source: text(),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    /** A purchase paid from a mode or taken on credit is also an expense (it posts to the journal). */
    modeId: integer('mode_id').references(() => paymentModes.id),
    onCredit: boolean('on_credit').notNull().default(false),
    expenseId: integer('expense_id').references(() => expenses.id),
    /**
     * A receipt of goods bought through a requisition or an expense recorded elsewhere: the purchase's
     * line it receives (its value from the line's price; no expense of its own, so nothing is paid twice).
     */
    expenseLineId: integer('expense_line_id').references(() => expenseLines.id),
    /** Issues: to a department, a person or the kitchen. */
    issuedTo: text('issued_to'),
    departmentId: integer('department_id').references(() => departments.id),
    person: text(),
    /** Losses: spoilt, stolen, expired or other (with the reason in `note`). */
    lossKind: text('loss_kind'),
    reference: text(),
    note: text(),
    /** A reversal names the movement it reverses; the reversed movement names its reversal. */
    reverses: integer(),
    reversedBy: integer('reversed_by'),
    /** When a correction recorded the movement again: the new movement. */
    replacedBy: integer('replaced_by'),
    reason: text(),
    status: text().notNull().default('valid'),
    recordedBy: text('recorded_by').notNull(),
  },
  (t) => [
    index('store_movements_item').on(t.schoolId, t.itemId, t.id),
    index('store_movements_kind_day').on(t.schoolId, t.kind, t.movedOn),
    index('store_movements_expense_line').on(t.schoolId, t.expenseLineId),
    check('store_movements_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);
