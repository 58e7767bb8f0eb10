import {
  type addToExpenseCart,
  type changeExpenseCartLine,
  type ExpenseLineRow,
  type expenseCartLines,
  type expenseCartTotal,
  expenseCategories,
  expenseItems,
  expenseLines,
  expenses,
  type listExpenseCart,
  type removeExpenseCartLine,
  type requisitionCartLines,
  type requisitionLines,
  suppliers,
} from '@somero/contract';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { NeedsConfirmation, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import { priceQuestion, purchasesForUsualPrice, usualPrice } from './requisition-rules.js';

/** A user's cart of lines being put together: the expense cart or the requisition cart. */
export type CartTable = typeof expenseCartLines | typeof requisitionCartLines;
type LineTable = CartTable | typeof expenseLines | typeof requisitionLines;

/**
 * Lines of a cart, an expense or a requisition, with their item and category, in the order they were
 * added; `parent` is the expense or requisition a line belongs to.
 */
export async function lineRows(scope: SchoolScope, table: LineTable, where: SQL) {
  const rows = await scope.db
    .select({
      line: table,
      itemName: expenseItems.name,
      unit: expenseItems.unit,
      categoryId: expenseCategories.id,
      categoryName: expenseCategories.name,
    })
    .from(table as typeof expenseCartLines)
    .innerJoin(expenseItems, and(eq(expenseItems.schoolId, table.schoolId), eq(expenseItems.id, table.itemId)))
    .innerJoin(
      expenseCategories,
      and(eq(expenseCategories.schoolId, expenseItems.schoolId), eq(expenseCategories.id, expenseItems.categoryId)),
    )
    .where(where)
    .orderBy(asc(table.id));
  return rows.map(({ line, itemName, unit, categoryId, categoryName }) => {
    const l = line as typeof line & { expenseId?: number; requisitionId?: number };
    return {
      parent: l.expenseId ?? l.requisitionId ?? null,
      row: {
        id: l.id,
        item_id: l.itemId,
        item_name: itemName,
        category_id: categoryId,
        category_name: categoryName,
        unit,
        quantity: l.quantity,
        unit_cost: l.unitCost,
        amount: l.quantity * l.unitCost,
        description: l.description,
      } satisfies ExpenseLineRow,
    };
  });
}

export async function checkItem(scope: SchoolScope, itemId: number) {
  const [item] = await scope.db
    .select({ id: expenseItems.id, name: expenseItems.name, unit: expenseItems.unit, listed: expenseItems.unitCost })
    .from(expenseItems)
    .where(scope.mine(expenseItems, eq(expenseItems.id, itemId)));
  if (!item) throw new NotFound('expense item');
  return item;
}

/**
 * Asks to confirm (202 `confirm`) a unit cost far above the item's usual price (`priceQuestion`): the
 * median of its latest purchases on valid expenses, else the usual unit cost written on the item.
 */
async function confirmPrice(scope: SchoolScope, itemId: number, unitCost: number, confirmed: boolean | undefined) {
  const item = await checkItem(scope, itemId);
  if (confirmed) return;
  const latest = await scope.db
    .select({ unitCost: expenseLines.unitCost })
    .from(expenseLines)
    .innerJoin(expenses, and(eq(expenses.schoolId, expenseLines.schoolId), eq(expenses.id, expenseLines.expenseId)))
    .where(scope.mine(expenseLines, eq(expenseLines.itemId, itemId), eq(expenses.status, 'valid')))
    .orderBy(desc(expenses.spentOn), desc(expenseLines.id))
    .limit(purchasesForUsualPrice);
  const costs = latest.map((l) => l.unitCost).filter((c) => c > 0);
  const question = priceQuestion(item, unitCost, { price: usualPrice(costs, item.listed), bought: costs.length });
  if (question) throw new NeedsConfirmation(question);
}

export async function checkSupplier(scope: SchoolScope, supplierId: number) {
  const [supplier] = await scope.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(scope.mine(suppliers, eq(suppliers.id, supplierId)));
  if (!supplier) throw new NotFound('supplier');
}

/** The signed-in user's lines of a cart (and one of them with `extra`). */
const mineIn = (scope: SchoolScope, table: CartTable, extra?: SQL) =>
  scope.mine(table, eq(table.userId, scope.actor.userId ?? 0), extra);

export const cartOf = async (scope: SchoolScope, table: CartTable) =>
  (await lineRows(scope, table, mineIn(scope, table))).map((l) => l.row);

/** Empties the user's cart (one statement, one audit row). */
export async function emptyCart(scope: SchoolScope, table: CartTable, why: string) {
  const gone = await scope.db
    .delete(table as typeof expenseCartLines)
    .where(mineIn(scope, table))
    .returning({ id: table.id });
  if (gone.length)
    await scope.audit({
      action: 'empty',
      module: 'expenses',
      entity: scope.table(table, 'expenses').entity,
      after: { why, lines: gone.length },
    });
}

/** Puts lines (of an expense or a requisition being edited) into the user's cart, audited. */
export async function fillCart(
  scope: SchoolScope,
  table: CartTable,
  lines: ExpenseLineRow[],
  why: { entityId: number; action: string },
) {
  await scope.db.insert(table as typeof expenseCartLines).values(
    lines.map((l) => ({
      schoolId: scope.schoolId,
      userId: scope.actor.userId ?? 0,
      itemId: l.item_id,
      quantity: l.quantity,
      unitCost: l.unit_cost,
      description: l.description,
    })),
  );
  await scope.audit({
    action: why.action,
    module: 'expenses',
    entity: scope.table(table, 'expenses').entity,
    entityId: why.entityId,
    after: lines,
  });
}

/** The five calls of a cart: list, total, add, change and remove a line (each user has their own). */
export function cartRoutes(
  { serve }: ModuleContext,
  table: CartTable,
  calls: {
    list: typeof listExpenseCart;
    total: typeof expenseCartTotal;
    add: typeof addToExpenseCart;
    change: typeof changeExpenseCartLine;
    remove: typeof removeExpenseCartLine;
  },
  /** The requisition cart asks to confirm a unit cost far above the item's usual price. */
  options: { checkPrice?: boolean } = {},
) {
  const itemFits = (scope: SchoolScope, input: { item_id: number; unit_cost: number; confirm?: boolean }) =>
    options.checkPrice
      ? confirmPrice(scope, input.item_id, input.unit_cost, input.confirm)
      : checkItem(scope, input.item_id);
  const cart = (scope: SchoolScope) => scope.table(table as typeof expenseCartLines, 'expenses');
  const lineOf = async (scope: SchoolScope, id: number) => {
    const [row] = await lineRows(scope, table, mineIn(scope, table, eq(table.id, id)));
    if (!row) throw new NotFound('cart line');
    return row.row;
  };

  serve(calls.list, async ({ scope }) => ({ data: await cartOf(scope, table) }));

  serve(calls.total, async ({ scope }) => {
    const lines = await cartOf(scope, table);
    return { data: { count: lines.length, amount: lines.reduce((n, l) => n + l.amount, 0) } };
  });

  serve(calls.add, async ({ input, scope }) => {
    if (input.unit_cost < 0) throw new Refusal('A unit cost cannot be below zero.');
    await itemFits(scope, input);
    const line = await cart(scope).insert({
      userId: scope.actor.userId ?? 0,
      itemId: input.item_id,
      quantity: input.quantity,
      unitCost: input.unit_cost,
      description: input.description ?? null,
    });
    return { data: await lineOf(scope, line.id), message: 'Item added to Cart' };
  });

  serve(calls.change, async ({ id, input, scope }) => {
    if (input.unit_cost < 0) throw new Refusal('A unit cost cannot be below zero.');
    await lineOf(scope, id);
    await itemFits(scope, input);
    await cart(scope).update(id, {
      itemId: input.item_id,
      quantity: input.quantity,
      unitCost: input.unit_cost,
      description: input.description ?? null,
    });
    return { data: await lineOf(scope, id), message: 'Cart updated' };
  });

  serve(calls.remove, async ({ id, scope }) => {
    await lineOf(scope, id);
    await cart(scope).remove(id);
    return { data: null, message: 'Removed from the cart' };
  });
}
