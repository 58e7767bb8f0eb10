import { expenseCategories, expenseItems } from '@somero/contract';
import { sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { activeMode } from '../fees/index.js';
import { checkSupplier } from './cart.js';
import { expenseDocument, writeExpense } from './documents.js';

/** Where another area's purchases are filed when the school has no expense item of that name. */
export const storePurchasesCategory = 'Store purchases';

export interface Purchase {
  spentOn: string;
  /** Paid from this mode now, or (null) taken on credit from the supplier. */
  modeId: number | null;
  supplierId: number | null;
  reference: string | null;
  note: string | null;
  /** What was bought: an expense item of this name is used, or made in `category`. */
  itemName: string;
  unit: string | null;
  category: string;
  /** Units bought (may be fractional: 12.5 kg), the price of one, and what it all cost. */
  quantity: number;
  unitCost: number;
  amount: number;
}

async function categoryId(tx: SchoolScope, name: string) {
  const [found] = await tx.db
    .select({ id: expenseCategories.id })
    .from(expenseCategories)
    .where(tx.mine(expenseCategories, sql`lower(${expenseCategories.name}) = lower(${name})`));
  return found?.id ?? (await tx.table(expenseCategories, 'expenses').insert({ name })).id;
}

/**
 * The expense item of a purchase: the school's item of that name when it is counted in the same unit
 * (or in none), else "<name> (<unit>)" (a store's maize flour in kg is not the bursar's in bags), made
 * in `category` when missing.
 */
async function itemFor(tx: SchoolScope, p: Purchase) {
  const named = async (name: string) =>
    (
      await tx.db
        .select({ id: expenseItems.id, categoryId: expenseItems.categoryId, unit: expenseItems.unit })
        .from(expenseItems)
        .where(tx.mine(expenseItems, sql`lower(${expenseItems.name}) = lower(${name})`))
    )[0];
  let name = p.itemName;
  let found = await named(name);
  if (found?.unit && p.unit && found.unit.toLowerCase() !== p.unit.toLowerCase()) {
    name = `${p.itemName} (${p.unit})`;
    found = await named(name);
  }
  if (found) return found;
  const category = await categoryId(tx, p.category);
  const made = await tx
    .table(expenseItems, 'expenses')
    .insert({ name, categoryId: category, unit: p.unit, unitCost: p.unitCost });
  return { id: made.id, categoryId: category };
}

/**
 * Records a purchase made by another area (the store receiving stock) as an expense of one line, paid
 * from a mode or on credit from a supplier, and posts it, in the caller's transaction. A fractional
 * quantity is one line of the whole amount ("12.5 kg at 3,000"), since expense lines count whole units.
 * Answers the expense's id.
 */
export async function recordPurchase(tx: SchoolScope, p: Purchase): Promise<number> {
  if (p.modeId === null && !p.supplierId)
    throw new Refusal('Choose the supplier the school owes for a credit purchase.');
  if (p.modeId !== null) await activeMode(tx, p.modeId);
  if (p.supplierId) await checkSupplier(tx, p.supplierId);
  const item = await itemFor(tx, p);
  const whole = Number.isInteger(p.quantity) && p.quantity * p.unitCost === p.amount;
  const created = await writeExpense(
    tx,
    {
      spentOn: p.spentOn,
      onCredit: p.modeId === null,
      modeId: p.modeId,
      supplierId: p.supplierId,
      reference: p.reference,
      note: p.note,
    },
    [
      {
        id: 0,
        item_id: item.id,
        item_name: p.itemName,
        category_id: item.categoryId,
        category_name: '',
        unit: p.unit,
        quantity: whole ? p.quantity : 1,
        unit_cost: whole ? p.unitCost : p.amount,
        amount: p.amount,
        description: whole
          ? null
          : `${p.quantity} ${p.unit ?? ''} at ${p.unitCost.toLocaleString('en-GB')}`.replace('  ', ' '),
      },
    ],
  );
  return created.id;
}

/**
 * Voids a purchase's expense with a reason, in the caller's transaction (its journal entries are
 * reversed today). A credit already paid is refused: the money left the mode, so it is corrected in
 * Expenses.
 */
export async function voidPurchase(tx: SchoolScope, expenseId: number, reason: string) {
  const e = await expenseDocument.lockValid(tx, expenseId);
  if (e.onCredit && e.clearedOn)
    throw new Refusal(
      `The supplier was paid for this purchase on ${e.clearedOn} (expense ${e.id}): correct it in Expenses first.`,
    );
  await expenseDocument.void(tx, expenseId, reason);
}
