import { expenseLines, expenses, journalEntries } from '@somero/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchaseLeft, purchaseReceiptValue } from '../src/modules/store/rules.js';
import { setUp as expenseSetUp, fillCart } from './expenses-fixtures.js';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

/**
 * Issue 27 §3: goods bought through a requisition or an expense are received into the store against it,
 * line by line, at its prices, never more than bought, and nothing is paid twice.
 */
const t = useTestApp();
const day = '2026-03-02';

describe('receiving against a purchase (rules)', () => {
  it('names what is left, and values the last part at the rest of the line', () => {
    const line = { item: 'Chalk', unit: 'box', bought: 1000, received: 600 };
    expect(purchaseLeft(line, 400, 'requisition 12')).toEqual({ ok: true });
    expect(purchaseLeft(line, 500, 'requisition 12')).toEqual({
      ok: false,
      message: 'Only 4 boxes of Chalk are left to receive on requisition 12 (10 bought, 6 received), not 5 boxes.',
    });
    expect(purchaseLeft({ ...line, received: 1000 }, 100, 'expense 40')).toEqual({
      ok: false,
      message: 'All 10 boxes of Chalk bought on expense 40 are in store already.',
    });
    // 3 at 1,000 for 3,000: a third, then the rest, never a shilling lost to rounding.
    const l = { bought: 300, received: 0, amount: 3_000, receivedValue: 0, unitCost: 1_000 };
    expect(purchaseReceiptValue(l, 133)).toBe(1_330);
    expect(purchaseReceiptValue({ ...l, received: 133, receivedValue: 1_330 }, 167)).toBe(1_670);
  });
});

describe('receiving against a purchase', () => {
  let s: RegisterSchool;
  let x: Awaited<ReturnType<typeof expenseSetUp>>;
  let paper: number;
  let flour: number;
  let keeper: ReturnType<typeof client>;
  let requisition: Json;

  const expenseCount = async () =>
    (await t.database.db.select({ n: count() }).from(expenses).where(eq(expenses.schoolId, s.schoolId)))[0]!.n;
  const journalCount = async () =>
    (await t.database.db.select({ n: count() }).from(journalEntries).where(eq(journalEntries.schoolId, s.schoolId)))[0]!
      .n;
  const level = async (id: number) =>
    ((await keeper.get('/store_level')).json().data.items as Json[]).find((i) => i.id === id)!;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    x = await expenseSetUp(s);
    const units = (await s.api.get('/units?per_page=100')).json().data as Json[];
    const unit = (name: string) => units.find((u) => u.name === name)!.id as number;
    const post = async (url: string, body: object) => {
      const res = await s.api.post(url, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    // Store items of the expense items' names (case aside); beans are not kept in the store.
    paper = await post('/store_items', { name: 'Photocopy paper', unit_id: unit('Reams') });
    flour = await post('/store_items', { name: 'maize flour', unit_id: unit('Bags') });
    keeper = client(t.app, (await staffWith(t.app, t.database, s, ['view_store_stock'])).token);

    // The admin raises, checks, approves and pays a requisition (the steps are kept apart only when set).
    const { id, logo_file_id: _, ...rest } = (await s.api.get('/school_details')).json().data as Json;
    expect((await s.api.put(`/school/${id}`, { ...rest, separate_requisition_steps: false })).statusCode).toBe(200);
    await fillCart(
      s.api,
      [
        { item_id: x.paper, quantity: 10, unit_cost: 25_000 },
        { item_id: x.posho, quantity: 3, unit_cost: 160_000 },
        { item_id: x.beans, quantity: 2, unit_cost: 300_000 },
      ],
      '/expense_requisition_cart',
    );
    const raised = await s.api.post('/expense_requisitions', { title: 'Paper and food', supplier_id: x.supplier });
    expect(raised.statusCode, raised.body).toBe(200);
    const rid = raised.json().data.id;
    expect((await s.api.put(`/expense_requisitions/${rid}`, { type: 0 })).statusCode).toBe(200);
    expect((await s.api.post('/approve_expense_requisitions', { id: rid })).statusCode).toBe(200);
    const paid = await s.api.post('/pay_expense_requisitions', { id: rid, mode_id: x.cash, reference: 'PV-1' });
    expect(paid.statusCode, paid.body).toBe(200);
    requisition = paid.json().data;
  });

  it('lists the paid requisition with its store lines, received partly then the rest, nothing paid twice', async () => {
    const waiting = (await keeper.get('/store_purchases')).json().data as Json[];
    const mine = waiting.find((p) => p.expense_id === requisition.expense_id)!;
    expect(mine).toMatchObject({
      requisition_id: requisition.id,
      requisition_number: requisition.number,
      title: 'Paper and food',
      supplier_name: 'Nakasero Wholesalers',
      status: 'valid',
    });
    // Beans are no store item: not listed.
    expect(mine.lines.map((l: Json) => [l.store_item, l.unit, l.bought, l.received, l.to_receive])).toEqual([
      ['Photocopy paper', 'ream', 10, 0, 10],
      ['maize flour', 'bag', 3, 0, 3],
    ]);
    const [paperLine, flourLine] = mine.lines as Json[];
    const before = { expenses: await expenseCount(), journal: await journalCount() };

    const first = await keeper.post('/receive_purchase', {
      expense_id: mine.expense_id,
      received_on: day,
      lines: [
        { line_id: paperLine!.line_id, quantity: 4 },
        { line_id: flourLine!.line_id, quantity: 0 },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Received into the store');
    expect(first.json().data.lines.map((l: Json) => [l.received, l.to_receive])).toEqual([
      [4, 6],
      [0, 3],
    ]);
    expect(await level(paper)).toMatchObject({ balance: 4, value: 100_000 });

    // More than is left of a line: refused with the figures, nothing received.
    const over = await keeper.post('/receive_purchase', {
      expense_id: mine.expense_id,
      lines: [{ line_id: paperLine!.line_id, quantity: 7 }],
    });
    expect(over.statusCode).toBe(202);
    expect(over.json().message).toBe(
      `Only 6 reams of Photocopy paper are left to receive on requisition ${requisition.number} (10 bought, 4 received), not 7 reams.`,
    );
    expect(await level(paper)).toMatchObject({ balance: 4 });

    const rest = await keeper.post('/receive_purchase', {
      expense_id: mine.expense_id,
      received_on: day,
      lines: [
        { line_id: paperLine!.line_id, quantity: 6 },
        { line_id: flourLine!.line_id, quantity: 3 },
      ],
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().message).toBe('2 items received into the store');
    expect(await level(paper)).toMatchObject({ balance: 10, value: 250_000 });
    expect(await level(flour)).toMatchObject({ balance: 3, value: 480_000 });
    // Nothing paid again: no expense, no journal entry.
    expect(await expenseCount()).toBe(before.expenses);
    expect(await journalCount()).toBe(before.journal);
    // Fully received: no longer waiting, and the requisition shows what came in.
    const after = (await keeper.get('/store_purchases')).json().data as Json[];
    expect(after.find((p) => p.expense_id === mine.expense_id)).toBeUndefined();
    const again = await keeper.post('/receive_purchase', {
      expense_id: mine.expense_id,
      lines: [{ line_id: flourLine!.line_id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe(
      `All 3 bags of maize flour bought on requisition ${requisition.number} are in store already.`,
    );
    const listed = (await s.api.post('/view_expense_reqs', { id: requisition.id })).json().data as Json[];
    expect(
      listed.find((r) => r.id === requisition.id)!.store_lines.map((l: Json) => [l.store_item, l.received]),
    ).toEqual([
      ['Photocopy paper', 10],
      ['maize flour', 3],
    ]);
    // The item's log names the requisition; reversing the receipt voids nothing and frees the line again.
    const log = (await keeper.post('/item_logs', { id: flour })).json().data.lines as Json[];
    const receipt = log.find((l) => l.expense_line_id === flourLine!.line_id)!;
    expect(receipt).toMatchObject({ reference: `Requisition ${requisition.number}`, expense_id: null });
    const reversed = await keeper.post('/delete_store_log', { id: receipt.id, reason: 'Counted twice' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await expenseCount()).toBe(before.expenses);
    const back = (await keeper.get(`/store_purchases?expense_id=${mine.expense_id}`)).json().data as Json[];
    expect(back[0]!.lines[1]).toMatchObject({ received: 0, to_receive: 3 });
  });

  it('receives against an expense; a correction stays within what was bought; a void purchase is refused', async () => {
    await fillCart(s.api, [{ item_id: x.paper, quantity: 5, unit_cost: 24_000 }]);
    const recorded = await s.api.post('/expenses', { spent_on: day, mode_id: x.cash, note: 'Paper for exams' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const expense = recorded.json().data as Json;
    const [row] = (await keeper.get(`/store_purchases?expense_id=${expense.id}`)).json().data as Json[];
    expect(row).toMatchObject({ requisition_id: null, title: 'Paper for exams', total: 120_000 });
    const line = row!.lines[0].line_id;
    const before = { expenses: await expenseCount(), journal: await journalCount() };
    const got = await keeper.post('/receive_purchase', {
      expense_id: expense.id,
      received_on: day,
      lines: [{ line_id: line, quantity: 2 }],
    });
    expect(got.statusCode, got.body).toBe(200);
    const log = (await keeper.post('/item_logs', { id: paper })).json().data.lines as Json[];
    const receipt = log.find((l) => l.expense_line_id === line)!;
    expect(receipt).toMatchObject({
      quantity: 2,
      value: 48_000,
      unit_cost: 24_000,
      reference: `Expense ${expense.id}`,
    });
    // Corrected to 6: more than the 5 bought, refused; to 5 it is received again against the line.
    const tooMany = await keeper.put(`/edit_store_log/${receipt.id}`, { quantity: 6, reason: 'Miscounted' });
    expect(tooMany.statusCode).toBe(202);
    expect(tooMany.json().message).toMatch(/^Only 5 reams of Photocopy paper are left to receive on expense/);
    const fixed = await keeper.put(`/edit_store_log/${receipt.id}`, { quantity: 5, reason: 'Miscounted' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ quantity: 5, value: 120_000, expense_line_id: line });
    // The expenses list shows what the store received of it.
    const listed = (await s.api.get(`/expenses?from=${day}&to=${day}&per_page=100`)).json().data as Json[];
    expect(listed.find((e) => e.id === expense.id)!.store_lines).toMatchObject([
      { store_item: 'Photocopy paper', bought: 5, received: 5, to_receive: 0 },
    ]);
    expect(await expenseCount()).toBe(before.expenses);
    expect(await journalCount()).toBe(before.journal);
    // Its goods are in store: editing it (a new expense whose lines would wait again) or voiding it is refused
    // until the store reverses the receipt.
    const edit = await s.api.post('/edit_expense', { id: expense.id });
    expect(edit.statusCode).toBe(202);
    expect(edit.json().message).toBe(
      `The store has received goods bought on expense ${expense.id}: reverse those receipts in the store's item log first, then edit it.`,
    );
    const voidReceived = await s.api.del(`/expenses/${expense.id}?reason=${encodeURIComponent('Wrong supplier')}`);
    expect(voidReceived.statusCode).toBe(202);
    expect(voidReceived.json().message).toMatch(
      /reverse those receipts in the store's item log first, then void it\.$/,
    );
    expect((await s.api.get(`/expenses?from=${day}&to=${day}&per_page=100`)).json().data).toContainEqual(
      expect.objectContaining({ id: expense.id, status: 'valid' }),
    );

    // A purchase voided: nothing can be received against it, and it no longer waits.
    await fillCart(s.api, [{ item_id: x.paper, quantity: 3, unit_cost: 25_000 }]);
    const wrong = (await s.api.post('/expenses', { spent_on: day, mode_id: x.cash })).json().data as Json;
    const [wrongRow] = (await keeper.get(`/store_purchases?expense_id=${wrong.id}`)).json().data as Json[];
    const voided = await s.api.del(`/expenses/${wrong.id}?reason=${encodeURIComponent('Recorded twice')}`);
    expect(voided.statusCode, voided.body).toBe(200);
    const refused = await keeper.post('/receive_purchase', {
      expense_id: wrong.id,
      lines: [{ line_id: wrongRow!.lines[0].line_id, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(202);
    expect(refused.json().message).toBe(
      `Expense ${wrong.id} was voided (Recorded twice): nothing can be received against it.`,
    );
    const waiting = (await keeper.get('/store_purchases')).json().data as Json[];
    expect(waiting.map((p) => p.expense_id)).not.toContain(wrong.id);
  });

  it('refuses bad input with field messages, a line of another purchase, and an expense the store recorded', async () => {
    const none = await keeper.post('/receive_purchase', { expense_id: requisition.expense_id, lines: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.lines).toBeDefined();
    const zero = await keeper.post('/receive_purchase', {
      expense_id: requisition.expense_id,
      lines: [{ line_id: 1, quantity: 0 }],
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.lines).toEqual(['Enter what arrived of at least one line.']);
    const negative = await keeper.post('/receive_purchase', {
      expense_id: requisition.expense_id,
      lines: [{ line_id: 1, quantity: -1 }],
    });
    expect(negative.statusCode).toBe(422);
    // The beans line is no store item.
    const beans = (requisition.lines as Json[]).find((l) => l.item_name === 'Beans')!;
    const [beansLine] = await t.database.db
      .select({ id: expenseLines.id })
      .from(expenseLines)
      .where(and(eq(expenseLines.expenseId, requisition.expense_id), eq(expenseLines.itemId, beans.item_id)));
    const notStore = await keeper.post('/receive_purchase', {
      expense_id: requisition.expense_id,
      lines: [{ line_id: beansLine!.id, quantity: 1 }],
    });
    expect(notStore.statusCode).toBe(202);
    expect(notStore.json().message).toBe(`That line is not a store item bought on requisition ${requisition.number}.`);
    // Bought while receiving ("Paid now"): the store recorded that expense, nothing waits on it.
    const now = await keeper.post('/add_store_stock', {
      item_id: paper,
      quantity: 1,
      unit_cost: 25_000,
      payment: 'none',
    });
    expect(now.statusCode, now.body).toBe(200);
    const bought = await s.api.post('/add_store_stock', {
      item_id: paper,
      quantity: 2,
      unit_cost: 25_000,
      supplier_id: x.supplier,
      payment: 'mode',
      mode_id: x.cash,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const storeExpense = bought.json().data.expense_id as number;
    // Received as it was bought: the expenses list shows nothing waiting on it.
    const expenses = (await s.api.get('/expenses?per_page=100')).json().data as Json[];
    expect(expenses.find((e) => e.id === storeExpense)!.store_lines).toEqual([]);
    const waiting = (await keeper.get('/store_purchases')).json().data as Json[];
    expect(waiting.map((p) => p.expense_id)).not.toContain(storeExpense);
    const [storeRow] = (await keeper.get(`/store_purchases?expense_id=${storeExpense}`)).json().data as Json[];
    expect(storeRow!.lines).toEqual([]);
    const twice = await keeper.post('/receive_purchase', {
      expense_id: storeExpense,
      lines: [{ line_id: 1, quantity: 1 }],
    });
    expect(twice.statusCode).toBe(202);
    expect(twice.json().message).toBe(
      `Expense ${storeExpense} was recorded by the store when the goods came in: they are in store already.`,
    );
  });

  it('needs the stock flag, and a purchase of this school', async () => {
    const clerk = client(t.app, (await staffWith(t.app, t.database, s, ['add_expenses', 'view_expenses'])).token);
    expect((await clerk.get('/store_purchases')).statusCode).toBe(403);
    const body = { expense_id: requisition.expense_id, lines: [{ line_id: 1, quantity: 1 }] };
    expect((await clerk.post('/receive_purchase', body)).statusCode).toBe(403);
    const other = await registerSchool(t.app, t.database);
    expect((await other.api.get(`/store_purchases?expense_id=${requisition.expense_id}`)).json().data).toEqual([]);
    expect((await other.api.post('/receive_purchase', body)).statusCode).toBe(404);
    const noToken = await t.app.inject({ method: 'GET', url: '/api/store_purchases' });
    expect(noToken.statusCode).toBe(401);
  });
});
