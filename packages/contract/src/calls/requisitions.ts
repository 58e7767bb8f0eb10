import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import { requisitionStatuses } from '../resources/expenses/requisitions.js';
import { cartLineInput, expenseLineRow, purchaseLineRow } from './expenses.js';
import { id, optionalDate, optionalText, paging, reason } from './fields.js';
import { upload } from './settings.js';

/**
 * Expense requisitions (specification 1 §4, issue 12 §2). Who may take each step: the New Requisition
 * screen's flag (`add_expenses`) builds the cart, submits, returns a requisition for editing and
 * deletes one not yet approved; the Requisitions screen's flag (`view_expenses`) lists, checks or
 * rejects, approves and pays (paying records the expense from a payment mode). With the school's
 * "separate the requisition steps" setting, the one who raised a requisition cannot check or approve
 * it and the one who checked it cannot approve it.
 */

/** The steps of a requisition after it is submitted (specification 1 §4). */
export const requisitionSteps = ['check', 'reject', 'approve', 'pay', 'return', 'delete'] as const;
export type RequisitionStep = (typeof requisitionSteps)[number];

const step = z.object({ by: z.string(), at: z.string() }).nullable();
export const requisitionRow = z.object({
  id: z.number(),
  number: z.number(),
  title: z.string(),
  needed_on: z.string().nullable(),
  supplier_id: z.number().nullable(),
  supplier_name: z.string().nullable(),
  note: z.string().nullable(),
  total: z.number(),
  status: z.enum(requisitionStatuses),
  raised: z.object({ by: z.string(), at: z.string() }),
  checked: step,
  rejected_reason: z.string().nullable(),
  approved: step,
  paid: step,
  expense_id: z.number().nullable(),
  closed_reason: z.string().nullable(),
  lines: z.array(expenseLineRow),
  /** Once paid: its lines that buy store items, with what the store has received of each. */
  store_lines: z.array(purchaseLineRow),
  /**
   * The steps the signed-in user may take on it now by the school's rules (where it stands, and who
   * raised and checked it when the steps are kept apart); the screen shows those their flags allow.
   */
  may: z.array(z.enum(requisitionSteps)),
});
export type RequisitionRow = z.infer<typeof requisitionRow>;

const cartTotals = z.object({ count: z.number(), amount: z.number() });

export const listRequisitionCart = defineCall({
  method: 'GET',
  path: 'expense_requisition_cart',
  access: 'add_expenses',
  summary: "The signed-in user's requisition cart: the lines of the requisition being put together",
  input: noInput,
  output: z.array(expenseLineRow),
});
export const addToRequisitionCart = defineCall({
  method: 'POST',
  path: 'expense_requisition_cart',
  access: 'add_expenses',
  summary: 'Put an item in the requisition cart',
  input: cartLineInput,
  output: expenseLineRow,
});
export const changeRequisitionCartLine = defineCall({
  method: 'PUT',
  path: 'expense_requisition_cart/{id}',
  access: 'add_expenses',
  summary: 'Change a line of the requisition cart',
  input: cartLineInput,
  output: expenseLineRow,
});
export const removeRequisitionCartLine = defineCall({
  method: 'DELETE',
  path: 'expense_requisition_cart/{id}',
  access: 'add_expenses',
  summary: 'Take a line out of the requisition cart',
  input: noInput,
  output: z.null(),
});
export const requisitionCartTotal = defineCall({
  method: 'GET',
  path: 'expense_req_total',
  access: 'add_expenses',
  summary: "The requisition cart's number of lines and total",
  input: noInput,
  output: cartTotals,
});

export const submitRequisition = defineCall({
  method: 'POST',
  path: 'expense_requisitions',
  access: 'add_expenses',
  summary: 'Submit the requisition cart as a requisition to be checked (the cart is emptied)',
  input: z.object({
    title: z.string().trim().min(3, 'Say what the requisition is for').max(200),
    needed_on: optionalDate,
    supplier_id: id.optional(),
    note: optionalText(500),
  }),
  output: requisitionRow,
});

export const listRequisitions = defineCall({
  method: 'POST',
  path: 'view_expense_reqs',
  access: 'view_expenses',
  summary: 'Requisitions, newest first, by status, dates and search, with the total of those listed',
  input: z.object({
    ...paging,
    status: z.enum(requisitionStatuses).optional(),
    /** Only those waiting for a step the caller may take. */
    waiting: z.boolean().optional(),
    from: optionalDate,
    to: optionalDate,
    search: optionalText(100),
    id: id.optional(),
  }),
  output: z.array(requisitionRow),
  paged: true as const,
  totals: cartTotals,
});

export const checkRequisition = defineCall({
  method: 'PUT',
  path: 'expense_requisitions/{id}',
  access: 'view_expenses',
  summary: 'Check a submitted requisition (type 0) or reject it (any other type) with a reason',
  input: z
    .object({ type: z.number().int(), reason: optionalText(500) })
    .refine((v) => v.type === 0 || (v.reason?.length ?? 0) >= 3, {
      message: 'Give the reason for rejecting it',
      path: ['reason'],
    }),
  output: requisitionRow,
});

export const approveRequisitions = defineCall({
  method: 'POST',
  path: 'approve_expense_requisitions',
  access: 'view_expenses',
  money: true,
  summary: 'Approve a checked requisition (it may then be paid)',
  input: z.object({ id }),
  output: requisitionRow,
});

export const payRequisitions = defineCall({
  method: 'POST',
  path: 'pay_expense_requisitions',
  access: 'view_expenses',
  money: true,
  summary: 'Pay an approved requisition from a payment mode: records it as an expense on that mode',
  input: z.object({ id, mode_id: id, paid_on: optionalDate, reference: optionalText(100) }),
  output: requisitionRow,
});

export const deleteRequisition = defineCall({
  method: 'DELETE',
  path: 'expense_requisitions/{id}',
  access: 'add_expenses',
  summary: 'Delete a requisition not yet approved, with a reason; it stays listed as deleted',
  input: z.object({ reason }),
  output: requisitionRow,
});

export const editRequisition = defineCall({
  method: 'DELETE',
  path: 'edit_expense_requisitions/{id}',
  access: 'add_expenses',
  summary:
    'Return a requisition not yet checked (or rejected) for editing: its lines go back to the cart of the one who raised it; answers its id',
  input: noInput,
  output: z.object({ id: z.number(), cart: z.array(expenseLineRow) }),
});

export const importExpenseItems = defineCall({
  method: 'POST',
  path: 'import_expense_items',
  access: 'view_expense_categories',
  summary: 'Import expense items (category, name, unit, unit_cost) from xlsx; all or nothing',
  input: upload,
  output: z.object({
    imported: z.number(),
    rejected: z.array(z.object({ row: z.number(), errors: z.array(z.string()) })),
  }),
});
export const expenseItemsTemplate = defineCall({
  method: 'GET',
  path: 'expense_items_template',
  access: 'view_expense_categories',
  summary: 'The xlsx template for importing expense items',
  input: noInput,
  output: z.unknown(),
  file: 'xlsx' as const,
});

export const requisitionCalls: Call[] = [
  listRequisitionCart,
  addToRequisitionCart,
  changeRequisitionCartLine,
  removeRequisitionCartLine,
  requisitionCartTotal,
  submitRequisition,
  listRequisitions,
  checkRequisition,
  approveRequisitions,
  payRequisitions,
  deleteRequisition,
  editRequisition,
  importExpenseItems,
  expenseItemsTemplate,
];
