import { expenseCategories, expenseItems } from '@somero/contract';
import { eq, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import { writeExpense } from './documents.js';

/**
 * Another area's purchase paid from a payment mode (SMS credit…): one line of the named item in the
 * named category (both made on first use), recorded as an expense and posted to the journal in the
 * caller's transaction. Answers the expense row.
 */
export async function recordPurchaseExpense(
  tx: SchoolScope,
  p: {
    category: string;
    item: string;
    amount: number;
    modeId: number;
    spentOn: string;
    reference?: string | null;
    note?: string | null;
    description?: string | null;
  },
) {
  const byName = (t: typeof expenseCategories | typeof expenseItems, name: string) =>
    tx.db
      .select({ id: t.id })
      .from(t)
      .where(tx.mine(t, eq(sql`lower(${t.name})`, name.toLowerCase())));
  const [category] = await byName(expenseCategories, p.category);
  const categoryId = category?.id ?? (await tx.table(expenseCategories, 'expenses').insert({ name: p.category })).id;
  const [item] = await byName(expenseItems, p.item);
  const itemId = item?.id ?? (await tx.table(expenseItems, 'expenses').insert({ name: p.item, categoryId })).id;
  return writeExpense(
    tx,
    {
      spentOn: p.spentOn,
      onCredit: false,
      modeId: p.modeId,
      supplierId: null,
      reference: p.reference ?? null,
      note: p.note ?? null,
    },
    [
      {
        id: 0,
        item_id: itemId,
        item_name: p.item,
        category_id: categoryId,
        category_name: p.category,
        unit: null,
        quantity: 1,
        unit_cost: p.amount,
        amount: p.amount,
        description: p.description ?? null,
      },
    ],
  );
}
