import {
  addMoneyTransfer,
  listMoneyTransfers,
  moneyStatusReply,
  moneyTransfers,
  paymentModeStatement,
  paymentModes,
  statementLine,
  voidMoneyTransfer,
} from '@somero/contract';
import { and, count, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { today } from '../../../core/dates.js';
import { NotFound, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { afterWrite } from '../../../resources/engine.js';
import { type AccountLine, accountLines } from '../../journal/index.js';
import type { ModuleContext } from '../../module.js';
import { activeMode } from '../desk/record.js';
import { postOpeningBalance, transferDocument } from '../documents.js';

type Kind = (typeof statementLine.shape.kind.options)[number];
const kinds = new Set<string>(statementLine.shape.kind.options);

/**
 * A statement line's kind from its entry's document: a transfer is in or out by the side of this mode
 * (a reversal undoes the other way); a document of a kind the statement does not name is "other".
 */
function kindOf(line: AccountLine): Kind {
  if (line.sourceKind === 'transfer') return line.debit > 0 !== line.reversal ? 'transfer_in' : 'transfer_out';
  return kinds.has(line.sourceKind) ? (line.sourceKind as Kind) : 'other';
}

/**
 * A mode's statement for [from, to], read from the journal: the opening balance (the mode's own opening
 * balance, posted on its opening day, and everything posted to it before `from`), each line with the running balance, and totals.
 * A void shows as its reversal on the day it was voided; the period the document was in keeps it.
 */
export async function modeStatement(scope: SchoolScope, modeId: number, range: { from?: string; to?: string }) {
  const mode = await scope.table(paymentModes, 'fees').find(modeId, 'payment mode');
  const to = range.to ?? today();
  const from = range.from ?? mode.openingOn;
  const { before, lines: all } = await accountLines(scope, `mode:${modeId}`, from, to);
  // The mode's opening balance is its opening figure, not a movement, even on the statement's first day.
  const posted = all.filter((l) => l.sourceKind !== 'opening_balance');
  const opening = before + all.reduce((n, l) => (l.sourceKind === 'opening_balance' ? n + l.debit - l.credit : n), 0);
  let balance = opening;
  let totalIn = 0;
  let totalOut = 0;
  const lines = posted.map((l) => {
    balance += l.debit - l.credit;
    totalIn += l.debit;
    totalOut += l.credit;
    return {
      date: l.date,
      kind: kindOf(l),
      description: l.memo,
      reference: l.reference,
      reversal: l.reversal,
      money_in: l.debit,
      money_out: l.credit,
      balance,
    };
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
    .innerJoin(
      fromMode,
      and(eq(fromMode.schoolId, moneyTransfers.schoolId), eq(fromMode.id, moneyTransfers.fromModeId)),
    )
    .innerJoin(toMode, and(eq(toMode.schoolId, moneyTransfers.schoolId), eq(toMode.id, moneyTransfers.toModeId)))
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
    ...moneyStatusReply(t),
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
  afterWrite('payment_options', (tx, row) => postOpeningBalance(tx, row as Parameters<typeof postOpeningBalance>[1]));

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
      const made = await tx.table(moneyTransfers, 'fees').insert({
        fromModeId: input.from_mode_id,
        toModeId: input.to_mode_id,
        amount: input.amount,
        transferredOn: on,
        reference: input.reference ?? null,
        note: input.note ?? null,
      });
      await transferDocument.post(tx, [made.id]);
      return made;
    });
    return { data: await transferRow(scope, created.id), message: 'Transfer recorded Successfully' };
  });

  serve(voidMoneyTransfer, async ({ id, input, scope }) => {
    await transferDocument.void(scope, id, input.reason);
    return { data: await transferRow(scope, id), message: 'Transfer deleted Successfully' };
  });
}
