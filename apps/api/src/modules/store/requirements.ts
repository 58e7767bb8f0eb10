import { requirementStoreItems, storeItems, storeMovements, storeUnits } from '@somero/contract';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { collectedTotals } from '../requirements/index.js';
import { currentTerm } from '../settings/index.js';
import { receiveStock } from './movements.js';
import { fromHundredths } from './rules.js';
import { lockItem } from './stock.js';

/**
 * What students brought as requirements goes into the store in one step. A term's receipts carry the
 * reference "Requirements T3 2026", so what the store already took (less what it reversed) is known
 * and a second step receives only what came in since. A requirement goes to the store item the store
 * keeper linked it to (`requirement_store_items`), else to the item of its name, case aside; with
 * neither it waits.
 */
export const requirementsReference = (year: number, term: number) => `Requirements T${term} ${year}`;

async function termOf(scope: SchoolScope, input: { year?: number; term?: number }) {
  if (input.year && input.term) return { year: input.year, term: input.term };
  const now = await currentTerm(scope);
  return { year: input.year ?? now.year, term: input.term ?? now.term };
}

async function rowsOf(scope: SchoolScope, year: number, term: number, lock: boolean) {
  const collected = (await collectedTotals(scope, year, term)).filter((c) => c.quantity > 0);
  const names = collected.map((c) => c.item.toLowerCase());
  const links = names.length
    ? await scope.db
        .select({ requirement: requirementStoreItems.requirement, itemId: requirementStoreItems.itemId })
        .from(requirementStoreItems)
        .where(scope.mine(requirementStoreItems, inArray(sql`lower(${requirementStoreItems.requirement})`, names)))
    : [];
  const linkOf = new Map(links.map((l) => [l.requirement.toLowerCase(), l.itemId]));
  const ids = links.map((l) => l.itemId);
  const items = names.length
    ? await scope.db
        .select({ id: storeItems.id, name: storeItems.name, unit: storeUnits.name })
        .from(storeItems)
        .innerJoin(storeUnits, and(eq(storeUnits.schoolId, storeItems.schoolId), eq(storeUnits.id, storeItems.unitId)))
        .where(
          scope.mine(
            storeItems,
            or(inArray(sql`lower(${storeItems.name})`, names), ids.length ? inArray(storeItems.id, ids) : undefined),
          ),
        )
        .orderBy(storeItems.id)
    : [];
  // Locked in id order before what was received is read: two steps at once cannot receive twice.
  if (lock) for (const item of items) await lockItem(scope, item.id);
  const byName = new Map(items.map((i) => [i.name.toLowerCase(), i]));
  const byId = new Map(items.map((i) => [i.id, i]));
  const itemOf = (requirement: string) => {
    const linked = linkOf.get(requirement.toLowerCase());
    return linked === undefined ? byName.get(requirement.toLowerCase()) : byId.get(linked);
  };
  const received = items.length
    ? await scope.db
        .select({ itemId: storeMovements.itemId, hundredths: sql<number>`sum(${storeMovements.quantity})::int` })
        .from(storeMovements)
        .where(
          scope.mine(
            storeMovements,
            eq(storeMovements.kind, 'receipt'),
            eq(storeMovements.source, 'requirements'),
            eq(storeMovements.reference, requirementsReference(year, term)),
            eq(storeMovements.status, 'valid'),
            isNull(storeMovements.reversedBy),
            inArray(
              storeMovements.itemId,
              items.map((i) => i.id),
            ),
          ),
        )
        .groupBy(storeMovements.itemId)
    : [];
  const receivedOf = new Map(received.map((r) => [r.itemId, fromHundredths(r.hundredths)]));
  return collected.map((c) => {
    const item = itemOf(c.item);
    const got = item ? (receivedOf.get(item.id) ?? 0) : 0;
    return {
      item: c.item,
      collected: c.quantity,
      received: got,
      to_receive: item ? Math.max(0, c.quantity - got) : c.quantity,
      store_item_id: item?.id ?? null,
      store_item: item?.name ?? null,
      linked: linkOf.has(c.item.toLowerCase()),
      unit: item?.unit ?? null,
    };
  });
}

export async function requirementsInStore(scope: SchoolScope, input: { year?: number; term?: number }) {
  const { year, term } = await termOf(scope, input);
  return { year, term, rows: await rowsOf(scope, year, term, false) };
}

export async function receiveRequirements(scope: SchoolScope, input: { year?: number; term?: number }) {
  const { year, term } = await termOf(scope, input);
  return scope.transaction(async (tx) => {
    const rows = await rowsOf(tx, year, term, true);
    const waiting = rows.filter((r) => r.store_item_id !== null && r.to_receive > 0);
    if (!waiting.length)
      throw new Refusal(
        rows.some((r) => r.store_item_id === null && r.to_receive > 0)
          ? 'Nothing can be received yet: link each requirement to its store item first.'
          : `Everything students brought in Term ${term} ${year} is already in the store.`,
      );
    for (const r of waiting)
      await receiveStock(tx, {
        itemId: r.store_item_id as number,
        quantity: r.to_receive,
        source: 'requirements',
        reference: requirementsReference(year, term),
        note: `Brought by students: Term ${term} ${year} requirements`,
      });
    return { year, term, rows: await rowsOf(tx, year, term, false) };
  });
}

/**
 * The store keeper links a requirement (by name, for every class and term) to the store item it is
 * received as, or removes the link (`itemId` null: the item of the same name, if any, again).
 */
export async function linkRequirementItem(scope: SchoolScope, requirement: string, itemId: number | null) {
  return scope.transaction(async (tx) => {
    if (itemId !== null) await tx.table(storeItems, 'store').find(itemId, 'store item');
    const links = tx.table(requirementStoreItems, 'store');
    const [held] = await tx.db
      .select({ id: requirementStoreItems.id })
      .from(requirementStoreItems)
      .where(
        tx.mine(requirementStoreItems, eq(sql`lower(${requirementStoreItems.requirement})`, requirement.toLowerCase())),
      );
    if (itemId === null) {
      if (held) await links.remove(held.id);
    } else if (held) await links.update(held.id, { itemId, requirement });
    else await links.insert({ requirement, itemId });
    return { requirement, store_item_id: itemId };
  });
}
