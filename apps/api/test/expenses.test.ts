import { expenseCalls } from '@somero/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/core/dates.js';
import { fillCart, setUp } from './expenses-fixtures.js';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

const t = useTestApp();
describe('expenses', () => {
  let s: RegisterSchool;
  let x: Awaited<ReturnType<typeof setUp>>;
  let paid: number;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    x = await setUp(s);
  });

  it('keeps a cart per user: lines with amounts and a total, changed and removed', async () => {
    await fillCart(s.api, [
      { item_id: x.posho, quantity: 10, unit_cost: 160_000 },
      { item_id: x.beans, quantity: 2, unit_cost: 300_000 },
      { item_id: x.paper, quantity: 4, unit_cost: 25_000 },
    ]);
    let cart = (await s.api.get('/expense_cart')).json().data as Json[];
    expect(cart.map((l) => [l.item_name, l.category_name, l.unit, l.amount])).toEqual([
      ['Maize flour', 'Food', 'bag', 1_600_000],
      ['Beans', 'Food', 'bag', 600_000],
      ['Photocopy paper', 'Stationery', 'ream', 100_000],
    ]);
    expect((await s.api.get('/expense_cart_total')).json().data).toEqual({ count: 3, amount: 2_300_000 });
    const changed = await s.api.put(`/expense_cart/${cart[1].id}`, {
      item_id: x.beans,
      quantity: 3,
      unit_cost: 290_000,
    });
    expect(changed.json().data.amount).toBe(870_000);
    expect((await s.api.del(`/expense_cart/${cart[2].id}`)).statusCode).toBe(200);
    cart = (await s.api.get('/expense_cart')).json().data;
    expect(cart.map((l) => l.amount)).toEqual([1_600_000, 870_000]);

    // Another user of the school has a cart of their own, and cannot touch this one.
    const clerk = client(t.app, (await staffWith(t.app, t.database, s, ['add_expenses'])).token);
    expect((await clerk.get('/expense_cart')).json().data).toEqual([]);
    expect((await clerk.del(`/expense_cart/${cart[0].id}`)).statusCode).toBe(404);
    const zero = await s.api.post('/expense_cart', { item_id: x.paper, quantity: 0, unit_cost: 25_000 });
    expect(zero.statusCode).toBe(422);
  });

  it('records the cart as one expense paid from a mode, empties the cart, and lists it with totals', async () => {
    const res = await s.api.post('/expenses', {
      spent_on: '2026-03-05',
      mode_id: x.cash,
      supplier_id: x.supplier,
      reference: 'INV-204',
      note: 'Food for March',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Expense recorded Successfully');
    const e = res.json().data;
    paid = e.id;
    expect(e).toMatchObject({
      total: 2_470_000,
      mode_name: 'Cash',
      supplier_name: 'Nakasero Wholesalers',
      on_credit: false,
      status: 'valid',
      spent_on: '2026-03-05',
    });
    expect(e.lines.map((l: Json) => [l.item_name, l.quantity, l.unit_cost, l.amount])).toEqual([
      ['Maize flour', 10, 160_000, 1_600_000],
      ['Beans', 3, 290_000, 870_000],
    ]);
    expect((await s.api.get('/expense_cart_total')).json().data).toEqual({ count: 0, amount: 0 });
    const list = (await s.api.get('/expenses')).json();
    expect(list.totals).toEqual({ count: 1, amount: 2_470_000 });
    expect((await s.api.get(`/expenses?category_id=${x.stationery}`)).json().total).toBe(0);
    expect((await s.api.get('/expenses?search=beans')).json().total).toBe(1);
    expect((await s.api.get('/expenses?search=nakasero')).json().total).toBe(1);

    const statement = (await s.api.get(`/payment_options/${x.cash}?from=2026-03-01&to=2026-03-31`)).json().data;
    expect(statement.lines).toEqual([
      expect.objectContaining({ kind: 'expense', money_out: 2_470_000, reference: 'INV-204' }),
    ]);
    expect(statement.closing_balance).toBe(2_000_000 - 2_470_000);
  });

  it('refuses an empty cart, credit without a supplier, no mode, a future date', async () => {
    const refused = async (body: Json, message: RegExp) => {
      const res = await s.api.post('/expenses', body);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().message).toMatch(message);
    };
    await refused({ mode_id: x.cash }, /cart is empty/);
    await fillCart(s.api, [{ item_id: x.paper, quantity: 2, unit_cost: 25_000 }]);
    await refused({ on_credit: true }, /supplier/);
    await refused({}, /payment mode/);
    await refused({ mode_id: x.cash, spent_on: '2099-01-01' }, /future/);
    expect((await s.api.get('/expense_cart_total')).json().data).toEqual({ count: 1, amount: 50_000 });
  });

  it('edits through the cart: the new expense replaces the old, which is voided "Edited"', async () => {
    const edit = await s.api.post('/edit_expense', { id: paid });
    expect(edit.statusCode, edit.body).toBe(200);
    // The cart now holds the expense's lines only (the paper left from above is gone).
    const cart = edit.json().data.cart as Json[];
    expect(cart.map((l) => [l.item_name, l.quantity])).toEqual([
      ['Maize flour', 10],
      ['Beans', 3],
    ]);
    await s.api.put(`/expense_cart/${cart[0].id}`, { item_id: x.posho, quantity: 8, unit_cost: 160_000 });
    const res = await s.api.post('/expenses', { spent_on: '2026-03-05', mode_id: x.cash, replaces: paid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total).toBe(1_280_000 + 870_000);
    const old = (await s.api.get('/expenses?status=void')).json().data as Json[];
    expect(old.map((e) => [e.id, e.void_reason])).toEqual([[paid, `Edited (now expense ${res.json().data.id})`]]);
    expect((await s.api.get('/expenses')).json().totals).toEqual({ count: 1, amount: 2_150_000 });
    paid = res.json().data.id;
    expect((await s.api.post('/edit_expense', { id: old[0].id })).statusCode).toBe(409);
  });

  it('corrects the reference with a reason, and voids with a reason: listed as void and out of totals; the statement reverses it on the day', async () => {
    const amended = await s.api.put(`/expenses/${paid}`, {
      reference: 'INV-204A',
      reason: 'Supplier reissued the invoice',
    });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json().data).toMatchObject({
      reference: 'INV-204A',
      amend_reason: 'Supplier reissued the invoice',
      total: 2_150_000,
    });
    const history = (await s.api.get(`/expense_amendments/${paid}`)).json().data;
    expect(history).toEqual([
      expect.objectContaining({
        reason: 'Supplier reissued the invoice',
        before: { reference: null },
        after: { reference: 'INV-204A' },
      }),
    ]);
    const res = await s.api.del(`/expenses/${paid}?reason=${encodeURIComponent('Entered in the wrong school')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'void', void_reason: 'Entered in the wrong school' });
    expect((await s.api.del(`/expenses/${paid}?reason=Again%20now`)).statusCode).toBe(409);
    expect((await s.api.get('/expenses')).json()).toMatchObject({ total: 2, totals: { count: 0, amount: 0 } });
    // March keeps what was spent then: the first expense and the one that replaced it (both voided today).
    const march = (await s.api.get(`/payment_options/${x.cash}?from=2026-03-01&to=2026-03-31`)).json().data;
    expect(march.lines.map((l: Json) => [l.kind, l.money_out, l.reference])).toEqual([
      ['expense', 2_470_000, 'INV-204'],
      ['expense', 2_150_000, null],
    ]);
    expect(march.closing_balance).toBe(2_000_000 - 2_470_000 - 2_150_000);
    // Today: the edit's void, the correction (reversed and posted again) and the void, each undoing the last.
    const now = (await s.api.get(`/payment_options/${x.cash}?from=2026-04-01`)).json().data;
    expect(now.lines.map((l: Json) => [l.reversal, l.money_in, l.money_out, l.reference])).toEqual([
      [true, 2_470_000, 0, 'INV-204'],
      [true, 2_150_000, 0, null],
      [false, 0, 2_150_000, 'INV-204A'],
      [true, 2_150_000, 0, 'INV-204A'],
    ]);
    expect(now.lines[3].description).toMatch(/\(void: Entered in the wrong school\)$/);
    expect(now.closing_balance).toBe(2_000_000);
  });

  it('takes an expense on credit: owed to the supplier until cleared from a mode on the day paid', async () => {
    await fillCart(s.api, [{ item_id: x.beans, quantity: 5, unit_cost: 300_000 }]);
    const res = await s.api.post('/expenses', { spent_on: '2026-04-01', on_credit: true, supplier_id: x.supplier });
    expect(res.statusCode, res.body).toBe(200);
    const credit = res.json().data;
    expect(credit).toMatchObject({ on_credit: true, mode_id: null, total: 1_500_000, cleared_on: null });
    const creditors = (await s.api.get('/creditors')).json();
    expect(creditors.data.map((e: Json) => e.id)).toEqual([credit.id]);
    expect(creditors.totals).toEqual({ count: 1, amount: 1_500_000 });
    const bankBefore = (await s.api.get(`/payment_options/${x.bank}?from=2026-04-01&to=2026-04-30`)).json().data;
    expect(bankBefore.lines).toEqual([]);

    const early = await s.api.post('/clear_credit', { expense_id: credit.id, mode_id: x.bank, paid_on: '2026-03-20' });
    expect(early.statusCode).toBe(202);
    const cleared = await s.api.post('/clear_credit', {
      expense_id: credit.id,
      mode_id: x.bank,
      paid_on: '2026-04-15',
      reference: 'CHQ 1001',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().message).toBe('Credit cleared Successfully');
    expect(cleared.json().data).toMatchObject({ cleared_on: '2026-04-15', cleared_mode_name: 'Bank' });
    expect((await s.api.get('/creditors')).json().totals).toEqual({ count: 0, amount: 0 });
    expect((await s.api.post('/clear_credit', { expense_id: credit.id, mode_id: x.bank })).statusCode).toBe(409);
    const bank = (await s.api.get(`/payment_options/${x.bank}?from=2026-04-01&to=2026-04-30`)).json().data;
    expect(bank.lines).toEqual([
      expect.objectContaining({
        kind: 'credit_cleared',
        money_out: 1_500_000,
        date: '2026-04-15',
        reference: 'CHQ 1001',
      }),
    ]);
    expect(bank.closing_balance).toBe(5_000_000 - 1_500_000);
    // A credit already paid is not edited through the cart (that would lose the payment).
    const paidCredit = await s.api.post('/edit_expense', { id: credit.id });
    expect(paidCredit.statusCode).toBe(202);
    expect(paidCredit.json().message).toMatch(/paid on 2026-04-15/);
    // Paid expenses have no credit to clear.
    await fillCart(s.api, [{ item_id: x.paper, quantity: 1, unit_cost: 25_000 }]);
    const cashPaid = (await s.api.post('/expenses', { spent_on: '2026-04-20', mode_id: x.cash })).json().data;
    expect((await s.api.post('/clear_credit', { expense_id: cashPaid.id, mode_id: x.bank })).statusCode).toBe(202);
  });

  it('reports a range by category and item, how it was paid, and credit still owed, adding up', async () => {
    // One more on credit, not cleared, of two lines.
    await fillCart(s.api, [
      { item_id: x.posho, quantity: 2, unit_cost: 150_000 },
      { item_id: x.paper, quantity: 1, unit_cost: 25_000 },
    ]);
    await s.api.post('/expenses', { spent_on: '2026-04-22', on_credit: true, supplier_id: x.supplier });
    const res = await s.api.post('/expenditure_report', { from: '2026-04-01', to: '2026-04-30' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.categories).toEqual([
      {
        category_id: x.food,
        category_name: 'Food',
        count: 2,
        amount: 1_800_000,
        items: [
          { item_id: x.beans, item_name: 'Beans', quantity: 5, count: 1, amount: 1_500_000 },
          { item_id: x.posho, item_name: 'Maize flour', quantity: 2, count: 1, amount: 300_000 },
        ],
      },
      {
        category_id: x.stationery,
        category_name: 'Stationery',
        count: 2,
        amount: 50_000,
        items: [{ item_id: x.paper, item_name: 'Photocopy paper', quantity: 2, count: 2, amount: 50_000 }],
      },
    ]);
    expect(d.modes).toEqual([
      { mode_id: x.bank, mode_name: 'Bank', count: 1, amount: 1_500_000 },
      { mode_id: x.cash, mode_name: 'Cash', count: 1, amount: 25_000 },
    ]);
    expect(d.credit_owed).toEqual({ count: 1, amount: 325_000 });
    // Three expenses (four lines), each paid one way.
    expect(d.total).toEqual({ count: 3, amount: 1_850_000 });
    expect(d.modes.reduce((n: number, m: Json) => n + m.count, 0) + d.credit_owed.count).toBe(d.total.count);
    const list = (await s.api.get('/expenses?from=2026-04-01&to=2026-04-30')).json();
    expect(list.totals.amount).toBe(d.total.amount);
    expect(d.modes.reduce((n: number, m: Json) => n + m.amount, 0) + d.credit_owed.amount).toBe(d.total.amount);
    const food = (
      await s.api.post('/expenditure_report', { from: '2026-04-01', to: '2026-04-30', category_id: x.food })
    ).json().data;
    expect(food.total).toEqual({ count: 2, amount: 1_800_000 });

    const xlsx = await s.api.post('/expenditure_report', { from: '2026-04-01', to: '2026-04-30', format: 'xlsx' });
    expect(xlsx.headers['content-disposition']).toContain('expenditure_report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.at(-1)?.slice(1)).toEqual(['Total', '', '', 1_850_000]);
  });

  it('keeps another school out, and each flag to its own calls', async () => {
    const other = await registerSchool(t.app, t.database);
    const theirs = await setUp(other);
    expect((await other.api.get('/expenses')).json().total).toBe(0);
    expect((await other.api.del(`/expenses/${paid}?reason=Not%20ours`)).statusCode).toBe(404);
    expect((await other.api.post('/edit_expense', { id: paid })).statusCode).toBe(404);
    expect((await s.api.post('/expense_cart', { item_id: theirs.paper, quantity: 1, unit_cost: 1 })).statusCode).toBe(
      404,
    );
    await fillCart(s.api, [{ item_id: x.paper, quantity: 1, unit_cost: 25_000 }]);
    expect((await s.api.post('/expenses', { mode_id: theirs.cash })).statusCode).toBe(404);
    expect((await s.api.post('/expenses', { on_credit: true, supplier_id: theirs.supplier })).statusCode).toBe(404);

    const clerk = client(t.app, (await staffWith(t.app, t.database, s, ['add_expenses'])).token);
    expect((await clerk.get('/expense_items')).statusCode).toBe(200);
    expect((await clerk.get('/payment_options')).statusCode).toBe(200);
    expect((await clerk.post('/expense_items', { name: 'Chalk', category_id: x.stationery })).statusCode).toBe(200);
    expect((await clerk.post('/expense_categories', { name: 'Sports' })).statusCode).toBe(403);
    expect((await clerk.get('/expenses')).statusCode).toBe(403);
    expect((await clerk.get('/creditors')).statusCode).toBe(403);
    const creditors = client(t.app, (await staffWith(t.app, t.database, s, ['view_creditors'])).token);
    expect((await creditors.get('/creditors')).statusCode).toBe(200);
    expect((await creditors.post('/expense_cart', { item_id: x.paper, quantity: 1, unit_cost: 1 })).statusCode).toBe(
      403,
    );
  });

  it('serves every expense call of the contract', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = expenseCalls.filter((c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});

/**
 * A void says the expense never happened: a credit expense already paid takes its payment with it, or the
 * supplier would owe the school what the bank paid out (the cart's edit refuses a paid credit and says to
 * void it and record it again, which must not count the payment twice).
 */
describe('voiding an expense taken on credit and later paid', () => {
  it('reverses its payment too: the bank returns to its balance before, suppliers payable is zero, no expense remains', async () => {
    const s = await registerSchool(t.app, t.database);
    const x = await setUp(s);
    const on = today();
    const trialBalance = async () => {
      const res = await s.api.post('/account_analysis', { from: '2026-01-01', to: on });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().data;
      expect(r.total.debit).toBe(r.total.credit);
      const of = (name: string) => r.accounts.find((a: Json) => a.name === name) ?? { debit: 0, credit: 0 };
      return Object.fromEntries(
        ['Bank', 'Cash', 'Suppliers payable', 'Food'].map((n) => [n, [of(n).debit, of(n).credit]]),
      );
    };
    const bankBalance = async () =>
      (await s.api.get(`/payment_options/${x.bank}?from=2026-01-01&to=${on}`)).json().data.closing_balance;

    await fillCart(s.api, [{ item_id: x.beans, quantity: 4, unit_cost: 300_000 }]);
    const taken = await s.api.post('/expenses', { spent_on: '2026-04-01', on_credit: true, supplier_id: x.supplier });
    expect(taken.statusCode, taken.body).toBe(200);
    const credit = taken.json().data.id;
    const paid = await s.api.post('/clear_credit', {
      expense_id: credit,
      mode_id: x.bank,
      paid_on: '2026-04-15',
      reference: 'CHQ 2001',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await bankBalance()).toBe(5_000_000 - 1_200_000);
    expect(await trialBalance()).toEqual({
      Bank: [3_800_000, 0],
      Cash: [2_000_000, 0],
      'Suppliers payable': [0, 0],
      Food: [1_200_000, 0],
    });

    const voided = await s.api.del(`/expenses/${credit}?reason=${encodeURIComponent('Recorded twice')}`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'void' });
    // The bank's statement: April keeps the cheque; today its reversal brings the money back.
    expect(await bankBalance()).toBe(5_000_000);
    const april = (await s.api.get(`/payment_options/${x.bank}?from=2026-04-01&to=2026-04-30`)).json().data;
    expect(april.lines.map((l: Json) => [l.kind, l.money_out])).toEqual([['credit_cleared', 1_200_000]]);
    const now = (await s.api.get(`/payment_options/${x.bank}?from=${on}&to=${on}`)).json().data;
    expect(now.lines.map((l: Json) => [l.kind, l.reversal, l.money_in, l.reference])).toEqual([
      ['credit_cleared', true, 1_200_000, 'CHQ 2001'],
    ]);
    // The trial balance as the bursar reads it: nothing owed either way, no food bought, the bank whole.
    expect(await trialBalance()).toEqual({
      Bank: [5_000_000, 0],
      Cash: [2_000_000, 0],
      'Suppliers payable': [0, 0],
      Food: [0, 0],
    });
    expect((await s.api.get('/creditors')).json().totals).toEqual({ count: 0, amount: 0 });
  });
});
