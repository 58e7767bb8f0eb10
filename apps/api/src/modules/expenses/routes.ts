import {
  addToExpenseCart,
  amendExpense,
  changeExpenseCartLine,
  clearCredit,
  type ExpenseRow,
  editExpense,
  expenditureReport,
  expenseAmendmentList,
  expenseCartLines,
  expenseCartTotal,
  expenseCategories,
  expenseItems,
  expenseLines,
  expenses,
  listCreditors,
  listExpenseCart,
  listExpenses,
  moneyStatusReply,
  paymentModes,
  recordExpense,
  removeExpenseCartLine,
  suppliers,
  voidExpense,
} from '@somero/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays, today } from '../../core/dates.js';
import { Conflict, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { activeMode } from '../fees/index.js';
import type { ModuleContext } from '../module.js';
import { checkRange, sendSheet } from '../reports.js';
import { cartOf, cartRoutes, checkSupplier, emptyCart, fillCart, lineRows } from './cart.js';
import { expenseDocument, postCreditCleared, writeExpense } from './documents.js';
import { itemImportRoutes } from './items-import.js';
import { requisitionRoutes } from './requisitions.js';
import { purchaseDays, purchaseLineRow, refuseIfReceived, storeLinesOf } from './store-lines.js';

const clearedMode = alias(paymentModes, 'cleared_mode');

/** Expenses with their mode, supplier and lines. */
async function expenseRows(
  scope: SchoolScope,
  where: SQL,
  { order = 'newest', limit, offset }: { order?: 'newest' | 'oldest'; limit?: number; offset?: number } = {},
): Promise<ExpenseRow[]> {
  let q = scope.db
    .select({ e: expenses, modeName: paymentModes.name, supplierName: suppliers.name, clearedName: clearedMode.name })
    .from(expenses)
    .leftJoin(paymentModes, and(eq(paymentModes.schoolId, expenses.schoolId), eq(paymentModes.id, expenses.modeId)))
    .leftJoin(clearedMode, and(eq(clearedMode.schoolId, expenses.schoolId), eq(clearedMode.id, expenses.clearedModeId)))
    .leftJoin(suppliers, and(eq(suppliers.schoolId, expenses.schoolId), eq(suppliers.id, expenses.supplierId)))
    .where(where)
    .orderBy(
      ...(order === 'newest' ? [desc(expenses.spentOn), desc(expenses.id)] : [asc(expenses.spentOn), asc(expenses.id)]),
    )
    .$dynamic();
  if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
  const heads = await q;
  const lines = heads.length
    ? await lineRows(
        scope,
        expenseLines,
        scope.mine(
          expenseLines,
          inArray(
            expenseLines.expenseId,
            heads.map((h) => h.e.id),
          ),
        ),
      )
    : [];
  // What the store received of each: shown for recent purchases and for any the store received against.
  const since = addDays(today(), -purchaseDays);
  const received = await storeLinesOf(
    scope,
    heads.map((h) => h.e.id),
  );
  const storeLinesFor = (e: { id: number; spentOn: string }) => {
    const list = received.get(e.id) ?? [];
    return e.spentOn >= since || list.some((l) => l.received > 0) ? list.map(purchaseLineRow) : [];
  };
  return heads.map(({ e, modeName, supplierName, clearedName }) => ({
    id: e.id,
    spent_on: e.spentOn,
    mode_id: e.modeId,
    mode_name: modeName,
    supplier_id: e.supplierId,
    supplier_name: supplierName,
    on_credit: e.onCredit,
    cleared_on: e.clearedOn,
    cleared_mode_name: clearedName,
    reference: e.reference,
    note: e.note,
    total: e.total,
    recorded_by: e.recordedBy,
    amend_reason: e.amendReason,
    ...moneyStatusReply(e),
    lines: lines.filter((l) => l.parent === e.id).map((l) => l.row),
    store_lines: storeLinesFor(e),
  }));
}

async function expenseRow(scope: SchoolScope, id: number) {
  const [row] = await expenseRows(scope, scope.mine(expenses, eq(expenses.id, id)));
  if (!row) throw new NotFound('expense');
  return row;
}

/**
 * Editing records a new expense and voids the old one; a credit already paid would lose its payment
 * (the money that left the mode), so it is refused.
 */
function editable(e: { status: string; onCredit: boolean; clearedOn: string | null }) {
  if (e.status === 'void') throw new Conflict('This expense is void and cannot be edited.');
  if (e.onCredit && e.clearedOn)
    throw new Refusal(
      `This credit was paid on ${e.clearedOn}: editing it would lose that payment. Void it with a reason and record it again.`,
    );
}

function notAfterToday(on: string, what: string) {
  if (on > today()) throw new Refusal(`${what} cannot be in the future.`);
}

/** The expenses of a report: valid, spent in the range, of the category when one is asked for. */
async function reportOf(scope: SchoolScope, from: string, to: string, categoryId?: number) {
  const inRange = [eq(expenses.status, 'valid'), gte(expenses.spentOn, from), lte(expenses.spentOn, to)];
  const ofCategory = categoryId ? eq(expenseItems.categoryId, categoryId) : undefined;
  const lineWhere = scope.mine(expenseLines, ...inRange, ofCategory);
  const amount = sql<string>`sum(${expenseLines.quantity} * ${expenseLines.unitCost})`;
  // Per mode: what was paid (each expense's lines of the category), from the mode it was paid from.
  const paidFrom = sql<
    number | null
  >`case when ${expenses.onCredit} then ${expenses.clearedModeId} else ${expenses.modeId} end`;
  const [byItem, byMode] = await Promise.all([
    scope.db
      .select({
        categoryId: expenseCategories.id,
        categoryName: expenseCategories.name,
        itemId: expenseItems.id,
        itemName: expenseItems.name,
        quantity: sum(expenseLines.quantity),
        count: count(),
        amount,
      })
      .from(expenseLines)
      .innerJoin(expenses, and(eq(expenses.schoolId, expenseLines.schoolId), eq(expenses.id, expenseLines.expenseId)))
      .innerJoin(
        expenseItems,
        and(eq(expenseItems.schoolId, expenseLines.schoolId), eq(expenseItems.id, expenseLines.itemId)),
      )
      .innerJoin(
        expenseCategories,
        and(eq(expenseCategories.schoolId, expenseItems.schoolId), eq(expenseCategories.id, expenseItems.categoryId)),
      )
      .where(lineWhere)
      .groupBy(expenseCategories.id, expenseCategories.name, expenseItems.id, expenseItems.name)
      .orderBy(asc(expenseCategories.name), asc(expenseItems.name)),
    scope.db
      .select({ modeId: paidFrom, count: sql<number>`count(distinct ${expenses.id})`.mapWith(Number), amount })
      .from(expenseLines)
      .innerJoin(expenses, and(eq(expenses.schoolId, expenseLines.schoolId), eq(expenses.id, expenseLines.expenseId)))
      .innerJoin(
        expenseItems,
        and(eq(expenseItems.schoolId, expenseLines.schoolId), eq(expenseItems.id, expenseLines.itemId)),
      )
      .where(lineWhere)
      .groupBy(paidFrom),
  ]);
  const modes = await scope.db
    .select({ id: paymentModes.id, name: paymentModes.name })
    .from(paymentModes)
    .where(scope.mine(paymentModes));
  const modeName = new Map(modes.map((m) => [m.id, m.name]));
  const categories: {
    category_id: number;
    category_name: string;
    count: number;
    amount: number;
    items: { item_id: number; item_name: string; quantity: number; count: number; amount: number }[];
  }[] = [];
  for (const r of byItem) {
    let c = categories.at(-1);
    if (c?.category_id !== r.categoryId) {
      c = { category_id: r.categoryId, category_name: r.categoryName, count: 0, amount: 0, items: [] };
      categories.push(c);
    }
    const value = Number(r.amount ?? 0);
    c.items.push({
      item_id: r.itemId,
      item_name: r.itemName,
      quantity: Number(r.quantity ?? 0),
      count: r.count,
      amount: value,
    });
    c.count += r.count;
    c.amount += value;
  }
  const owed = byMode.find((m) => m.modeId === null);
  // Each expense is paid one way (a mode, or still owed), so these counts are the expenses.
  const expensesCounted = byMode.reduce((n, m) => n + m.count, 0);
  return {
    from,
    to,
    categories,
    modes: byMode
      .filter((m) => m.modeId !== null)
      .map((m) => ({
        mode_id: m.modeId as number,
        mode_name: modeName.get(m.modeId as number) ?? '',
        count: m.count,
        amount: Number(m.amount ?? 0),
      }))
      .sort((a, b) => a.mode_name.localeCompare(b.mode_name)),
    credit_owed: { count: owed?.count ?? 0, amount: Number(owed?.amount ?? 0) },
    total: { count: expensesCounted, amount: categories.reduce((n, c) => n + c.amount, 0) },
  };
}

export function expenseRoutes(ctx: ModuleContext) {
  const { serve } = ctx;
  cartRoutes(ctx, expenseCartLines, {
    list: listExpenseCart,
    total: expenseCartTotal,
    add: addToExpenseCart,
    change: changeExpenseCartLine,
    remove: removeExpenseCartLine,
  });
  requisitionRoutes(ctx);
  itemImportRoutes(ctx);

  serve(recordExpense, async ({ input, scope }) => {
    const spentOn = input.spent_on ?? today();
    notAfterToday(spentOn, 'The date spent');
    if (input.on_credit && !input.supplier_id)
      throw new Refusal('Choose the supplier the school owes for a credit expense.');
    if (!input.on_credit && !input.mode_id) throw new Refusal('Choose the payment mode the expense was paid from.');
    const id = await scope.transaction(async (tx) => {
      const cart = await cartOf(tx, expenseCartLines);
      if (cart.length === 0) throw new Refusal('The cart is empty: add what was bought first.');
      if (!input.on_credit) await activeMode(tx, input.mode_id as number);
      if (input.supplier_id) await checkSupplier(tx, input.supplier_id);
      if (input.replaces) {
        editable(await tx.table(expenses, 'expenses').find(input.replaces, 'expense'));
        await refuseIfReceived(tx, input.replaces, 'edit');
      }
      const created = await writeExpense(
        tx,
        {
          spentOn,
          onCredit: input.on_credit,
          modeId: input.on_credit ? null : (input.mode_id as number),
          supplierId: input.supplier_id ?? null,
          reference: input.reference ?? null,
          note: input.note ?? null,
        },
        cart,
      );
      await emptyCart(tx, expenseCartLines, `recorded as expense ${created.id}`);
      if (input.replaces) await expenseDocument.void(tx, input.replaces, `Edited (now expense ${created.id})`);
      return created.id;
    });
    return { data: await expenseRow(scope, id), message: 'Expense recorded Successfully' };
  });

  serve(amendExpense, async ({ id, input, scope }) => {
    await expenseDocument.amend(scope, id, input.reason, async (tx, before) => {
      const supplierId = input.supplier_id === undefined ? before.supplierId : input.supplier_id;
      if (supplierId) await checkSupplier(tx, supplierId);
      if (before.onCredit && !supplierId) throw new Refusal('A credit expense keeps the supplier the school owes.');
      return {
        supplierId,
        reference: input.reference === undefined ? before.reference : input.reference,
        note: input.note === undefined ? before.note : input.note,
        amendReason: input.reason,
      };
    });
    return { data: await expenseRow(scope, id), message: 'Changes Saved Successfully' };
  });

  serve(expenseAmendmentList, async ({ id, scope }) => ({ data: await expenseDocument.history(scope, id) }));
  serve(voidExpense, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      await refuseIfReceived(tx, id, 'void');
      await expenseDocument.void(tx, id, input.reason);
    });
    return { data: await expenseRow(scope, id), message: 'Expense voided' };
  });

  serve(editExpense, async ({ input, scope }) => {
    const expense = await expenseRow(scope, input.id);
    editable({ status: expense.status, onCredit: expense.on_credit, clearedOn: expense.cleared_on });
    await refuseIfReceived(scope, expense.id, 'edit');
    await scope.transaction(async (tx) => {
      await emptyCart(tx, expenseCartLines, `editing expense ${expense.id}`);
      await fillCart(tx, expenseCartLines, expense.lines, { action: 'edit', entityId: expense.id });
    });
    return {
      data: { expense, cart: await cartOf(scope, expenseCartLines) },
      message: 'The expense is in the cart for changes',
    };
  });

  serve(listExpenses, async ({ input, scope }) => {
    const search = input.search ? `%${input.search}%` : undefined;
    /** The expense has a line whose item meets `condition`. */
    const hasLine = (condition: SQL) =>
      exists(
        scope.db
          .select({ one: sql`1` })
          .from(expenseLines)
          .innerJoin(
            expenseItems,
            and(eq(expenseItems.schoolId, expenseLines.schoolId), eq(expenseItems.id, expenseLines.itemId)),
          )
          .where(and(eq(expenseLines.schoolId, expenses.schoolId), eq(expenseLines.expenseId, expenses.id), condition)),
      );
    const where = scope.mine(
      expenses,
      input.from ? gte(expenses.spentOn, input.from) : undefined,
      input.to ? lte(expenses.spentOn, input.to) : undefined,
      input.supplier_id ? eq(expenses.supplierId, input.supplier_id) : undefined,
      input.mode_id ? or(eq(expenses.modeId, input.mode_id), eq(expenses.clearedModeId, input.mode_id)) : undefined,
      input.on_credit === undefined ? undefined : eq(expenses.onCredit, input.on_credit),
      input.status ? eq(expenses.status, input.status) : undefined,
      input.category_id ? hasLine(eq(expenseItems.categoryId, input.category_id)) : undefined,
      search
        ? or(
            ilike(expenses.reference, search),
            ilike(expenses.note, search),
            exists(
              scope.db
                .select({ one: sql`1` })
                .from(suppliers)
                .where(
                  and(
                    eq(suppliers.schoolId, expenses.schoolId),
                    eq(suppliers.id, expenses.supplierId),
                    ilike(suppliers.name, search),
                  ),
                ),
            ),
            hasLine(ilike(expenseItems.name, search)),
          )
        : undefined,
    );
    const [rows, [counted], [valid]] = await Promise.all([
      expenseRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db.select({ n: count() }).from(expenses).where(where),
      // The totals leave void expenses out, whatever the status filter.
      scope.db
        .select({ n: count(), amount: sum(expenses.total) })
        .from(expenses)
        .where(and(where, eq(expenses.status, 'valid'))),
    ]);
    return {
      data: rows,
      page: input.page,
      per_page: input.per_page,
      total: counted?.n ?? 0,
      totals: { count: valid?.n ?? 0, amount: Number(valid?.amount ?? 0) },
    };
  });

  serve(listCreditors, async ({ input, scope }) => {
    const search = input.search ? `%${input.search}%` : undefined;
    const where = scope.mine(
      expenses,
      eq(expenses.status, 'valid'),
      eq(expenses.onCredit, true),
      isNull(expenses.clearedOn),
      input.supplier_id ? eq(expenses.supplierId, input.supplier_id) : undefined,
      search
        ? or(
            ilike(expenses.reference, search),
            exists(
              scope.db
                .select({ one: sql`1` })
                .from(suppliers)
                .where(
                  and(
                    eq(suppliers.schoolId, expenses.schoolId),
                    eq(suppliers.id, expenses.supplierId),
                    ilike(suppliers.name, search),
                  ),
                ),
            ),
          )
        : undefined,
    );
    const [rows, [owed]] = await Promise.all([
      expenseRows(scope, where, { order: 'oldest', limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db
        .select({ n: count(), amount: sum(expenses.total) })
        .from(expenses)
        .where(where),
    ]);
    return {
      data: rows,
      page: input.page,
      per_page: input.per_page,
      total: owed?.n ?? 0,
      totals: { count: owed?.n ?? 0, amount: Number(owed?.amount ?? 0) },
    };
  });

  serve(clearCredit, async ({ input, scope }) => {
    const paidOn = input.paid_on ?? today();
    notAfterToday(paidOn, 'The date paid');
    await scope.transaction(async (tx) => {
      const e = await tx.table(expenses, 'expenses').find(input.expense_id, 'expense');
      if (e.status === 'void') throw new Conflict('This expense is void.');
      if (!e.onCredit) throw new Refusal('This expense was paid when it was recorded; there is no credit to clear.');
      if (e.clearedOn) throw new Conflict(`This credit was cleared on ${e.clearedOn}.`);
      if (paidOn < e.spentOn) throw new Refusal('The date paid cannot be before the expense.');
      await activeMode(tx, input.mode_id);
      await tx
        .table(expenses, 'expenses')
        .update(
          e.id,
          { clearedOn: paidOn, clearedModeId: input.mode_id, clearedReference: input.reference ?? null },
          'clear_credit',
        );
      await postCreditCleared(tx, e.id);
    });
    return { data: await expenseRow(scope, input.expense_id), message: 'Credit cleared Successfully' };
  });

  serve(expenditureReport, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const report = await reportOf(scope, input.from, input.to, input.category_id);
    if (input.format !== 'xlsx') return { data: report };
    const rows: Record<string, unknown>[] = [];
    for (const c of report.categories) {
      for (const i of c.items)
        rows.push({ category: c.category_name, item: i.item_name, quantity: i.quantity, amount: i.amount });
      rows.push({ category: `${c.category_name} total`, item: '', quantity: '', amount: c.amount });
    }
    rows.push({ category: 'Total', item: '', quantity: '', amount: report.total.amount });
    return sendSheet(
      reply,
      'expenditure_report.xlsx',
      `Expenses ${input.from} to ${input.to}`,
      [
        { header: 'Category', key: 'category', width: 28 },
        { header: 'Item', key: 'item', width: 32 },
        { header: 'Quantity', key: 'quantity', width: 10 },
        { header: 'Amount (UGX)', key: 'amount', width: 16 },
      ],
      rows,
    );
  });
}
