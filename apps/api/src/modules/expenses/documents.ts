import { type ExpenseLineRow, expenseItems, expenseLines, expenses, suppliers } from '@somero/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { type Entry, moneyDocument, postEntries } from '../journal/index.js';

/**
 * An expense's journal entries: when spent, Dr each of its categories' expense, Cr the mode it was paid
 * from (or suppliers payable when taken on credit); when a credit is cleared, Dr suppliers payable, Cr
 * the mode it was paid from (source kind `credit_cleared`). `which` chooses them.
 */
async function expenseEntries(
  scope: SchoolScope,
  ids: number[],
  which: { spent: boolean; cleared: boolean },
): Promise<Entry[]> {
  const [heads, lines] = await scope.all(
    () =>
      scope.db
        .select({ e: expenses, supplier: suppliers.name })
        .from(expenses)
        .leftJoin(suppliers, and(eq(suppliers.schoolId, expenses.schoolId), eq(suppliers.id, expenses.supplierId)))
        .where(scope.mine(expenses, inArray(expenses.id, ids), eq(expenses.status, 'valid'))),
    () =>
      scope.db
        .select({ expenseId: expenseLines.expenseId, categoryId: expenseItems.categoryId, amount: expenseLines.amount })
        .from(expenseLines)
        .innerJoin(
          expenseItems,
          and(eq(expenseItems.schoolId, expenseLines.schoolId), eq(expenseItems.id, expenseLines.itemId)),
        )
        .where(scope.mine(expenseLines, inArray(expenseLines.expenseId, ids))),
  );
  const entries: Entry[] = [];
  for (const { e, supplier } of heads) {
    const to = supplier ? ` to ${supplier}` : '';
    if (which.spent) {
      const byCategory = new Map<number, number>();
      for (const l of lines)
        if (l.expenseId === e.id) byCategory.set(l.categoryId, (byCategory.get(l.categoryId) ?? 0) + l.amount);
      entries.push({
        date: e.spentOn,
        source: { kind: 'expense', id: e.id },
        memo: `Expense ${e.id}${to}${e.note ? `: ${e.note}` : ''}`,
        reference: e.reference,
        lines: [
          ...[...byCategory].map(([categoryId, amount]) => ({ account: `expense:${categoryId}`, debit: amount })),
          { account: e.onCredit ? 'suppliers_payable' : `mode:${e.modeId}`, credit: e.total },
        ],
      });
    }
    if (which.cleared && e.onCredit && e.clearedOn && e.clearedModeId) {
      entries.push({
        date: e.clearedOn,
        source: { kind: 'credit_cleared', id: e.id },
        memo: `Credit paid: expense ${e.id}${to}`,
        reference: e.clearedReference,
        lines: [
          { account: 'suppliers_payable', debit: e.total },
          { account: `mode:${e.clearedModeId}`, credit: e.total },
        ],
      });
    }
  }
  return entries;
}

/** Money spent (issue 12 §1): recorded, amended and voided through the journal's document verbs. */
export const expenseDocument = moneyDocument({
  kind: 'expense',
  table: expenses,
  module: 'expenses',
  noun: 'expense',
  alsoPostsAs: ['credit_cleared'],
  postings: (scope, ids) => expenseEntries(scope, ids, { spent: true, cleared: true }),
});

/** Posts the payment of an expense taken on credit, in the caller's transaction. */
export async function postCreditCleared(scope: SchoolScope, id: number) {
  await postEntries(scope, await expenseEntries(scope, [id], { spent: false, cleared: true }));
}

/**
 * Records an expense of these lines (from the expense cart, or a requisition being paid) and posts it,
 * in the caller's transaction; the lines are audited with it. Answers the expense row.
 */
export async function writeExpense(
  tx: SchoolScope,
  head: Pick<typeof expenses.$inferInsert, 'spentOn' | 'onCredit' | 'modeId' | 'supplierId' | 'reference' | 'note'>,
  lines: ExpenseLineRow[],
) {
  const total = lines.reduce((n, l) => n + l.amount, 0);
  if (total <= 0) throw new Refusal('The expense comes to nothing: give the unit costs.');
  const created = await tx
    .table(expenses, 'expenses')
    .insert({ ...head, total, recordedBy: tx.actor.name ?? 'System' });
  await tx.db.insert(expenseLines).values(
    lines.map((l) => ({
      schoolId: tx.schoolId,
      expenseId: created.id,
      itemId: l.item_id,
      quantity: l.quantity,
      unitCost: l.unit_cost,
      amount: l.amount,
      description: l.description,
    })),
  );
  await tx.audit({ action: 'create', module: 'expenses', entity: 'expense_lines', entityId: created.id, after: lines });
  await expenseDocument.post(tx, [created.id]);
  return created;
}
