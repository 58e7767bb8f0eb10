import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import { moneyStatusRow } from '../money-columns.js';
import {
  amendmentsCall,
  format,
  id,
  isoDate,
  money,
  optionalDate,
  optionalText,
  queryId,
  queryPaging,
  reason,
} from './fields.js';

/** One line of the expense cart, or of a recorded expense. */
export const expenseLineRow = z.object({
  id: z.number(),
  item_id: z.number(),
  item_name: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  unit: z.string().nullable(),
  quantity: z.number(),
  unit_cost: z.number(),
  amount: z.number(),
  description: z.string().nullable(),
});
export type ExpenseLineRow = z.infer<typeof expenseLineRow>;

/**
 * A line of a purchase (a paid requisition's expense, or an expense) that buys a store item (the expense
 * item of the store item's name, or "<name> (<unit>)"), as the store receives it: what was bought, what
 * the store has received against it so far, and what is left. Quantities in the store item's unit.
 */
export const purchaseLineRow = z.object({
  /** The expense line received against. */
  line_id: z.number(),
  item_name: z.string(),
  store_item_id: z.number(),
  store_item: z.string(),
  unit: z.string(),
  bought: z.number(),
  received: z.number(),
  to_receive: z.number(),
  unit_cost: z.number(),
});
export type PurchaseLineRow = z.infer<typeof purchaseLineRow>;

/** What the cart form sends: an item, how many, at what unit cost. */
export const cartLineInput = z.object({
  item_id: id,
  quantity: z.number().int('Enter a whole number').min(1, 'At least one').max(1_000_000),
  unit_cost: money,
  description: optionalText(200),
  /** A requisition line far above the item's usual price is put in only when confirmed (202 `confirm` until then). */
  confirm: z.boolean().optional(),
});

/** One expense as the lists show it, with its lines. */
export const expenseRow = z.object({
  id: z.number(),
  spent_on: z.string(),
  mode_id: z.number().nullable(),
  mode_name: z.string().nullable(),
  supplier_id: z.number().nullable(),
  supplier_name: z.string().nullable(),
  on_credit: z.boolean(),
  cleared_on: z.string().nullable(),
  cleared_mode_name: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  total: z.number(),
  recorded_by: z.string(),
  amend_reason: z.string().nullable(),
  ...moneyStatusRow,
  lines: z.array(expenseLineRow),
  /**
   * Its lines that buy store items, with what the store has received against each (bought in the last 90
   * days, or received at all; none for a purchase the store recorded as it received it).
   */
  store_lines: z.array(purchaseLineRow).optional(),
});
export type ExpenseRow = z.infer<typeof expenseRow>;

const cartTotals = z.object({ count: z.number(), amount: z.number() });

export const listExpenseCart = defineCall({
  method: 'GET',
  path: 'expense_cart',
  access: 'add_expenses',
  summary: "The signed-in user's expense cart: the lines of the expense being put together",
  input: noInput,
  output: z.array(expenseLineRow),
});
export const addToExpenseCart = defineCall({
  method: 'POST',
  path: 'expense_cart',
  access: 'add_expenses',
  summary: 'Put an item in the expense cart',
  input: cartLineInput,
  output: expenseLineRow,
});
export const changeExpenseCartLine = defineCall({
  method: 'PUT',
  path: 'expense_cart/{id}',
  access: 'add_expenses',
  summary: 'Change a line of the expense cart',
  input: cartLineInput,
  output: expenseLineRow,
});
export const removeExpenseCartLine = defineCall({
  method: 'DELETE',
  path: 'expense_cart/{id}',
  access: 'add_expenses',
  summary: 'Take a line out of the expense cart',
  input: noInput,
  output: z.null(),
});
export const expenseCartTotal = defineCall({
  method: 'GET',
  path: 'expense_cart_total',
  access: 'add_expenses',
  summary: "The expense cart's number of lines and total",
  input: noInput,
  output: cartTotals,
});

export const listExpenses = defineCall({
  method: 'GET',
  path: 'expenses',
  access: 'view_expenses',
  summary: 'Expenses, newest first, by dates, category, supplier, mode, credit, status and search; valid totals',
  input: z.object({
    ...queryPaging,
    from: optionalDate,
    to: optionalDate,
    category_id: queryId,
    supplier_id: queryId,
    mode_id: queryId,
    on_credit: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : v === 'true' || v === true),
      z.boolean().optional(),
    ),
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['valid', 'void']).optional()),
    search: optionalText(100),
  }),
  output: z.array(expenseRow),
  paged: true as const,
  /** Over every filtered expense that is not void. */
  totals: cartTotals,
});

export const recordExpense = defineCall({
  method: 'POST',
  path: 'expenses',
  access: 'add_expenses',
  money: true,
  summary:
    'Record the cart as one expense, paid from a mode or on credit from a supplier; with `replaces`, the expense being edited is voided ("Edited")',
  input: z.object({
    spent_on: optionalDate,
    on_credit: z.boolean().default(false),
    mode_id: id.optional(),
    supplier_id: id.optional(),
    reference: optionalText(100),
    note: optionalText(500),
    replaces: id.optional(),
  }),
  output: expenseRow,
});

export const amendExpense = defineCall({
  method: 'PUT',
  path: 'expenses/{id}',
  access: 'add_expenses',
  money: true,
  summary: "Correct an expense's supplier, reference or note, with the reason (amounts change through edit_expense)",
  input: z.object({
    supplier_id: id.nullable().optional(),
    reference: optionalText(100),
    note: optionalText(500),
    reason,
  }),
  output: expenseRow,
});

export const voidExpense = defineCall({
  method: 'DELETE',
  path: 'expenses/{id}',
  access: 'add_expenses',
  money: true,
  summary: 'Void an expense with a reason; it stays listed as void and leaves every total',
  input: z.object({ reason }),
  output: expenseRow,
});

export const editExpense = defineCall({
  method: 'POST',
  path: 'edit_expense',
  access: 'add_expenses',
  money: true,
  summary: "Put an expense's lines back into the cart for changes (recording with `replaces` then voids it)",
  input: z.object({ id }),
  output: z.object({ expense: expenseRow, cart: z.array(expenseLineRow) }),
});

export const listCreditors = defineCall({
  method: 'GET',
  path: 'creditors',
  access: 'view_creditors',
  summary: 'Expenses taken on credit and not yet paid, oldest first, with their total',
  input: z.object({ ...queryPaging, supplier_id: queryId, search: optionalText(100) }),
  output: z.array(expenseRow),
  paged: true as const,
  totals: cartTotals,
});

export const clearCredit = defineCall({
  method: 'POST',
  path: 'clear_credit',
  access: 'view_creditors',
  money: true,
  summary: 'Pay a credit expense from a payment mode (it shows on that mode’s statement on the day paid)',
  input: z.object({ expense_id: id, mode_id: id, paid_on: optionalDate, reference: optionalText(100) }),
  output: expenseRow,
});

const amountLine = { count: z.number(), amount: z.number() };
export const expenditureReport = defineCall({
  method: 'POST',
  path: 'expenditure_report',
  access: 'expenditure_report',
  summary:
    'Expenses of a date range by category and item, how they were paid (per mode, and credit still owed); xlsx with format',
  input: z.object({ from: isoDate, to: isoDate, category_id: id.optional(), format }),
  // Counts: an item's and a category's count lines bought; the modes', credit owed's and the total's
  // count expenses (each expense is paid one way, so those add up to the total).
  output: z.object({
    from: z.string(),
    to: z.string(),
    categories: z.array(
      z.object({
        category_id: z.number(),
        category_name: z.string(),
        ...amountLine,
        items: z.array(z.object({ item_id: z.number(), item_name: z.string(), quantity: z.number(), ...amountLine })),
      }),
    ),
    modes: z.array(z.object({ mode_id: z.number(), mode_name: z.string(), ...amountLine })),
    credit_owed: z.object(amountLine),
    total: z.object(amountLine),
  }),
  file: 'xlsx-or-json',
});

/** Expense calls (the requisitions come with the rest of the finance area). */
export const expenseAmendmentList = amendmentsCall(
  'expense_amendments/{id}',
  'view_expenses',
  "An expense's amendments, oldest first",
);

export const expenseCalls: Call[] = [
  expenseAmendmentList,
  listExpenseCart,
  addToExpenseCart,
  changeExpenseCartLine,
  removeExpenseCartLine,
  expenseCartTotal,
  listExpenses,
  recordExpense,
  amendExpense,
  voidExpense,
  editExpense,
  listCreditors,
  clearCredit,
  expenditureReport,
];
