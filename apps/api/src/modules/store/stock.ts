import { storeItems, storeMovements, storeUnits } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { now, today } from '../../core/dates.js';
import { NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { Outcome, Stock } from './rules.js';

type NewMovement = Omit<
  typeof storeMovements.$inferInsert,
  'schoolId' | 'itemId' | 'quantity' | 'value' | 'balanceAfter' | 'valueAfter' | 'recordedBy'
>;

/** An item locked for this transaction (so two issues at once cannot both take the last bag). */
export interface LockedItem extends Stock {
  id: number;
  name: string;
  unit: string;
}

export async function lockItem(tx: SchoolScope, itemId: number): Promise<LockedItem> {
  const [item] = await tx.db
    .select({
      id: storeItems.id,
      name: storeItems.name,
      unitId: storeItems.unitId,
      balance: storeItems.balance,
      value: storeItems.value,
    })
    .from(storeItems)
    .where(tx.mine(storeItems, eq(storeItems.id, itemId)))
    .for('update');
  if (!item) throw new NotFound('store item');
  const [unit] = await tx.db
    .select({ name: storeUnits.name, short: storeUnits.short })
    .from(storeUnits)
    .where(tx.mine(storeUnits, eq(storeUnits.id, item.unitId)));
  return {
    id: item.id,
    name: item.name,
    unit: unit?.short || unit?.name || '',
    balance: item.balance,
    value: item.value,
  };
}

/** Writes a movement the rules allowed and the item's new position; answers the movement. */
export async function writeMovement(
  tx: SchoolScope,
  item: LockedItem,
  outcome: Outcome & { ok: true },
  fields: NewMovement,
) {
  const row = await tx.table(storeMovements, 'store').insert({
    ...fields,
    itemId: item.id,
    quantity: outcome.move.quantity,
    value: outcome.move.value,
    balanceAfter: outcome.stock.balance,
    valueAfter: outcome.stock.value,
    recordedBy: tx.actor.name ?? 'System',
  });
  await tx.db
    .update(storeItems)
    .set({ balance: outcome.stock.balance, value: outcome.stock.value, updatedAt: now() })
    .where(tx.mine(storeItems, eq(storeItems.id, item.id)));
  item.balance = outcome.stock.balance;
  item.value = outcome.stock.value;
  return row;
}

export function checkDay(on: string | undefined | null) {
  const day = on ?? today();
  if (day > today()) throw new Refusal('The date cannot be in the future.');
  return day;
}
