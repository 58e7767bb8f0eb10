import { expenseLines, expenses, type StorePurchaseRow, type storeMovements } from '@somero/contract';
import { eq, inArray } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import {
  type PurchaseHead,
  purchaseDays,
  purchaseHeads,
  purchaseLineRow,
  purchasesWaiting,
  type StoreLine,
  storeLines,
  storeLinesOf,
} from '../expenses/index.js';
import { daysBefore, purchaseLeft, purchaseName, purchaseReceiptValue, receive, toHundredths } from './rules.js';
import { checkDay, lockItem, writeMovement } from './stock.js';

const rowOf = (h: PurchaseHead, lines: StoreLine[]): StorePurchaseRow => ({
  expense_id: h.id,
  spent_on: h.spentOn,
  requisition_id: h.requisitionId,
  requisition_number: h.requisitionNumber,
  title: h.title,
  supplier_name: h.supplierName,
  total: h.total,
  status: h.status,
  lines: lines.map(purchaseLineRow),
});

/**
 * Purchases of the last `purchaseDays` days with store items still to receive (or the one asked for,
 * whatever its state and age), newest first. Older ones were received before Somero tracked purchases.
 */
export async function storePurchases(scope: SchoolScope, expenseId?: number): Promise<StorePurchaseRow[]> {
  const ids = expenseId ? [expenseId] : await purchasesWaiting(scope, daysBefore(today(), purchaseDays));
  if (!ids.length) return [];
  const [heads, lines] = await Promise.all([
    purchaseHeads(scope, scope.mine(expenses, inArray(expenses.id, ids))),
    storeLinesOf(scope, ids),
  ]);
  return heads.map((h) => rowOf(h, lines.get(h.id) ?? []));
}

export async function storePurchase(scope: SchoolScope, expenseId: number) {
  const [row] = await storePurchases(scope, expenseId);
  if (!row) throw new NotFound('expense');
  return row;
}

/** The purchase, locked, refused when nothing may be received against it. */
async function lockPurchase(tx: SchoolScope, expenseId: number) {
  const [locked] = await tx.db
    .select({ id: expenses.id })
    .from(expenses)
    .where(tx.mine(expenses, eq(expenses.id, expenseId)))
    .for('update');
  if (!locked) throw new NotFound('expense');
  const [head] = await purchaseHeads(tx, tx.mine(expenses, eq(expenses.id, expenseId)));
  if (!head) throw new NotFound('expense');
  const name = purchaseName(head);
  if (head.status !== 'valid')
    throw new Refusal(
      `${capital(name)} was voided${head.voidReason ? ` (${head.voidReason})` : ''}: nothing can be received against it.`,
    );
  if (head.byStore)
    throw new Refusal(`${capital(name)} was recorded by the store when the goods came in: they are in store already.`);
  return { head, name };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface PurchaseReceipt {
  expenseId: number;
  lines: { lineId: number; quantity: number }[];
  receivedOn?: string | null;
  note?: string | null;
  /** A correction's original movement, not counted as received. */
  excluding?: number;
}

/**
 * Receives goods bought through a requisition or an expense into the store, in the caller's transaction:
 * each line's quantity (at most what is left of it) comes in at the line's price. No payment, expense or
 * journal entry: the purchase paid for them. Answers the movements made.
 */
export async function receivePurchase(tx: SchoolScope, r: PurchaseReceipt) {
  const movedOn = checkDay(r.receivedOn);
  const { head, name } = await lockPurchase(tx, r.expenseId);
  const asked = new Map<number, number>();
  for (const l of r.lines) asked.set(l.lineId, (asked.get(l.lineId) ?? 0) + toHundredths(l.quantity));
  for (const [lineId, h] of asked) if (h <= 0) asked.delete(lineId);
  if (!asked.size) throw new Invalid('lines', 'Enter what arrived of at least one line.');
  // Lock the lines so two receipts at once cannot both take what is left.
  await tx.db
    .select({ id: expenseLines.id })
    .from(expenseLines)
    .where(tx.mine(expenseLines, eq(expenseLines.expenseId, r.expenseId)))
    .for('update');
  const lines = await storeLines(
    tx,
    tx.mine(expenseLines, eq(expenseLines.expenseId, r.expenseId), inArray(expenseLines.id, [...asked.keys()])),
    r.excluding,
  );
  const made: (typeof storeMovements.$inferSelect)[] = [];
  for (const [lineId, hundredths] of asked) {
    const line = lines.find((l) => l.lineId === lineId);
    if (!line) throw new Refusal(`That line is not a store item bought on ${name}.`);
    const item = await lockItem(tx, line.storeItemId);
    const left = purchaseLeft(
      { item: line.storeItem, unit: item.unit, bought: line.bought, received: line.received },
      hundredths,
      name,
    );
    if (!left.ok) throw new Refusal(left.message);
    const outcome = receive(item, hundredths, purchaseReceiptValue(line, hundredths));
    if (!outcome.ok) throw new Refusal('Not received');
    made.push(
      await writeMovement(tx, item, outcome, {
        kind: 'receipt',
        movedOn,
        unitCost: line.unitCost,
        source: 'supplier',
        supplierId: head.supplierId,
        expenseLineId: line.lineId,
        reference: capital(name),
        note: r.note ?? null,
      }),
    );
  }
  return made;
}
