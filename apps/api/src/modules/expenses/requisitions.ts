import {
  addToRequisitionCart,
  approveRequisitions,
  changeRequisitionCartLine,
  checkRequisition,
  deleteRequisition,
  editRequisition,
  expenseRequisitions,
  listRequisitionCart,
  listRequisitions,
  payRequisitions,
  type RequisitionRow,
  type RequisitionStatus,
  removeRequisitionCartLine,
  requisitionCartLines,
  requisitionCartTotal,
  requisitionLines,
  schoolSettings,
  submitRequisition,
  suppliers,
} from '@somero/contract';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql, sum } from 'drizzle-orm';
import { nextNumber } from '../../core/counters.js';
import { now, today } from '../../core/dates.js';
import { Conflict, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { activeMode } from '../fees/index.js';
import type { ModuleContext } from '../module.js';
import { cartOf, cartRoutes, checkSupplier, emptyCart, fillCart, lineRows } from './cart.js';
import { writeExpense } from './documents.js';
import {
  type RequisitionStep,
  requisitionSteps,
  statusAfter,
  stepRefusal,
  waitingStatuses,
} from './requisition-rules.js';
import { purchaseLineRow, storeLinesOf } from './store-lines.js';

type Requisition = typeof expenseRequisitions.$inferSelect;

const stepOf = (by: string | null, at: Date | null) => (by && at ? { by, at: at.toISOString() } : null);

/** Requisitions with their supplier and lines, newest first. */
async function requisitionRows(
  scope: SchoolScope,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<RequisitionRow[]> {
  let q = scope.db
    .select({ r: expenseRequisitions, supplierName: suppliers.name })
    .from(expenseRequisitions)
    .leftJoin(
      suppliers,
      and(eq(suppliers.schoolId, expenseRequisitions.schoolId), eq(suppliers.id, expenseRequisitions.supplierId)),
    )
    .where(where)
    .orderBy(desc(expenseRequisitions.number))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  const heads = await q;
  const [settings] = heads.length
    ? await scope.db
        .select({ separate: schoolSettings.separateRequisitionSteps })
        .from(schoolSettings)
        .where(eq(schoolSettings.schoolId, scope.schoolId))
    : [];
  const lines = heads.length
    ? await lineRows(
        scope,
        requisitionLines,
        scope.mine(
          requisitionLines,
          inArray(
            requisitionLines.requisitionId,
            heads.map((h) => h.r.id),
          ),
        ),
      )
    : [];
  const received = await storeLinesOf(
    scope,
    heads.flatMap((h) => (h.r.expenseId ? [h.r.expenseId] : [])),
  );
  return heads.map(({ r, supplierName }) => ({
    id: r.id,
    number: r.number,
    title: r.title,
    needed_on: r.neededOn,
    supplier_id: r.supplierId,
    supplier_name: supplierName,
    note: r.note,
    total: r.total,
    status: r.status as RequisitionStatus,
    raised: { by: r.raisedByName, at: r.createdAt.toISOString() },
    checked: stepOf(r.checkedByName, r.checkedAt),
    rejected_reason: r.rejectedReason,
    approved: stepOf(r.approvedByName, r.approvedAt),
    paid: stepOf(r.paidByName, r.paidAt),
    expense_id: r.expenseId,
    closed_reason: r.closedReason,
    lines: lines.filter((l) => l.parent === r.id).map((l) => l.row),
    store_lines: r.expenseId ? (received.get(r.expenseId) ?? []).map(purchaseLineRow) : [],
    // The steps the signed-in user may take on it now, by the school's rules (the screen adds the flags).
    may: requisitionSteps.filter(
      (step) =>
        !stepRefusal(
          step,
          { ...r, status: r.status as RequisitionStatus },
          scope.actor.userId,
          settings?.separate ?? true,
        ),
    ),
  }));
}

async function requisitionRow(scope: SchoolScope, id: number) {
  const [row] = await requisitionRows(scope, scope.mine(expenseRequisitions, eq(expenseRequisitions.id, id)));
  if (!row) throw new NotFound('requisition');
  return row;
}

/**
 * Locks a requisition for a step and checks the step may be taken by the signed-in user (the rules of
 * `stepRefusal`, with the school's separation setting): 404 for another school's, 409 when it is not
 * where the step starts, 202 when another user must take it.
 */
async function lockFor(tx: SchoolScope, id: number, step: RequisitionStep): Promise<Requisition> {
  const [row] = await tx.db
    .select()
    .from(expenseRequisitions)
    .where(tx.mine(expenseRequisitions, eq(expenseRequisitions.id, id)))
    .for('update');
  if (!row) throw new NotFound('requisition');
  const [settings] = await tx.db
    .select({ separate: schoolSettings.separateRequisitionSteps })
    .from(schoolSettings)
    .where(eq(schoolSettings.schoolId, tx.schoolId));
  const refused = stepRefusal(
    step,
    { ...row, status: row.status as RequisitionStatus },
    tx.actor.userId,
    settings?.separate ?? true,
  );
  if (refused?.kind === 'state') throw new Conflict(refused.message);
  if (refused) throw new Refusal(refused.message);
  return row;
}

/** Takes a step: the new status and the step's own columns, audited with before and after. */
async function take(tx: SchoolScope, id: number, step: RequisitionStep, values: Partial<Requisition> = {}) {
  await tx
    .table(expenseRequisitions, 'expenses')
    .update(id, { ...values, status: statusAfter(step) } as Partial<Requisition>, step);
}

export function requisitionRoutes(ctx: ModuleContext) {
  const { serve } = ctx;
  cartRoutes(
    ctx,
    requisitionCartLines,
    {
      list: listRequisitionCart,
      total: requisitionCartTotal,
      add: addToRequisitionCart,
      change: changeRequisitionCartLine,
      remove: removeRequisitionCartLine,
    },
    { checkPrice: true },
  );

  serve(submitRequisition, async ({ input, scope }) => {
    const id = await scope.transaction(async (tx) => {
      const cart = await cartOf(tx, requisitionCartLines);
      if (cart.length === 0) throw new Refusal('The requisition cart is empty: add what is needed first.');
      const total = cart.reduce((n, l) => n + l.amount, 0);
      if (total <= 0) throw new Refusal('The requisition comes to nothing: give the unit costs.');
      if (input.supplier_id) await checkSupplier(tx, input.supplier_id);
      const made = await tx.table(expenseRequisitions, 'expenses').insert({
        number: await nextNumber(tx, 'requisition'),
        title: input.title,
        neededOn: input.needed_on ?? null,
        supplierId: input.supplier_id ?? null,
        note: input.note ?? null,
        total,
        status: 'submitted',
        raisedBy: tx.actor.userId,
        raisedByName: tx.actor.name ?? 'System',
      });
      await tx.db.insert(requisitionLines).values(
        cart.map((l) => ({
          schoolId: tx.schoolId,
          requisitionId: made.id,
          itemId: l.item_id,
          quantity: l.quantity,
          unitCost: l.unit_cost,
          amount: l.amount,
          description: l.description,
        })),
      );
      await tx.audit({
        action: 'create',
        module: 'expenses',
        entity: 'requisition_lines',
        entityId: made.id,
        after: cart,
      });
      await emptyCart(tx, requisitionCartLines, `submitted as requisition ${made.number}`);
      return made.id;
    });
    return { data: await requisitionRow(scope, id), message: 'Requisition submitted Successfully' };
  });

  serve(listRequisitions, async ({ input, scope }) => {
    const search = input.search ? `%${input.search}%` : undefined;
    const where = scope.mine(
      expenseRequisitions,
      input.id ? eq(expenseRequisitions.id, input.id) : undefined,
      input.status ? eq(expenseRequisitions.status, input.status) : undefined,
      input.waiting ? inArray(expenseRequisitions.status, waitingStatuses) : undefined,
      input.from
        ? gte(sql`(${expenseRequisitions.createdAt} at time zone 'Africa/Kampala')::date`, input.from)
        : undefined,
      input.to ? lte(sql`(${expenseRequisitions.createdAt} at time zone 'Africa/Kampala')::date`, input.to) : undefined,
      search
        ? or(
            ilike(expenseRequisitions.title, search),
            ilike(expenseRequisitions.raisedByName, search),
            ilike(expenseRequisitions.note, search),
            sql`${expenseRequisitions.number}::text = ${input.search}`,
          )
        : undefined,
    );
    const [rows, [totals]] = await Promise.all([
      requisitionRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db
        .select({ n: count(), amount: sum(expenseRequisitions.total) })
        .from(expenseRequisitions)
        .where(where),
    ]);
    return {
      data: rows,
      page: input.page,
      per_page: input.per_page,
      total: totals?.n ?? 0,
      totals: { count: totals?.n ?? 0, amount: Number(totals?.amount ?? 0) },
    };
  });

  serve(checkRequisition, async ({ id, input, scope }) => {
    const step: RequisitionStep = input.type === 0 ? 'check' : 'reject';
    await scope.transaction(async (tx) => {
      await lockFor(tx, id, step);
      await take(
        tx,
        id,
        step,
        step === 'check'
          ? { checkedBy: tx.actor.userId, checkedByName: tx.actor.name ?? 'System', checkedAt: now() }
          : { rejectedReason: input.reason ?? null },
      );
    });
    return {
      data: await requisitionRow(scope, id),
      message: step === 'check' ? 'Requisition Checked Successfully' : 'Requisition Rejected Successfully',
    };
  });

  serve(approveRequisitions, async ({ input, scope }) => {
    await scope.transaction(async (tx) => {
      await lockFor(tx, input.id, 'approve');
      await take(tx, input.id, 'approve', {
        approvedBy: tx.actor.userId,
        approvedByName: tx.actor.name ?? 'System',
        approvedAt: now(),
      });
    });
    return { data: await requisitionRow(scope, input.id), message: 'Expense Requisition approved Successfully' };
  });

  serve(payRequisitions, async ({ input, scope }) => {
    const paidOn = input.paid_on ?? today();
    if (paidOn > today()) throw new Refusal('The date paid cannot be in the future.');
    await scope.transaction(async (tx) => {
      const r = await lockFor(tx, input.id, 'pay');
      await activeMode(tx, input.mode_id);
      const { lines } = await requisitionRow(tx, r.id);
      const expense = await writeExpense(
        tx,
        {
          spentOn: paidOn,
          onCredit: false,
          modeId: input.mode_id,
          supplierId: r.supplierId,
          reference: input.reference ?? null,
          note: `Requisition ${r.number}: ${r.title}`,
        },
        lines,
      );
      await take(tx, r.id, 'pay', {
        paidBy: tx.actor.userId,
        paidByName: tx.actor.name ?? 'System',
        paidAt: now(),
        expenseId: expense.id,
      });
    });
    return { data: await requisitionRow(scope, input.id), message: 'Expense Requisition Paid Successfully' };
  });

  serve(deleteRequisition, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      await lockFor(tx, id, 'delete');
      await take(tx, id, 'delete', { closedReason: input.reason });
    });
    return { data: await requisitionRow(scope, id), message: 'Requisition deleted Successfully' };
  });

  serve(editRequisition, async ({ id, scope }) => {
    await scope.transaction(async (tx) => {
      const r = await lockFor(tx, id, 'return');
      const { lines } = await requisitionRow(tx, id);
      await emptyCart(tx, requisitionCartLines, `editing requisition ${r.number}`);
      await fillCart(tx, requisitionCartLines, lines, { action: 'edit', entityId: id });
      await take(tx, id, 'return', { closedReason: 'Returned for editing' });
    });
    return {
      data: { id, cart: await cartOf(scope, requisitionCartLines) },
      message: 'The requisition is in the cart for changes',
    };
  });
}
