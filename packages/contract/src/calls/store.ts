import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import { purchaseLineRow } from './expenses.js';
import { id, money, optionalDate, optionalText, paging, reason } from './fields.js';

export const storeSources = ['supplier', 'requirements', 'donation', 'other'] as const;
export const storeIssuedTo = ['department', 'person', 'kitchen'] as const;
export const storeLossKinds = ['spoilt', 'stolen', 'expired', 'other'] as const;
export const storeMovementKinds = ['receipt', 'issue', 'loss', 'reversal'] as const;
export const storePayments = ['none', 'mode', 'credit'] as const;

/** A quantity of an item's unit: more than nothing, at most two decimals (12.5 kg). */
export const storeQuantity = z
  .number({ error: 'Enter the quantity' })
  .positive('Enter a quantity above 0')
  .max(1_000_000, 'Quantity must be at most 1,000,000')
  .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-6, 'Use at most two decimal places (12.25)');

const nullableId = z.preprocess((v) => (v === '' ? null : v), id.nullable().optional());

/** One item's position, as the stock levels screen shows it. */
export const storeLevelRow = z.object({
  id: z.number(),
  name: z.string(),
  unit_id: z.number(),
  unit: z.string(),
  balance: z.number(),
  /** Shillings per unit (the weighted average), rounded. */
  average_cost: z.number(),
  value: z.number(),
  reorder_level: z.number(),
  below_reorder: z.boolean(),
});
export type StoreLevelRow = z.infer<typeof storeLevelRow>;

/** One movement, as the item's log, the issued list and the losses list show it. */
export const storeMovementRow = z.object({
  id: z.number(),
  item_id: z.number(),
  item_name: z.string(),
  unit: z.string(),
  kind: z.enum(storeMovementKinds),
  moved_on: z.string(),
  /** Signed: in +, out −. */
  quantity: z.number(),
  value: z.number(),
  balance_after: z.number(),
  value_after: z.number(),
  unit_cost: z.number().nullable(),
  source: z.string().nullable(),
  supplier_id: z.number().nullable(),
  supplier_name: z.string().nullable(),
  mode_id: z.number().nullable(),
  mode_name: z.string().nullable(),
  on_credit: z.boolean(),
  expense_id: z.number().nullable(),
  /** A receipt against a purchase (a requisition's or an expense's line): that line. */
  expense_line_id: z.number().nullable(),
  issued_to: z.string().nullable(),
  department_id: z.number().nullable(),
  department_name: z.string().nullable(),
  person: z.string().nullable(),
  loss_kind: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  reverses: z.number().nullable(),
  reversed_by: z.number().nullable(),
  replaced_by: z.number().nullable(),
  reason: z.string().nullable(),
  status: z.enum(['valid', 'reversed']),
  recorded_by: z.string(),
  recorded_at: z.string(),
});
export type StoreMovementRow = z.infer<typeof storeMovementRow>;

const receiptFields = {
  quantity: storeQuantity,
  /** Shillings per unit; 0 for stock that cost nothing (requirements, donations). */
  unit_cost: money.min(0, 'Unit cost cannot be negative').default(0),
  received_on: optionalDate,
  reference: optionalText(60),
  note: optionalText(300),
};

export const receiveStockInput = z.object({
  item_id: id,
  ...receiptFields,
  source: z.enum(storeSources).default('supplier'),
  supplier_id: nullableId,
  /** A purchase: paid from a payment mode now, or on credit from the supplier (both record an expense). */
  payment: z.enum(storePayments).default('none'),
  mode_id: nullableId,
});

export const issueInput = z.object({
  item_id: id,
  quantity: storeQuantity,
  issued_on: optionalDate,
  issued_to: z.enum(storeIssuedTo, { error: 'Choose a department, a person or the kitchen' }),
  department_id: nullableId,
  person: optionalText(120),
  note: optionalText(300),
});

export const lossInput = z.object({
  item_id: id,
  quantity: storeQuantity,
  lost_on: optionalDate,
  loss_kind: z.enum(storeLossKinds, { error: 'Say how it was lost: spoilt, stolen, expired or other' }),
  reason: z.string().trim().min(3, 'Give the reason').max(300),
});

export const correctionInput = z.object({
  /** The corrected figures; what is not sent stays as it was. */
  quantity: storeQuantity.optional(),
  unit_cost: money.min(0, 'Unit cost cannot be negative').optional(),
  moved_on: optionalDate,
  issued_to: z.enum(storeIssuedTo).optional(),
  department_id: nullableId,
  person: optionalText(120),
  loss_kind: z.enum(storeLossKinds).optional(),
  note: optionalText(300),
  /** Why it is corrected (kept on the reversal). */
  reason,
});

export const receiveStock = defineCall({
  method: 'POST',
  path: 'add_store_stock',
  access: 'view_store_stock',
  summary:
    'Receive stock of an item (from a supplier, requirements, a donation) at a unit cost; paid from a mode or on credit it is also recorded as an expense',
  input: receiveStockInput,
  output: storeMovementRow,
  money: true,
});

export const giveOutItem = defineCall({
  method: 'POST',
  path: 'give_out_item',
  access: 'view_stock_given',
  summary: 'Issue stock to a department, a person or the kitchen; more than is held is refused (202) with the balance',
  input: issueInput,
  output: storeMovementRow,
});

export const addStoreLoss = defineCall({
  method: 'POST',
  path: 'add_store_loss',
  access: 'view_store_loss',
  summary: 'Record stock spoilt, stolen or expired, with the reason; more than is held is refused (202)',
  input: lossInput,
  output: storeMovementRow,
});

export const storeLevel = defineCall({
  method: 'GET',
  path: 'store_level',
  access: 'view_store_stock',
  summary: "Each item's balance, average cost and value; those below their reorder level flagged",
  input: noInput,
  output: z.object({
    items: z.array(storeLevelRow),
    total_value: z.number(),
    below_count: z.number(),
  }),
});

export const itemLogs = defineCall({
  method: 'POST',
  path: 'item_logs',
  access: 'view_store_stock',
  summary: 'Every movement of an item in the order recorded, with the running balance and value',
  input: z.object({ id, from: optionalDate, to: optionalDate }),
  output: z.object({ item: storeLevelRow, lines: z.array(storeMovementRow) }),
});

export const editStoreLog = defineCall({
  method: 'PUT',
  path: 'edit_store_log/{id}',
  access: 'view_store_stock',
  summary:
    'Correct a movement with a reason: it is reversed and recorded again with the new figures (never edited in place)',
  input: correctionInput,
  output: storeMovementRow,
  money: true,
});

export const deleteStoreLog = defineCall({
  method: 'POST',
  path: 'delete_store_log',
  access: 'view_store_stock',
  summary: 'Reverse a movement with a reason (a receipt bought for money voids its expense too)',
  input: z.object({ id, reason }),
  output: storeMovementRow,
  money: true,
});

const movementList = z.object({
  ...paging,
  from: optionalDate,
  to: optionalDate,
  item_id: id.optional(),
  search: optionalText(100),
  /** Reversed movements are listed too unless `valid_only`. */
  valid_only: z.boolean().optional(),
});
const movementTotals = z.object({ count: z.number(), value: z.number() });

export const viewIssued = defineCall({
  method: 'POST',
  path: 'view_issued',
  access: 'view_stock_given',
  summary: 'Stock issued, newest first, by dates, item, who received it and search; totals of the valid ones',
  input: movementList.extend({
    issued_to: z.preprocess((v) => (v === '' ? undefined : v), z.enum(storeIssuedTo).optional()),
    department_id: id.optional(),
  }),
  output: z.array(storeMovementRow),
  paged: true as const,
  totals: movementTotals,
});

export const viewStoreLosses = defineCall({
  method: 'POST',
  path: 'view_store_losses',
  access: 'view_store_loss',
  summary: 'Stock lost, newest first, by dates, item and kind; totals of the valid ones',
  input: movementList.extend({
    loss_kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(storeLossKinds).optional()),
  }),
  output: z.array(storeMovementRow),
  paged: true as const,
  totals: movementTotals,
});

/** What the store's forms choose from: items with balances, departments, suppliers and modes in use. */
export const storeChoices = defineCall({
  method: 'GET',
  path: 'store_choices',
  access: ['view_store_stock', 'view_stock_given', 'view_store_loss'],
  summary: "The store forms' choices: items with their balance, departments, suppliers, payment modes in use",
  input: noInput,
  output: z.object({
    items: z.array(z.object({ id: z.number(), name: z.string(), unit: z.string(), balance: z.number() })),
    departments: z.array(z.object({ id: z.number(), name: z.string() })),
    suppliers: z.array(z.object({ id: z.number(), name: z.string() })),
    modes: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});

/** A term's requirements as the store sees them: what students brought of each item and what is in stock already. */
export const requirementsInStoreRow = z.object({
  item: z.string(),
  collected: z.number(),
  received: z.number(),
  to_receive: z.number(),
  /** The store item linked to it by the store keeper, else the one of the same name (case aside); null: none yet. */
  store_item_id: z.number().nullable(),
  store_item: z.string().nullable(),
  /** Whether the store keeper linked it (rather than the names being the same). */
  linked: z.boolean(),
  unit: z.string().nullable(),
});
const requirementsTerm = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  term: z.coerce.number().int().min(1, 'A term is 1, 2 or 3').max(3, 'A term is 1, 2 or 3').optional(),
});
const requirementsInStoreReply = z.object({
  year: z.number(),
  term: z.number(),
  rows: z.array(requirementsInStoreRow),
});

export const requirementsInStore = defineCall({
  method: 'GET',
  path: 'requirements_in_store',
  access: 'view_store_stock',
  summary:
    "A term's requirements brought by students (this term unless given), what the store has received of each, and what waits",
  input: requirementsTerm,
  output: requirementsInStoreReply,
});

export const receiveRequirements = defineCall({
  method: 'POST',
  path: 'receive_requirements',
  access: 'view_store_stock',
  summary:
    "Receives into the store, in one step, what students brought of a term's requirements and the store has not received yet",
  input: requirementsTerm,
  output: requirementsInStoreReply,
});

export const linkRequirementItem = defineCall({
  method: 'POST',
  path: 'requirement_store_item',
  access: 'view_store_stock',
  summary:
    "Links a students' requirement (by its name, for every class and term) to the store item it is received as; no item removes the link",
  input: z.object({
    requirement: z.string({ error: 'Choose the requirement' }).trim().min(1, 'Choose the requirement').max(80),
    store_item_id: z.preprocess((v) => (v === '' ? null : v), id.nullable()),
  }),
  output: z.object({ requirement: z.string(), store_item_id: z.number().nullable() }),
});

/** A purchase whose store items the store receives against it: a paid requisition's expense, or an expense. */
export const storePurchaseRow = z.object({
  expense_id: z.number(),
  spent_on: z.string(),
  /** The requisition it paid, if any. */
  requisition_id: z.number().nullable(),
  requisition_number: z.number().nullable(),
  /** The requisition's title, else the expense's note. */
  title: z.string().nullable(),
  supplier_name: z.string().nullable(),
  total: z.number(),
  /** valid | void: a void purchase is listed only when asked for by its number. */
  status: z.string(),
  lines: z.array(purchaseLineRow),
});
export type StorePurchaseRow = z.infer<typeof storePurchaseRow>;

export const storePurchases = defineCall({
  method: 'GET',
  path: 'store_purchases',
  access: 'view_store_stock',
  summary:
    'Requisitions paid and expenses with store items not yet fully received (or one purchase by its expense number), line by line',
  input: z.object({
    expense_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  }),
  output: z.array(storePurchaseRow),
});

export const receivePurchaseInput = z.object({
  expense_id: id,
  received_on: optionalDate,
  note: optionalText(300),
  /** How much of each line arrived (at most what is left of it); lines left out or 0 wait. */
  lines: z
    .array(z.object({ line_id: id, quantity: z.number().min(0, 'Enter 0 or more').max(1_000_000) }))
    .min(1, 'Enter what arrived of at least one line')
    .max(200),
});

export const receivePurchase = defineCall({
  method: 'POST',
  path: 'receive_purchase',
  access: 'view_store_stock',
  summary:
    'Receive into the store goods bought through a requisition or an expense, line by line (partly allowed, never more than bought); valued at its prices, nothing paid again',
  input: receivePurchaseInput,
  output: storePurchaseRow,
});

/** Store calls (units and items are declared entities). */
export const storeCalls: Call[] = [
  receiveStock,
  giveOutItem,
  addStoreLoss,
  storeLevel,
  itemLogs,
  editStoreLog,
  deleteStoreLog,
  viewIssued,
  viewStoreLosses,
  storeChoices,
  requirementsInStore,
  receiveRequirements,
  linkRequirementItem,
  storePurchases,
  receivePurchase,
];
