import {
  addMoneyTransfer,
  expenses,
  feesPayments,
  listMoneyTransfers,
  moneyTransfers,
  oldPayments,
  oldStudents,
  paymentModeStatement,
  paymentModes,
  revenueSources,
  revenues,
  students,
  suppliers,
  voidMoneyTransfer,
} from '@somero/contract';
import { and, count, desc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { today } from '../../core/dates.js';
import { Conflict, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import { activeMode } from './payments-verb.js';

type Kind = 'fees_payment' | 'old_payment' | 'revenue' | 'expense' | 'credit_cleared' | 'transfer_in' | 'transfer_out';
interface Movement {
  date: string;
  at: Date;
  kind: Kind;
  description: string;
  reference: string | null;
  money_in: number;
  money_out: number;
}

/** What moved through a mode before `from` (valid movements only): in less out, one statement. */
async function netBefore(scope: SchoolScope, modeId: number, from: string): Promise<number> {
  const total = (q: SQL) => sql`coalesce((${q}), 0)`;
  const [row] = await scope.db
    .select({
      net: sql<string>`${total(
        sql`select sum(${feesPayments.amount}) from ${feesPayments} where ${scope.mine(
          feesPayments,
          eq(feesPayments.modeId, modeId),
          eq(feesPayments.status, 'valid'),
          lt(feesPayments.paidOn, from),
        )}`,
      )} + ${total(
        sql`select sum(${oldPayments.amount}) from ${oldPayments} where ${scope.mine(
          oldPayments,
          eq(oldPayments.modeId, modeId),
          eq(oldPayments.status, 'valid'),
          lt(oldPayments.paidOn, from),
        )}`,
      )} + ${total(
        sql`select sum(${revenues.amount}) from ${revenues} where ${scope.mine(
          revenues,
          eq(revenues.modeId, modeId),
          eq(revenues.status, 'valid'),
          lt(revenues.receivedOn, from),
        )}`,
      )} - ${total(
        sql`select sum(${expenses.total}) from ${expenses} where ${scope.mine(
          expenses,
          eq(expenses.status, 'valid'),
          or(
            and(eq(expenses.onCredit, false), eq(expenses.modeId, modeId), lt(expenses.spentOn, from)),
            and(eq(expenses.onCredit, true), eq(expenses.clearedModeId, modeId), lt(expenses.clearedOn, from)),
          ),
        )}`,
      )} + ${total(
        sql`select sum(case when ${moneyTransfers.toModeId} = ${modeId} then ${moneyTransfers.amount} else -${moneyTransfers.amount} end) from ${moneyTransfers} where ${scope.mine(
          moneyTransfers,
          or(eq(moneyTransfers.fromModeId, modeId), eq(moneyTransfers.toModeId, modeId)),
          eq(moneyTransfers.status, 'valid'),
          lt(moneyTransfers.transferredOn, from),
        )}`,
      )}`,
    })
    .from(paymentModes)
    .where(scope.mine(paymentModes, eq(paymentModes.id, modeId)));
  return Number(row?.net ?? 0);
}

/**
 * Every valid movement of a mode from `from` to `to` (voided ones are left out): fees payments, old
 * students' payments and revenues in, expenses paid (or credit cleared) out, transfers in and out. Later
 * areas (salaries) add theirs here.
 */
async function movements(scope: SchoolScope, modeId: number, from: string, to: string): Promise<Movement[]> {
  const [fees, old, revenue, spent, transfers] = await Promise.all([
    scope.db
      .select({
        date: feesPayments.paidOn,
        at: feesPayments.createdAt,
        receiptNo: feesPayments.receiptNo,
        amount: feesPayments.amount,
        reference: feesPayments.reference,
        surname: students.surname,
        otherNames: students.otherNames,
      })
      .from(feesPayments)
      .innerJoin(students, eq(students.id, feesPayments.studentId))
      .where(
        scope.mine(
          feesPayments,
          eq(feesPayments.modeId, modeId),
          eq(feesPayments.status, 'valid'),
          gte(feesPayments.paidOn, from),
          lte(feesPayments.paidOn, to),
        ),
      ),
    scope.db
      .select({
        date: oldPayments.paidOn,
        at: oldPayments.createdAt,
        receiptNo: oldPayments.receiptNo,
        amount: oldPayments.amount,
        reference: oldPayments.reference,
        name: oldStudents.name,
      })
      .from(oldPayments)
      .innerJoin(oldStudents, eq(oldStudents.id, oldPayments.oldStudentId))
      .where(
        scope.mine(
          oldPayments,
          eq(oldPayments.modeId, modeId),
          eq(oldPayments.status, 'valid'),
          gte(oldPayments.paidOn, from),
          lte(oldPayments.paidOn, to),
        ),
      ),
    scope.db
      .select({
        date: revenues.receivedOn,
        at: revenues.createdAt,
        amount: revenues.amount,
        reference: revenues.reference,
        source: revenueSources.name,
        from: revenues.receivedFrom,
      })
      .from(revenues)
      .innerJoin(revenueSources, eq(revenueSources.id, revenues.sourceId))
      .where(
        scope.mine(
          revenues,
          eq(revenues.modeId, modeId),
          eq(revenues.status, 'valid'),
          gte(revenues.receivedOn, from),
          lte(revenues.receivedOn, to),
        ),
      ),
    scope.db
      .select({
        id: expenses.id,
        onCredit: expenses.onCredit,
        spentOn: expenses.spentOn,
        clearedOn: expenses.clearedOn,
        at: expenses.createdAt,
        total: expenses.total,
        reference: expenses.reference,
        clearedReference: expenses.clearedReference,
        note: expenses.note,
        supplier: suppliers.name,
      })
      .from(expenses)
      .leftJoin(suppliers, eq(suppliers.id, expenses.supplierId))
      .where(
        scope.mine(
          expenses,
          eq(expenses.status, 'valid'),
          or(
            and(
              eq(expenses.onCredit, false),
              eq(expenses.modeId, modeId),
              gte(expenses.spentOn, from),
              lte(expenses.spentOn, to),
            ),
            and(
              eq(expenses.onCredit, true),
              eq(expenses.clearedModeId, modeId),
              gte(expenses.clearedOn, from),
              lte(expenses.clearedOn, to),
            ),
          ),
        ),
      ),
    transferRows(
      scope,
      scope.mine(
        moneyTransfers,
        or(eq(moneyTransfers.fromModeId, modeId), eq(moneyTransfers.toModeId, modeId)),
        eq(moneyTransfers.status, 'valid'),
        gte(moneyTransfers.transferredOn, from),
        lte(moneyTransfers.transferredOn, to),
      ),
    ),
  ]);
  const list: Movement[] = [
    ...fees.map((p) => ({
      date: p.date,
      at: p.at,
      kind: 'fees_payment' as const,
      description: `Fees receipt ${p.receiptNo}: ${p.surname} ${p.otherNames}`,
      reference: p.reference,
      money_in: p.amount,
      money_out: 0,
    })),
    ...old.map((p) => ({
      date: p.date,
      at: p.at,
      kind: 'old_payment' as const,
      description: `Old student receipt ${p.receiptNo}: ${p.name}`,
      reference: p.reference,
      money_in: p.amount,
      money_out: 0,
    })),
    ...revenue.map((r) => ({
      date: r.date,
      at: r.at,
      kind: 'revenue' as const,
      description: `Revenue: ${r.source}${r.from ? ` from ${r.from}` : ''}`,
      reference: r.reference,
      money_in: r.amount,
      money_out: 0,
    })),
    ...spent.map((e) => {
      const to = e.supplier ? ` to ${e.supplier}` : '';
      return e.onCredit
        ? {
            date: e.clearedOn as string,
            at: e.at,
            kind: 'credit_cleared' as const,
            description: `Credit paid: expense ${e.id}${to}`,
            reference: e.clearedReference,
            money_in: 0,
            money_out: e.total,
          }
        : {
            date: e.spentOn,
            at: e.at,
            kind: 'expense' as const,
            description: `Expense ${e.id}${to}${e.note ? `: ${e.note}` : ''}`,
            reference: e.reference,
            money_in: 0,
            money_out: e.total,
          };
    }),
    ...transfers.map((t) =>
      t.to_mode_id === modeId
        ? {
            date: t.transferred_on,
            at: t.created_at,
            kind: 'transfer_in' as const,
            description: `Transfer from ${t.from_mode_name}${t.note ? `: ${t.note}` : ''}`,
            reference: t.reference,
            money_in: t.amount,
            money_out: 0,
          }
        : {
            date: t.transferred_on,
            at: t.created_at,
            kind: 'transfer_out' as const,
            description: `Transfer to ${t.to_mode_name}${t.note ? `: ${t.note}` : ''}`,
            reference: t.reference,
            money_in: 0,
            money_out: t.amount,
          },
    ),
  ];
  return list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.at.getTime() - b.at.getTime()));
}

/** A mode's statement for [from, to]: opening balance, each movement with the running balance, totals. */
export async function modeStatement(scope: SchoolScope, modeId: number, range: { from?: string; to?: string }) {
  const mode = await scope.table(paymentModes, 'fees').find(modeId, 'payment mode');
  const to = range.to ?? today();
  const from = range.from ?? mode.openingOn;
  const [before, moved] = await Promise.all([netBefore(scope, modeId, from), movements(scope, modeId, from, to)]);
  const opening = mode.openingBalance + before;
  let balance = opening;
  let totalIn = 0;
  let totalOut = 0;
  const lines = moved.map(({ at: _, ...m }) => {
    balance += m.money_in - m.money_out;
    totalIn += m.money_in;
    totalOut += m.money_out;
    return { ...m, balance };
  });
  return {
    mode: { id: mode.id, name: mode.name, kind: mode.kind, account_no: mode.accountNo },
    from,
    to,
    opening_balance: opening,
    lines,
    total_in: totalIn,
    total_out: totalOut,
    closing_balance: balance,
  };
}

const fromMode = alias(paymentModes, 'from_mode');
const toMode = alias(paymentModes, 'to_mode');

async function transferRows(scope: SchoolScope, where: SQL, page?: { limit: number; offset: number }) {
  let q = scope.db
    .select({ t: moneyTransfers, fromName: fromMode.name, toName: toMode.name })
    .from(moneyTransfers)
    .innerJoin(fromMode, eq(fromMode.id, moneyTransfers.fromModeId))
    .innerJoin(toMode, eq(toMode.id, moneyTransfers.toModeId))
    .where(where)
    .orderBy(desc(moneyTransfers.transferredOn), desc(moneyTransfers.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ t, fromName, toName }) => ({
    id: t.id,
    from_mode_id: t.fromModeId,
    from_mode_name: fromName,
    to_mode_id: t.toModeId,
    to_mode_name: toName,
    amount: t.amount,
    transferred_on: t.transferredOn,
    reference: t.reference,
    note: t.note,
    status: t.status,
    void_reason: t.voidReason,
    voided_by: t.voidedBy,
    created_at: t.createdAt,
  }));
}

const withoutAt = <R extends { created_at: Date }>({ created_at: _, ...r }: R) => r;

async function transferRow(scope: SchoolScope, id: number) {
  const [row] = await transferRows(scope, scope.mine(moneyTransfers, eq(moneyTransfers.id, id)));
  if (!row) throw new NotFound('transfer');
  return withoutAt(row);
}

export function modeRoutes({ serve }: ModuleContext) {
  serve(paymentModeStatement, async ({ id, input, scope }) => ({ data: await modeStatement(scope, id, input) }));

  serve(listMoneyTransfers, async ({ input, scope }) => {
    const where = scope.mine(
      moneyTransfers,
      input.from ? gte(moneyTransfers.transferredOn, input.from) : undefined,
      input.to ? lte(moneyTransfers.transferredOn, input.to) : undefined,
      input.mode_id
        ? or(eq(moneyTransfers.fromModeId, input.mode_id), eq(moneyTransfers.toModeId, input.mode_id))
        : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      transferRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db.select({ n: count() }).from(moneyTransfers).where(where),
    ]);
    return { data: rows.map(withoutAt), page: input.page, per_page: input.per_page, total: Number(n) };
  });

  serve(addMoneyTransfer, async ({ input, scope }) => {
    if (input.from_mode_id === input.to_mode_id) throw new Refusal('Choose two different payment modes.');
    if (input.amount <= 0) throw new Refusal('Enter an amount above zero, in whole shillings.');
    const on = input.transferred_on ?? today();
    if (on > today()) throw new Refusal('The transfer date cannot be in the future.');
    const created = await scope.transaction(async (tx) => {
      await activeMode(tx, input.from_mode_id);
      await activeMode(tx, input.to_mode_id);
      return tx.table(moneyTransfers, 'fees').insert({
        fromModeId: input.from_mode_id,
        toModeId: input.to_mode_id,
        amount: input.amount,
        transferredOn: on,
        reference: input.reference ?? null,
        note: input.note ?? null,
      });
    });
    return { data: await transferRow(scope, created.id), message: 'Transfer recorded Successfully' };
  });

  serve(voidMoneyTransfer, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const t = await tx.table(moneyTransfers, 'fees').find(id, 'transfer');
      if (t.status === 'void') throw new Conflict('This transfer is already void.');
      await tx
        .table(moneyTransfers, 'fees')
        .update(
          id,
          { status: 'void', voidReason: input.reason, voidedAt: new Date(), voidedBy: tx.actor.name ?? 'System' },
          'void',
        );
    });
    return { data: await transferRow(scope, id), message: 'Transfer deleted Successfully' };
  });
}
