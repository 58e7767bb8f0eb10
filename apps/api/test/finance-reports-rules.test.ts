import { describe, expect, it } from 'vitest';
import {
  activityOf,
  byCode,
  cashFlowOf,
  incomeSections,
  monthsOf,
  normalBalance,
  runningBalance,
  trialBalanceOf,
} from '../src/modules/finance-reports/finance-rules.js';

const sums = (account_id: number, code: string, name: string, type: string, debit: number, credit: number) => ({
  account_id,
  code,
  name,
  type,
  debit,
  credit,
});

describe('income statement sections', () => {
  it('nets income as credits less debits and expenses as debits less credits, in code order, with the surplus', () => {
    const r = incomeSections([
      sums(3, '5100-2', 'Food', 'expense', 130_000, 10_000),
      sums(4, '4100-10', 'Bus hire', 'income', 0, 40_000),
      sums(5, '4100-9', 'Uniform sales', 'income', 5_000, 125_000),
      sums(1, '4000', 'Fees income', 'income', 200_000, 500_000),
      sums(2, '1100-1', 'Cash', 'asset', 900_000, 80_000),
      sums(6, '2000', 'Suppliers payable', 'liability', 50_000, 50_000),
    ]);
    expect(r.income.lines.map((l) => [l.code, l.amount])).toEqual([
      ['4000', 300_000],
      ['4100-9', 120_000],
      ['4100-10', 40_000],
    ]);
    expect(r.income.total).toBe(460_000);
    expect(r.expenses).toEqual({
      lines: [{ account_id: 3, code: '5100-2', name: 'Food', amount: 120_000 }],
      total: 120_000,
    });
    expect(r.surplus).toBe(340_000);
  });

  it('leaves out an account whose lines cancel (a payment voided in the range) and shows a deficit as negative', () => {
    const r = incomeSections([
      sums(1, '4000', 'Fees income', 'income', 200_000, 200_000),
      sums(2, '5100-1', 'Food', 'expense', 75_000, 0),
    ]);
    expect(r.income).toEqual({ lines: [], total: 0 });
    expect(r.surplus).toBe(-75_000);
  });

  it('puts months in calendar order however they come', () => {
    const months = ['2026-05', '2026-01', '2026-03', '2026-02', '2026-04'];
    const rows = monthsOf(months.map((month) => ({ month, type: 'income', debit: 0, credit: 1 })));
    expect(rows.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
  });

  it('sums each month apart, in month order, leaving out assets and liabilities', () => {
    expect(
      monthsOf([
        { month: '2026-03', type: 'expense', debit: 90_000, credit: 10_000 },
        { month: '2026-03', type: 'income', debit: 0, credit: 300_000 },
        { month: '2026-02', type: 'income', debit: 20_000, credit: 120_000 },
        { month: '2026-02', type: 'asset', debit: 100_000, credit: 0 },
      ]),
    ).toEqual([
      { month: '2026-02', income: 100_000, expenses: 0, surplus: 100_000 },
      { month: '2026-03', income: 300_000, expenses: 80_000, surplus: 220_000 },
    ]);
  });
});

describe('running balance', () => {
  it('runs an asset from its opening balance by debits less credits', () => {
    const r = runningBalance('asset', 500_000, [
      { debit: 300_000, credit: 0 },
      { debit: 0, credit: 80_000 },
      { debit: 0, credit: 900_000 },
    ]);
    expect(r.lines.map((l) => l.balance)).toEqual([800_000, 720_000, -180_000]);
    expect(r.total).toEqual({ debit: 300_000, credit: 980_000 });
    expect(r.closing).toBe(-180_000);
  });

  it('runs income and liabilities by credits less debits, and an empty range closes at the opening', () => {
    expect(
      runningBalance('income', 100, [
        { debit: 30, credit: 0 },
        { debit: 0, credit: 50 },
      ]).lines.map((l) => l.balance),
    ).toEqual([70, 120]);
    expect(runningBalance('liability', 40, []).closing).toBe(40);
    expect([normalBalance('expense', 10, 3), normalBalance('equity', 10, 3)]).toEqual([7, -7]);
  });
});

describe('trial balance', () => {
  it("puts each account's closing balance on its debit or credit side; both totals agree", () => {
    const r = trialBalanceOf([
      { ...sums(1, '4000', 'Fees income', 'income', 0, 300_000), opening_debit: 0, opening_credit: 500_000 },
      { ...sums(2, '1100-1', 'Cash', 'asset', 300_000, 180_000), opening_debit: 500_000, opening_credit: 0 },
      { ...sums(3, '2000', 'Suppliers payable', 'liability', 50_000, 50_000), opening_debit: 0, opening_credit: 0 },
      { ...sums(4, '5100-1', 'Food', 'expense', 130_000, 0), opening_debit: 0, opening_credit: 0 },
      { ...sums(5, '1100-2', 'Bank', 'asset', 0, 0), opening_debit: 0, opening_credit: 0 },
    ]);
    expect(r.accounts.map((a) => [a.code, a.period_debit, a.period_credit, a.debit, a.credit])).toEqual([
      ['1100-1', 300_000, 180_000, 620_000, 0],
      ['1100-2', 0, 0, 0, 0],
      ['2000', 50_000, 50_000, 0, 0],
      ['4000', 0, 300_000, 0, 800_000],
      ['5100-1', 130_000, 0, 130_000, 0],
    ]);
    expect(r.total).toEqual({ period_debit: 480_000, period_credit: 530_000, debit: 750_000, credit: 800_000 });
  });

  it('orders account codes by number', () => {
    expect(['4100-10', '1100-2', '4000', '1100-10', '1500'].sort(byCode)).toEqual([
      '1100-2',
      '1100-10',
      '1500',
      '4000',
      '4100-10',
    ]);
  });
});

describe('cash flow', () => {
  it('names the activity of each source kind', () => {
    expect(
      [
        'fees_payment',
        'old_payment',
        'revenue',
        'expense',
        'credit_cleared',
        'transfer',
        'asset_purchase',
        'salary',
        'opening',
      ].map(activityOf),
    ).toEqual([
      'fees',
      'old_students',
      'revenues',
      'expenses',
      'credits_cleared',
      'transfers',
      'assets',
      'salaries',
      'other',
    ]);
  });

  it('counts debits in and credits out; a reversal takes back its side; transfers net to zero; each mode closes', () => {
    const modes = [
      { account_id: 1, code: '1100-1', name: 'Cash', opening: 500_000 },
      { account_id: 2, code: '1100-2', name: 'Bank', opening: 0 },
      { account_id: 3, code: '1100-3', name: 'Mobile money', opening: 25_000 },
    ];
    const r = cashFlowOf(modes, [
      { account_id: 2, source_kind: 'transfer', reversal: false, debit: 100_000, credit: 0 },
      { account_id: 1, source_kind: 'fees_payment', reversal: false, debit: 500_000, credit: 0 },
      { account_id: 1, source_kind: 'fees_payment', reversal: true, debit: 0, credit: 200_000 },
      { account_id: 1, source_kind: 'expense', reversal: false, debit: 0, credit: 80_000 },
      { account_id: 1, source_kind: 'expense', reversal: true, debit: 30_000, credit: 0 },
      { account_id: 1, source_kind: 'transfer', reversal: false, debit: 0, credit: 100_000 },
      { account_id: 2, source_kind: 'asset_purchase', reversal: false, debit: 0, credit: 60_000 },
      { account_id: 9, source_kind: 'revenue', reversal: false, debit: 7, credit: 0 },
    ]);
    expect(r.modes.map((m) => [m.name, m.opening, m.inflow, m.outflow, m.net, m.closing])).toEqual([
      ['Cash', 500_000, 300_000, 150_000, 150_000, 650_000],
      ['Bank', 0, 100_000, 60_000, 40_000, 40_000],
      ['Mobile money', 25_000, 0, 0, 0, 25_000],
    ]);
    expect(r.activities).toEqual([
      { activity: 'fees', inflow: 300_000, outflow: 0, net: 300_000 },
      { activity: 'expenses', inflow: 0, outflow: 50_000, net: -50_000 },
      { activity: 'transfers', inflow: 100_000, outflow: 100_000, net: 0 },
      { activity: 'assets', inflow: 0, outflow: 60_000, net: -60_000 },
    ]);
    expect(r.lines.map((l) => `${l.account_id} ${l.activity} ${l.net}`)).toEqual([
      '1 fees 300000',
      '1 expenses -50000',
      '1 transfers -100000',
      '2 transfers 100000',
      '2 assets -60000',
    ]);
    expect(r.total).toEqual({ opening: 525_000, inflow: 400_000, outflow: 210_000, net: 190_000, closing: 715_000 });
  });

  it('lists the activities in the order of the statement, whatever order the sums come in', () => {
    const kinds = [
      'opening',
      'salary',
      'asset_purchase',
      'transfer',
      'credit_cleared',
      'expense',
      'revenue',
      'old_payment',
      'fees_payment',
    ];
    const r = cashFlowOf(
      [{ account_id: 1, code: '1100-1', name: 'Cash', opening: 0 }],
      kinds.map((source_kind, i) => ({
        account_id: 1,
        source_kind,
        reversal: false,
        debit: 1_000 * (i + 1),
        credit: 0,
      })),
    );
    const order = [
      'fees',
      'old_students',
      'revenues',
      'expenses',
      'credits_cleared',
      'transfers',
      'assets',
      'salaries',
      'other',
    ];
    expect(r.activities.map((a) => a.activity)).toEqual(order);
    expect(r.lines.map((l) => l.activity)).toEqual(order);
    expect(r.activities.map((a) => a.inflow)).toEqual([9_000, 8_000, 7_000, 6_000, 5_000, 4_000, 3_000, 2_000, 1_000]);

    // Activities of different modes: the school's totals still follow the statement's order.
    const two = cashFlowOf(
      [
        { account_id: 1, code: '1100-1', name: 'Cash', opening: 0 },
        { account_id: 2, code: '1100-2', name: 'Bank', opening: 0 },
      ],
      [
        { account_id: 1, source_kind: 'salary', reversal: false, debit: 0, credit: 5_000 },
        { account_id: 2, source_kind: 'revenue', reversal: false, debit: 7_000, credit: 0 },
        { account_id: 2, source_kind: 'fees_payment', reversal: false, debit: 9_000, credit: 0 },
      ],
    );
    expect(two.activities.map((a) => a.activity)).toEqual(['fees', 'revenues', 'salaries']);
  });

  it('leaves out a payment and its void in the same range', () => {
    const r = cashFlowOf(
      [{ account_id: 1, code: '1100-1', name: 'Cash', opening: 0 }],
      [
        { account_id: 1, source_kind: 'revenue', reversal: false, debit: 40_000, credit: 0 },
        { account_id: 1, source_kind: 'revenue', reversal: true, debit: 0, credit: 40_000 },
      ],
    );
    expect([r.lines, r.activities, r.total.closing]).toEqual([[], [], 0]);
  });
});
