// The finance reports' arithmetic, without I/O: sections, running balances, surplus, cash-flow netting.
import type { CashActivity } from '@somero/contract';

/** An account's debits and credits over some lines. */
export interface AccountSums {
  account_id: number;
  code: string;
  name: string;
  type: string;
  debit: number;
  credit: number;
}

/** An account's balance on its normal side: assets and expenses debit minus credit; the rest the reverse. */
export const normalBalance = (type: string, debit: number, credit: number) =>
  type === 'asset' || type === 'expense' ? debit - credit : credit - debit;

/**
 * The income statement of some accounts' sums: income accounts (credits less debits) and expense
 * accounts (debits less credits) in code order, each section's total, and income less expenses. An
 * account whose lines cancel out (a payment and its void) is left out.
 */
export function incomeSections(sums: readonly AccountSums[]) {
  const sectionOf = (type: 'income' | 'expense') => {
    const lines = sums
      .filter((s) => s.type === type)
      .map((s) => ({
        account_id: s.account_id,
        code: s.code,
        name: s.name,
        amount: normalBalance(type, s.debit, s.credit),
      }))
      .filter((l) => l.amount !== 0)
      .sort((a, b) => byCode(a.code, b.code));
    return { lines, total: lines.reduce((n, l) => n + l.amount, 0) };
  };
  const income = sectionOf('income');
  const expenses = sectionOf('expense');
  return { income, expenses, surplus: income.total - expenses.total };
}

/** Each month's income, expenses and surplus, from sums per month ("2026-03") and account type. */
export function monthsOf(sums: readonly { month: string; type: string; debit: number; credit: number }[]) {
  const months = new Map<string, { month: string; income: number; expenses: number; surplus: number }>();
  for (const s of sums) {
    if (s.type !== 'income' && s.type !== 'expense') continue;
    const m = months.get(s.month) ?? { month: s.month, income: 0, expenses: 0, surplus: 0 };
    if (s.type === 'income') m.income += s.credit - s.debit;
    else m.expenses += s.debit - s.credit;
    m.surplus = m.income - m.expenses;
    months.set(s.month, m);
  }
  return [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
}

/** Account codes in number order: "1100-2" before "1100-10", "4000" before "4100-1". */
export function byCode(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** An account's lines, each with the balance after it on the account's normal side, from the opening. */
export function runningBalance<L extends { debit: number; credit: number }>(
  type: string,
  opening: number,
  lines: readonly L[],
) {
  let balance = opening;
  let debit = 0;
  let credit = 0;
  const withBalance = lines.map((l) => {
    balance += normalBalance(type, l.debit, l.credit);
    debit += l.debit;
    credit += l.credit;
    return { ...l, balance };
  });
  return { lines: withBalance, total: { debit, credit }, closing: balance };
}

/**
 * The trial balance: each account's movements in the range, and its balance at the end (the opening
 * sums plus the range's) on the debit side or the credit side. Both pairs of totals are equal when the
 * journal balances.
 */
export function trialBalanceOf(rows: readonly (AccountSums & { opening_debit: number; opening_credit: number })[]) {
  const accounts = [...rows]
    .sort((a, b) => byCode(a.code, b.code))
    .map((r) => {
      const net = r.opening_debit + r.debit - (r.opening_credit + r.credit);
      return {
        account_id: r.account_id,
        code: r.code,
        name: r.name,
        type: r.type,
        period_debit: r.debit,
        period_credit: r.credit,
        debit: Math.max(net, 0),
        credit: Math.max(-net, 0),
      };
    });
  const sum = (k: 'period_debit' | 'period_credit' | 'debit' | 'credit') => accounts.reduce((n, a) => n + a[k], 0);
  return {
    accounts,
    total: {
      period_debit: sum('period_debit'),
      period_credit: sum('period_credit'),
      debit: sum('debit'),
      credit: sum('credit'),
    },
  };
}

/** The activity a journal entry's document belongs to, from its source kind. */
export function activityOf(sourceKind: string): CashActivity {
  switch (sourceKind) {
    case 'fees_payment':
      return 'fees';
    case 'old_payment':
      return 'old_students';
    case 'revenue':
      return 'revenues';
    case 'expense':
      return 'expenses';
    case 'credit_cleared':
      return 'credits_cleared';
    case 'transfer':
      return 'transfers';
    case 'asset_purchase':
      return 'assets';
    case 'salary':
      return 'salaries';
    default:
      return 'other';
  }
}

/** The sums of a payment mode's lines of one source kind, apart for reversals and the rest. */
export interface CashSums {
  account_id: number;
  source_kind: string;
  reversal: boolean;
  debit: number;
  credit: number;
}

/** A payment mode's account and its balance before the range. */
export interface CashAccount {
  account_id: number;
  code: string;
  name: string;
  opening: number;
}

const activityOrder = (a: CashActivity) =>
  [
    'fees',
    'old_students',
    'revenues',
    'expenses',
    'credits_cleared',
    'transfers',
    'assets',
    'salaries',
    'other',
  ].indexOf(a);

/**
 * Cash in and out of each mode per activity. Money into a mode (a debit) is inflow, out of it (a
 * credit) outflow; a reversal takes back from the side of the entry it reverses, so a payment voided in
 * the range leaves neither its inflow nor an outflow. A transfer is an outflow of one mode and an
 * inflow of another: the transfers' net is zero over all modes. Each mode closes at its opening plus
 * its inflow less its outflow.
 */
export function cashFlowOf(modes: readonly CashAccount[], sums: readonly CashSums[]) {
  const key = (accountId: number, activity: CashActivity) => `${accountId}|${activity}`;
  const pairs = new Map<string, { account_id: number; activity: CashActivity; inflow: number; outflow: number }>();
  for (const s of sums) {
    const activity = activityOf(s.source_kind);
    const k = key(s.account_id, activity);
    const p = pairs.get(k) ?? { account_id: s.account_id, activity, inflow: 0, outflow: 0 };
    if (s.reversal) {
      p.inflow -= s.credit;
      p.outflow -= s.debit;
    } else {
      p.inflow += s.debit;
      p.outflow += s.credit;
    }
    pairs.set(k, p);
  }
  const order = new Map(modes.map((m, i) => [m.account_id, i]));
  const lines = [...pairs.values()]
    .filter((p) => order.has(p.account_id) && (p.inflow !== 0 || p.outflow !== 0))
    .map((p) => ({ ...p, net: p.inflow - p.outflow }))
    .sort(
      (a, b) =>
        (order.get(a.account_id) ?? 0) - (order.get(b.account_id) ?? 0) ||
        activityOrder(a.activity) - activityOrder(b.activity),
    );
  const modeRows = modes.map((m) => {
    const own = lines.filter((l) => l.account_id === m.account_id);
    const inflow = own.reduce((n, l) => n + l.inflow, 0);
    const outflow = own.reduce((n, l) => n + l.outflow, 0);
    return { ...m, inflow, outflow, net: inflow - outflow, closing: m.opening + inflow - outflow };
  });
  const activities = [...new Set(lines.map((l) => l.activity))]
    .sort((a, b) => activityOrder(a) - activityOrder(b))
    .map((activity) => {
      const own = lines.filter((l) => l.activity === activity);
      const inflow = own.reduce((n, l) => n + l.inflow, 0);
      const outflow = own.reduce((n, l) => n + l.outflow, 0);
      return { activity, inflow, outflow, net: inflow - outflow };
    });
  const total = {
    opening: modeRows.reduce((n, m) => n + m.opening, 0),
    inflow: modeRows.reduce((n, m) => n + m.inflow, 0),
    outflow: modeRows.reduce((n, m) => n + m.outflow, 0),
    net: modeRows.reduce((n, m) => n + m.net, 0),
    closing: modeRows.reduce((n, m) => n + m.closing, 0),
  };
  return { modes: modeRows, activities, lines, total };
}

/** One term's dates, as the school set them (or the Ministry's calendar). */
export interface TermDates {
  year: number;
  term: number;
  opensOn: string;
  closesOn: string;
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The term before one: the term before it this year, or the last term of the year before. */
export const termBefore = ({ year, term }: { year: number; term: number }) =>
  term > 1 ? { year, term: term - 1 } : { year: year - 1, term: 3 };

/**
 * A term as a reporting period: from the day after the term before it closed (the holiday before a term,
 * when parents pay ahead, belongs to it) to the day it closes, or today while it has not closed yet. The
 * terms follow one another without a gap, so every day of the year is in one term's period.
 */
export function termPeriod(
  term: TermDates,
  before: Pick<TermDates, 'closesOn'>,
  today: string,
): { from: string; to: string } {
  const from = dayAfter(before.closesOn);
  const to = term.closesOn < today ? term.closesOn : today < from ? from : today;
  return { from, to };
}
