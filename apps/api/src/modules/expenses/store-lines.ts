import {
  expenseItems,
  expenseLines,
  expenseRequisitions,
  expenses,
  type PurchaseLineRow,
  storeItems,
  storeMovements,
  storeUnits,
  suppliers,
} from '@somero/contract';
import { and, asc, desc, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';

/** A purchase line that buys a store item, with what the store received against it (hundredths, shillings). */
export interface StoreLine {
  expenseId: number;
  lineId: number;
  itemName: string;
  storeItemId: number;
  storeItem: string;
  unit: string;
  /** Hundredths of the store item's unit. */
  bought: number;
  received: number;
  /** Shillings: the line's amount and the value the store received of it so far. */
  amount: number;
  receivedValue: number;
  unitCost: number;
}

const storeUnit = sql<string>`coalesce(nullif(${storeUnits.short}, ''), ${storeUnits.name})`;

/**
 * The expense item is the store item when it is counted in the same unit: of the same name with no unit,
 * or its unit the store unit's (bag, bags, Bags), or named "<store item> (<unit>)" as a store purchase
 * files it. The bursar's beans in bags are not the store's beans in kg: those are received without it.
 */
const unitFits = sql`((lower(${expenseItems.name}) = lower(${storeItems.name}) and (coalesce(${expenseItems.unit}, '') = '' or lower(${expenseItems.unit}) in (lower(${storeUnits.short}), lower(${storeUnits.name}), lower(${storeUnits.short}) || 's') or lower(${expenseItems.unit}) || 's' = lower(${storeUnits.name}))) or lower(${expenseItems.name}) = lower(${storeItems.name} || ' (' || ${storeUnit} || ')'))`;

/**
 * The lines of purchases (expenses, a paid requisition's among them) that buy a store item: the store
 * item of the expense item's name, or the one whose name and unit it is ("Maize flour (kg)", as a store
 * purchase files it). With what valid store receipts took in against each line (`excluding` one
 * movement: a correction's original). By expense, then line.
 */
export async function storeLines(scope: SchoolScope, where: SQL, excluding?: number): Promise<StoreLine[]> {
  const received = (what: 'quantity' | 'value') =>
    sql<string>`coalesce((select sum(m.${sql.raw(what)}) from store_movements m where m.school_id = ${expenseLines.schoolId} and m.expense_line_id = ${expenseLines.id} and m.kind = 'receipt' and m.status = 'valid'${excluding ? sql` and m.id <> ${excluding}` : sql``}), 0)`;
  const rows = await scope.db
    .select({
      expenseId: expenseLines.expenseId,
      lineId: expenseLines.id,
      itemName: expenseItems.name,
      storeItemId: storeItems.id,
      storeItem: storeItems.name,
      unit: storeUnit,
      quantity: expenseLines.quantity,
      unitCost: expenseLines.unitCost,
      amount: expenseLines.amount,
      received: received('quantity'),
      receivedValue: received('value'),
    })
    .from(expenseLines)
    .innerJoin(
      expenseItems,
      and(eq(expenseItems.schoolId, expenseLines.schoolId), eq(expenseItems.id, expenseLines.itemId)),
    )
    .innerJoin(
      storeItems,
      and(
        eq(storeItems.schoolId, expenseLines.schoolId),
        sql`(lower(${storeItems.name}) = lower(${expenseItems.name}) or lower(${expenseItems.name}) like lower(${storeItems.name}) || ' (%)')`,
      ),
    )
    .innerJoin(storeUnits, and(eq(storeUnits.schoolId, storeItems.schoolId), eq(storeUnits.id, storeItems.unitId)))
    .where(and(where, unitFits))
    .orderBy(asc(expenseLines.expenseId), asc(expenseLines.id), asc(storeItems.id));
  const seen = new Set<number>();
  const out: StoreLine[] = [];
  for (const r of rows) {
    if (seen.has(r.lineId)) continue;
    seen.add(r.lineId);
    out.push({
      expenseId: r.expenseId,
      lineId: r.lineId,
      itemName: r.itemName,
      storeItemId: r.storeItemId,
      storeItem: r.storeItem,
      unit: r.unit,
      bought: r.quantity * 100,
      received: Number(r.received),
      amount: r.amount,
      receivedValue: Number(r.receivedValue),
      unitCost: r.unitCost,
    });
  }
  return out;
}

/** A store line as the screens show it (quantities in units). */
export const purchaseLineRow = (l: StoreLine): PurchaseLineRow => ({
  line_id: l.lineId,
  item_name: l.itemName,
  store_item_id: l.storeItemId,
  store_item: l.storeItem,
  unit: l.unit,
  bought: l.bought / 100,
  received: l.received / 100,
  to_receive: Math.max(0, l.bought - l.received) / 100,
  unit_cost: l.unitCost,
});

/** Purchases wait to be received for this many days after they were paid (older ones were received before). */
export const purchaseDays = 90;

/**
 * The store lines of these expenses, by expense; those the store recorded itself (received when bought)
 * have none.
 */
export async function storeLinesOf(scope: SchoolScope, expenseIds: number[]) {
  const lines = expenseIds.length
    ? await storeLines(
        scope,
        scope.mine(
          expenseLines,
          inArray(expenseLines.expenseId, expenseIds),
          notExists(
            scope.db
              .select({ one: sql`1` })
              .from(storeMovements)
              .where(
                and(
                  eq(storeMovements.schoolId, expenseLines.schoolId),
                  eq(storeMovements.expenseId, expenseLines.expenseId),
                ),
              ),
          ),
        ),
      )
    : [];
  const by = new Map<number, StoreLine[]>();
  for (const l of lines) by.set(l.expenseId, [...(by.get(l.expenseId) ?? []), l]);
  return by;
}

/** An expense the store itself recorded when it received a purchase (paid now or on credit): already in store. */
const recordedByStore = (scope: SchoolScope) =>
  scope.db
    .select({ one: sql`1` })
    .from(storeMovements)
    .where(and(eq(storeMovements.schoolId, expenses.schoolId), eq(storeMovements.expenseId, expenses.id)));

export interface PurchaseHead {
  id: number;
  spentOn: string;
  requisitionId: number | null;
  requisitionNumber: number | null;
  title: string | null;
  supplierId: number | null;
  supplierName: string | null;
  total: number;
  status: string;
  voidReason: string | null;
  /** Recorded by the store when it received the goods (so nothing waits on it). */
  byStore: boolean;
}

/** Purchases' heads (with the requisition they paid), newest first. */
export async function purchaseHeads(scope: SchoolScope, where: SQL): Promise<PurchaseHead[]> {
  const rows = await scope.db
    .select({
      e: expenses,
      requisitionId: expenseRequisitions.id,
      requisitionNumber: expenseRequisitions.number,
      requisitionTitle: expenseRequisitions.title,
      supplierName: suppliers.name,
      byStore: sql<boolean>`exists (${recordedByStore(scope)})`,
    })
    .from(expenses)
    .leftJoin(
      expenseRequisitions,
      and(eq(expenseRequisitions.schoolId, expenses.schoolId), eq(expenseRequisitions.expenseId, expenses.id)),
    )
    .leftJoin(suppliers, and(eq(suppliers.schoolId, expenses.schoolId), eq(suppliers.id, expenses.supplierId)))
    .where(where)
    .orderBy(desc(expenses.spentOn), desc(expenses.id));
  return rows.map(({ e, requisitionId, requisitionNumber, requisitionTitle, supplierName, byStore }) => ({
    id: e.id,
    spentOn: e.spentOn,
    requisitionId,
    requisitionNumber,
    title: requisitionTitle ?? e.note,
    supplierId: e.supplierId,
    supplierName,
    total: e.total,
    status: e.status,
    voidReason: e.voidReason,
    byStore: Boolean(byStore),
  }));
}

/**
 * Valid purchases spent since a day with store lines not yet fully received: the ids of their expenses
 * (those the store recorded itself left out).
 */
export async function purchasesWaiting(scope: SchoolScope, since: string): Promise<number[]> {
  const lines = await storeLines(
    scope,
    scope.mine(
      expenseLines,
      sql`exists (select 1 from expenses e where e.school_id = ${expenseLines.schoolId} and e.id = ${expenseLines.expenseId} and e.status = 'valid' and e.spent_on >= ${since})`,
      notExists(
        scope.db
          .select({ one: sql`1` })
          .from(storeMovements)
          .where(
            and(
              eq(storeMovements.schoolId, expenseLines.schoolId),
              eq(storeMovements.expenseId, expenseLines.expenseId),
            ),
          ),
      ),
    ),
  );
  return [...new Set(lines.filter((l) => l.received < l.bought).map((l) => l.expenseId))];
}

/**
 * Refuses to change or void a purchase the store has received goods against: its stock would stand on a
 * purchase that no longer reads so (an edit makes a new expense whose lines would wait to be received again).
 */
export async function refuseIfReceived(scope: SchoolScope, expenseId: number, doing: 'edit' | 'void') {
  const [row] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeMovements)
    .innerJoin(
      expenseLines,
      and(eq(expenseLines.schoolId, storeMovements.schoolId), eq(expenseLines.id, storeMovements.expenseLineId)),
    )
    .where(
      scope.mine(
        storeMovements,
        eq(expenseLines.expenseId, expenseId),
        eq(storeMovements.kind, 'receipt'),
        eq(storeMovements.status, 'valid'),
      ),
    );
  if ((row?.n ?? 0) > 0)
    throw new Refusal(
      `The store has received goods bought on expense ${expenseId}: reverse those receipts in the store's item log first, then ${doing} it.`,
    );
}
