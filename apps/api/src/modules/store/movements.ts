import {
  departments,
  expenseLines,
  paymentModes,
  type StoreLevelRow,
  type StoreMovementRow,
  storeItems,
  storeMovements,
  storeUnits,
  suppliers,
} from '@somero/contract';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import { Conflict, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { recordPurchase, storePurchasesCategory, voidPurchase } from '../expenses/index.js';
import { receivePurchase } from './purchases.js';
import {
  averageCost,
  belowReorder,
  fromHundredths,
  newFirst,
  receiptCost,
  receive,
  reverse,
  shortMessage,
  takeOut,
  toHundredths,
} from './rules.js';
import { checkDay, type LockedItem, lockItem, writeMovement } from './stock.js';

type Movement = typeof storeMovements.$inferSelect;

export interface Receipt {
  itemId: number;
  /** Units of the item (at most two decimals). */
  quantity: number;
  unitCost?: number;
  receivedOn?: string | null;
  source?: 'supplier' | 'requirements' | 'donation' | 'other';
  supplierId?: number | null;
  /** A purchase recorded as an expense too: from a mode, or on credit from the supplier. */
  payment?: 'none' | 'mode' | 'credit';
  modeId?: number | null;
  reference?: string | null;
  note?: string | null;
}

/**
 * Receives stock into the store in the caller's transaction: the item is locked, the movement written
 * with its running balance, and a purchase (paid from a mode or on credit) recorded as an expense in
 * the "Store purchases" category so the mode's statement and the journal show it. The requirements
 * area receives what students bring with `source: 'requirements'` and no cost. Answers the movement.
 */
export async function receiveStock(tx: SchoolScope, r: Receipt): Promise<Movement> {
  const movedOn = checkDay(r.receivedOn);
  const hundredths = toHundredths(r.quantity);
  if (hundredths <= 0) throw new Refusal('Enter a quantity above 0.');
  const unitCost = r.unitCost ?? 0;
  const cost = receiptCost(hundredths, unitCost);
  const payment = r.payment ?? 'none';
  const item = await lockItem(tx, r.itemId);
  if (r.supplierId) await supplierName(tx, r.supplierId);
  let expenseId: number | null = null;
  if (payment !== 'none') {
    if (cost <= 0) throw new Refusal('Give the unit cost of a purchase.');
    if (payment === 'mode' && !r.modeId) throw new Refusal('Choose the payment mode the purchase was paid from.');
    if (payment === 'credit' && !r.supplierId)
      throw new Refusal('Choose the supplier the school owes for a credit purchase.');
    expenseId = await recordPurchase(tx, {
      spentOn: movedOn,
      modeId: payment === 'mode' ? (r.modeId as number) : null,
      supplierId: r.supplierId ?? null,
      reference: r.reference ?? null,
      note: r.note ?? `Received into the store: ${item.name}`,
      itemName: item.name,
      unit: item.unit || null,
      category: storePurchasesCategory,
      quantity: fromHundredths(hundredths),
      unitCost,
      amount: cost,
    });
  }
  const outcome = receive(item, hundredths, cost);
  if (!outcome.ok) throw new Refusal('Not received');
  return writeMovement(tx, item, outcome, {
    kind: 'receipt',
    movedOn,
    unitCost,
    source: r.source ?? (r.supplierId ? 'supplier' : 'other'),
    supplierId: r.supplierId ?? null,
    modeId: payment === 'mode' ? (r.modeId ?? null) : null,
    onCredit: payment === 'credit',
    expenseId,
    reference: r.reference ?? null,
    note: r.note ?? null,
  });
}

async function supplierName(tx: SchoolScope, id: number) {
  const [s] = await tx.db
    .select({ name: suppliers.name })
    .from(suppliers)
    .where(tx.mine(suppliers, eq(suppliers.id, id)));
  if (!s) throw new NotFound('supplier');
  return s.name;
}

export interface TakeOut {
  itemId: number;
  quantity: number;
  on?: string | null;
  issuedTo?: 'department' | 'person' | 'kitchen';
  departmentId?: number | null;
  person?: string | null;
  lossKind?: string;
  note?: string | null;
}

/** Issues stock (or records a loss) in the caller's transaction; more than is held is refused with the balance. */
export async function takeStock(tx: SchoolScope, kind: 'issue' | 'loss', t: TakeOut): Promise<Movement> {
  const movedOn = checkDay(t.on);
  const hundredths = toHundredths(t.quantity);
  let departmentId: number | null = null;
  let person: string | null = null;
  if (kind === 'issue') {
    if (t.issuedTo === 'department') {
      if (!t.departmentId) throw new Refusal('Choose the department the stock is issued to.');
      const [d] = await tx.db
        .select({ id: departments.id })
        .from(departments)
        .where(tx.mine(departments, eq(departments.id, t.departmentId)));
      if (!d) throw new NotFound('department');
      departmentId = d.id;
      person = t.person ?? null;
    } else if (t.issuedTo === 'person') {
      if (!t.person) throw new Refusal('Write the name of the person the stock is issued to.');
      person = t.person;
    } else person = t.person ?? null;
  }
  const item = await lockItem(tx, t.itemId);
  const outcome = takeOut(item, hundredths);
  if (!outcome.ok)
    throw new Refusal(
      shortMessage(kind === 'issue' ? 'issue' : 'lose', item.name, item.unit, outcome.balance, hundredths),
      {
        balance: fromHundredths(outcome.balance),
      },
    );
  return writeMovement(tx, item, outcome, {
    kind,
    movedOn,
    issuedTo: kind === 'issue' ? (t.issuedTo ?? 'kitchen') : null,
    departmentId,
    person,
    lossKind: kind === 'loss' ? (t.lossKind ?? 'other') : null,
    note: t.note ?? null,
  });
}

async function lockMovement(tx: SchoolScope, id: number) {
  const [m] = await tx.db
    .select()
    .from(storeMovements)
    .where(tx.mine(storeMovements, eq(storeMovements.id, id)))
    .for('update');
  if (!m) throw new NotFound('store movement');
  if (m.kind === 'reversal') throw new Conflict('A reversal cannot itself be corrected: record the movement again.');
  if (m.status !== 'valid') throw new Conflict('This movement was already reversed.');
  return m;
}

/** Reverses a locked movement (a reversal row, the original marked reversed); refused if a balance would go negative. */
async function reverseLocked(tx: SchoolScope, m: Movement, item: LockedItem, reason: string) {
  const outcome = reverse(item, { quantity: m.quantity, value: m.value });
  if (!outcome.ok)
    throw new Refusal(shortMessage('reverse', item.name, item.unit, outcome.balance), {
      balance: fromHundredths(outcome.balance),
    });
  const reversal = await writeMovement(tx, item, outcome, {
    kind: 'reversal',
    movedOn: today(),
    reverses: m.id,
    reason,
    note: `Reverses ${m.kind} ${m.id}`,
  });
  await tx
    .table(storeMovements, 'store')
    .update(m.id, { status: 'reversed', reversedBy: reversal.id, reason }, 'reverse');
  if (m.expenseId) await voidPurchase(tx, m.expenseId, `Store receipt ${m.id} reversed: ${reason}`);
  return reversal;
}

/** Reverses a movement with a reason (a purchase's expense is voided with it). Answers the reversal. */
export async function reverseMovement(tx: SchoolScope, id: number, reason: string) {
  const m = await lockMovement(tx, id);
  const item = await lockItem(tx, m.itemId);
  return reverseLocked(tx, m, item, reason);
}

export interface Correction {
  quantity?: number;
  unitCost?: number;
  movedOn?: string | null;
  issuedTo?: 'department' | 'person' | 'kitchen';
  departmentId?: number | null;
  person?: string | null;
  lossKind?: string;
  note?: string | null;
  reason: string;
}

/**
 * Corrects a movement: reversed with the reason and recorded again with the new figures (the new
 * movement names the reason in its note). The one adding stock goes first, so no running balance dips
 * below zero; a receipt bought for money gets a new expense in place of the voided one. Answers the new
 * movement.
 */
export async function correctMovement(tx: SchoolScope, id: number, c: Correction) {
  const m = await lockMovement(tx, id);
  const item = await lockItem(tx, m.itemId);
  const quantity = c.quantity ?? Math.abs(fromHundredths(m.quantity));
  const note = c.note === undefined ? m.note : c.note;
  const again = async () => {
    if (m.kind === 'receipt' && m.expenseLineId) {
      // Received against a purchase: again against the same line, at its price (this one not counted).
      const [line] = await tx.db
        .select({ expenseId: expenseLines.expenseId })
        .from(expenseLines)
        .where(tx.mine(expenseLines, eq(expenseLines.id, m.expenseLineId)));
      if (!line) throw new NotFound('expense line');
      const [made] = await receivePurchase(tx, {
        expenseId: line.expenseId,
        lines: [{ lineId: m.expenseLineId, quantity }],
        receivedOn: c.movedOn ?? m.movedOn,
        note,
        excluding: m.id,
      });
      return made as Movement;
    }
    if (m.kind === 'receipt')
      return receiveStock(tx, {
        itemId: m.itemId,
        quantity,
        unitCost: c.unitCost ?? m.unitCost ?? 0,
        receivedOn: c.movedOn ?? m.movedOn,
        source: (m.source ?? 'other') as Receipt['source'],
        supplierId: m.supplierId,
        payment: m.expenseId ? (m.onCredit ? 'credit' : 'mode') : 'none',
        modeId: m.modeId,
        reference: m.reference,
        note,
      });
    return takeStock(tx, m.kind as 'issue' | 'loss', {
      itemId: m.itemId,
      quantity,
      on: c.movedOn ?? m.movedOn,
      issuedTo: (c.issuedTo ?? m.issuedTo ?? undefined) as TakeOut['issuedTo'],
      departmentId: c.departmentId === undefined ? m.departmentId : c.departmentId,
      person: c.person === undefined ? m.person : c.person,
      lossKind: c.lossKind ?? m.lossKind ?? undefined,
      note: m.kind === 'loss' ? (c.note ?? m.note) : note,
    });
  };
  let made: Movement;
  if (newFirst(m.kind)) {
    made = await again();
    // The item row is locked already; its figures moved with the new receipt.
    const [now] = await tx.db
      .select({ balance: storeItems.balance, value: storeItems.value })
      .from(storeItems)
      .where(tx.mine(storeItems, eq(storeItems.id, item.id)));
    Object.assign(item, now);
    await reverseLocked(tx, m, item, c.reason);
  } else {
    await reverseLocked(tx, m, item, c.reason);
    made = await again();
  }
  await tx.table(storeMovements, 'store').update(m.id, { replacedBy: made.id }, 'correct');
  return made;
}

/** Movements with their item, unit, supplier, mode and department, in the order given. */
export async function movementRows(
  scope: SchoolScope,
  where: SQL,
  page?: { limit: number; offset: number; newest?: boolean },
): Promise<StoreMovementRow[]> {
  let q = scope.db
    .select({
      m: storeMovements,
      itemName: storeItems.name,
      unitName: storeUnits.name,
      unitShort: storeUnits.short,
      supplierName: suppliers.name,
      modeName: paymentModes.name,
      departmentName: departments.name,
    })
    .from(storeMovements)
    .innerJoin(
      storeItems,
      and(eq(storeItems.schoolId, storeMovements.schoolId), eq(storeItems.id, storeMovements.itemId)),
    )
    .innerJoin(storeUnits, and(eq(storeUnits.schoolId, storeItems.schoolId), eq(storeUnits.id, storeItems.unitId)))
    .leftJoin(
      suppliers,
      and(eq(suppliers.schoolId, storeMovements.schoolId), eq(suppliers.id, storeMovements.supplierId)),
    )
    .leftJoin(
      paymentModes,
      and(eq(paymentModes.schoolId, storeMovements.schoolId), eq(paymentModes.id, storeMovements.modeId)),
    )
    .leftJoin(
      departments,
      and(eq(departments.schoolId, storeMovements.schoolId), eq(departments.id, storeMovements.departmentId)),
    )
    .where(where)
    .$dynamic();
  q = page?.newest
    ? q.orderBy(...[storeMovements.movedOn, storeMovements.id].map((c) => desc(c)))
    : q.orderBy(asc(storeMovements.id));
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ m, itemName, unitName, unitShort, supplierName, modeName, departmentName }) => ({
    id: m.id,
    item_id: m.itemId,
    item_name: itemName,
    unit: unitShort || unitName,
    kind: m.kind as StoreMovementRow['kind'],
    moved_on: m.movedOn,
    quantity: fromHundredths(m.quantity),
    value: m.value,
    balance_after: fromHundredths(m.balanceAfter),
    value_after: m.valueAfter,
    unit_cost: m.unitCost,
    source: m.source,
    supplier_id: m.supplierId,
    supplier_name: supplierName,
    mode_id: m.modeId,
    mode_name: modeName,
    on_credit: m.onCredit,
    expense_id: m.expenseId,
    expense_line_id: m.expenseLineId,
    issued_to: m.issuedTo,
    department_id: m.departmentId,
    department_name: departmentName,
    person: m.person,
    loss_kind: m.lossKind,
    reference: m.reference,
    note: m.note,
    reverses: m.reverses,
    reversed_by: m.reversedBy,
    replaced_by: m.replacedBy,
    reason: m.reason,
    status: m.status as StoreMovementRow['status'],
    recorded_by: m.recordedBy,
    recorded_at: m.createdAt.toISOString(),
  }));
}

export async function movementRow(scope: SchoolScope, id: number) {
  const [row] = await movementRows(scope, scope.mine(storeMovements, eq(storeMovements.id, id)));
  if (!row) throw new NotFound('store movement');
  return row;
}

/** Items' positions (all of the school's, or one), by name. */
export async function levelRows(scope: SchoolScope, itemId?: number): Promise<StoreLevelRow[]> {
  const rows = await scope.db
    .select({ i: storeItems, unitName: storeUnits.name, unitShort: storeUnits.short })
    .from(storeItems)
    .innerJoin(storeUnits, and(eq(storeUnits.schoolId, storeItems.schoolId), eq(storeUnits.id, storeItems.unitId)))
    .where(scope.mine(storeItems, itemId ? eq(storeItems.id, itemId) : undefined))
    .orderBy(asc(storeItems.name));
  return rows.map(({ i, unitName, unitShort }) => ({
    id: i.id,
    name: i.name,
    unit_id: i.unitId,
    unit: unitShort || unitName,
    balance: fromHundredths(i.balance),
    average_cost: averageCost(i),
    value: i.value,
    reorder_level: i.reorderLevel,
    below_reorder: belowReorder(i.balance, i.reorderLevel),
  }));
}
