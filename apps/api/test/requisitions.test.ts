import { requisitionCalls } from '@somero/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/core/dates.js';
import {
  priceQuestion,
  stepRefusal,
  usualPrice,
  waitingFor,
  waitingStatuses,
} from '../src/modules/expenses/requisition-rules.js';
import { fillCart, setUp } from './expenses-fixtures.js';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

/** Expense requisitions (issue 12 §2): cart, submit, check or reject, approve, pay, each by its own user. */
const t = useTestApp();

describe('requisition rules', () => {
  const r = (status: Parameters<typeof stepRefusal>[1]['status'], raisedBy = 1, checkedBy: number | null = null) => ({
    status,
    raisedBy,
    checkedBy,
    number: 7,
  });
  it('take each step only from where it starts', () => {
    expect(stepRefusal('check', r('submitted'), 2, true)).toBeNull();
    expect(stepRefusal('check', r('checked'), 2, true)).toEqual({
      kind: 'state',
      message: 'Requisition 7 is checked: it cannot be checked now.',
    });
    expect(stepRefusal('reject', r('checked', 1, 2), 3, true)).toBeNull();
    expect(stepRefusal('reject', r('approved'), 3, true)?.kind).toBe('state');
    expect(stepRefusal('approve', r('submitted'), 3, true)?.message).toBe(
      'Requisition 7 is submitted: it cannot be approved now.',
    );
    expect(stepRefusal('approve', r('checked', 1, 2), 3, true)).toBeNull();
    expect(stepRefusal('pay', r('checked', 1, 2), 3, true)?.kind).toBe('state');
    expect(stepRefusal('pay', r('approved', 1, 2), 1, true)).toBeNull();
    expect(stepRefusal('delete', r('approved'), 1, true)?.message).toBe(
      'Requisition 7 is approved: it cannot be deleted now.',
    );
    expect(stepRefusal('delete', r('checked'), 1, true)).toBeNull();
    expect(stepRefusal('reject', r('paid'), 3, true)?.message).toBe(
      'Requisition 7 is paid: it cannot be rejected now.',
    );
    expect(stepRefusal('pay', r('submitted'), 3, true)?.message).toBe(
      'Requisition 7 is submitted: it cannot be paid now.',
    );
    expect(stepRefusal('delete', r('rejected'), 1, true)).toBeNull();
    expect(stepRefusal('return', r('checked'), 1, true)?.message).toBe(
      'Requisition 7 is checked: it cannot be returned for editing now.',
    );
    expect(stepRefusal('return', r('rejected'), 1, true)).toBeNull();
    expect(stepRefusal('return', r('paid'), 1, false)?.kind).toBe('state');
  });

  it('keep the one who raised it from checking or approving it, and the checker from approving, where the school says so', () => {
    expect(stepRefusal('check', r('submitted', 5), 5, true)).toEqual({
      kind: 'person',
      message: 'You raised requisition 7: another user must check it.',
    });
    expect(stepRefusal('reject', r('submitted', 5), 5, true)?.kind).toBe('person');
    expect(stepRefusal('approve', r('checked', 5, 6), 5, true)?.message).toBe(
      'You raised requisition 7: another user must approve it.',
    );
    expect(stepRefusal('approve', r('checked', 5, 6), 6, true)).toEqual({
      kind: 'person',
      message: 'You checked requisition 7: another user must approve it.',
    });
    // Without the separation, one person may take every step.
    expect(stepRefusal('check', r('submitted', 5), 5, false)).toBeNull();
    expect(stepRefusal('approve', r('checked', 5, 5), 5, false)).toBeNull();
    // Only the one who raised it returns it for editing, separation or not.
    expect(stepRefusal('return', r('submitted', 5), 6, false)?.message).toBe(
      'Only the one who raised a requisition returns it for editing.',
    );
  });

  it('say what each status waits for', () => {
    expect(waitingStatuses.every((s) => waitingFor(s) !== null)).toBe(true);
    expect(['submitted', 'checked', 'approved', 'paid', 'rejected'].map((s) => waitingFor(s as never))).toEqual([
      'check',
      'approve',
      'pay',
      null,
      null,
    ]);
  });
});

describe('a price far above the usual', () => {
  it('takes the usual price from the median of the latest five purchases, else the price written on the item', () => {
    expect(usualPrice([6_000, 7_000, 5_500], 9_000)).toBe(6_000);
    expect(usualPrice([6_000, 7_000], 0)).toBe(6_500);
    // One odd purchase among five moves it little; older purchases than five are not read.
    expect(usualPrice([6_000, 60_000, 6_500, 5_800, 6_200, 90_000, 90_000], 0)).toBe(6_200);
    expect(usualPrice([], 6_000)).toBe(6_000);
    expect(usualPrice([], 0)).toBeNull();
  });

  it('asks about a unit cost more than twice the usual price, in words', () => {
    const chalk = { name: 'Chalk', unit: 'box' };
    expect(priceQuestion(chalk, 35_000, { price: 6_000, bought: 3 })).toBe(
      'Chalk at UGX 35,000 a box is more than 2 times the usual price of UGX 6,000 (from its last 3 purchases). Put it in the requisition at this price?',
    );
    expect(priceQuestion(chalk, 35_000, { price: 6_000, bought: 0 })).toBe(
      'Chalk at UGX 35,000 a box is more than 2 times its usual unit cost of UGX 6,000. Put it in the requisition at this price?',
    );
    expect(priceQuestion(chalk, 12_000, { price: 6_000, bought: 1 })).toBeNull();
    expect(priceQuestion(chalk, 12_001, { price: 6_000, bought: 1 })).toMatch(/last purchase/);
    expect(priceQuestion({ name: 'Chalk', unit: null }, 35_000, { price: null, bought: 0 })).toBeNull();
  });
});

describe('requisitions', () => {
  let s: RegisterSchool;
  let x: Awaited<ReturnType<typeof setUp>>;
  /** The bursar raises and pays; the head of department checks; the head teacher approves. */
  let bursar: ReturnType<typeof client>;
  let checker: ReturnType<typeof client>;
  let head: ReturnType<typeof client>;
  let raiserOnly: ReturnType<typeof client>;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    x = await setUp(s);
    const staff = async (flags: Parameters<typeof staffWith>[3]) =>
      client(t.app, (await staffWith(t.app, t.database, s, flags)).token);
    bursar = await staff(['add_expenses', 'view_expenses']);
    checker = await staff(['view_expenses']);
    head = await staff(['view_expenses']);
    raiserOnly = await staff(['add_expenses']);
  });

  const submit = async (api: ReturnType<typeof client>, title: string) => {
    const res = await api.post('/expense_requisitions', { title, needed_on: '2026-12-01', supplier_id: x.supplier });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };

  it('builds a requisition in a cart and submits it: numbered, with its lines and total; the cart empties', async () => {
    await fillCart(
      bursar,
      [
        { item_id: x.posho, quantity: 5, unit_cost: 160_000 },
        { item_id: x.paper, quantity: 10, unit_cost: 25_000 },
      ],
      '/expense_requisition_cart',
    );
    expect((await bursar.get('/expense_req_total')).json().data).toEqual({ count: 2, amount: 1_050_000 });
    // Each user has their own cart.
    expect((await raiserOnly.get('/expense_req_total')).json().data).toEqual({ count: 0, amount: 0 });
    const req = await submit(bursar, 'Food and paper for mid-term');
    expect(req).toMatchObject({
      number: 1,
      title: 'Food and paper for mid-term',
      total: 1_050_000,
      status: 'submitted',
      supplier_name: 'Nakasero Wholesalers',
      raised: { by: 'Staff Member' },
      checked: null,
    });
    expect(req.lines.map((l: Json) => [l.item_name, l.quantity, l.amount])).toEqual([
      ['Maize flour', 5, 800_000],
      ['Photocopy paper', 10, 250_000],
    ]);
    expect((await bursar.get('/expense_req_total')).json().data).toEqual({ count: 0, amount: 0 });
    const empty = await bursar.post('/expense_requisitions', { title: 'Nothing in it' });
    expect(empty.statusCode).toBe(202);
    expect(empty.json().message).toMatch(/cart is empty/);
  });

  it('walks check, approve and pay, each by another user; paying records the expense on the mode', async () => {
    const [req] = (await bursar.post('/view_expense_reqs', { status: 'submitted' })).json().data as Json[];
    // The one who raised it may not check it; a user without the Requisitions flag may not either.
    const own = await bursar.put(`/expense_requisitions/${req.id}`, { type: 0 });
    expect(own.statusCode).toBe(202);
    expect(own.json().message).toBe('You raised requisition 1: another user must check it.');
    expect((await raiserOnly.put(`/expense_requisitions/${req.id}`, { type: 0 })).statusCode).toBe(403);
    // Not approved before it is checked.
    expect((await head.post('/approve_expense_requisitions', { id: req.id })).statusCode).toBe(409);

    const checked = await checker.put(`/expense_requisitions/${req.id}`, { type: 0 });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().message).toBe('Requisition Checked Successfully');
    expect(checked.json().data).toMatchObject({ status: 'checked', checked: { by: 'Staff Member' } });
    // The checker may not also approve it.
    const twice = await checker.post('/approve_expense_requisitions', { id: req.id });
    expect(twice.statusCode).toBe(202);
    expect(twice.json().message).toBe('You checked requisition 1: another user must approve it.');
    // Not paid before it is approved.
    expect((await bursar.post('/pay_expense_requisitions', { id: req.id, mode_id: x.cash })).statusCode).toBe(409);

    const approved = await head.post('/approve_expense_requisitions', { id: req.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe('Expense Requisition approved Successfully');
    expect(approved.json().data.status).toBe('approved');

    const paid = await bursar.post('/pay_expense_requisitions', { id: req.id, mode_id: x.cash, reference: 'PV-88' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe('Expense Requisition Paid Successfully');
    const done = paid.json().data;
    expect(done).toMatchObject({ status: 'paid', paid: { by: 'Staff Member' }, expense_id: expect.any(Number) });
    // Paid once only.
    expect((await bursar.post('/pay_expense_requisitions', { id: req.id, mode_id: x.cash })).statusCode).toBe(409);

    const expense = (await s.api.get(`/expenses?search=PV-88`)).json().data[0];
    expect(expense).toMatchObject({
      id: done.expense_id,
      total: 1_050_000,
      mode_name: 'Cash',
      supplier_name: 'Nakasero Wholesalers',
      note: 'Requisition 1: Food and paper for mid-term',
      spent_on: today(),
    });
    const statement = (await s.api.get(`/payment_options/${x.cash}?from=${today()}`)).json().data;
    expect(statement.lines).toEqual([
      expect.objectContaining({
        kind: 'expense',
        money_out: 1_050_000,
        reference: 'PV-88',
        description: `Expense ${done.expense_id} to Nakasero Wholesalers: Requisition 1: Food and paper for mid-term`,
      }),
    ]);
    expect(statement.closing_balance).toBe(2_000_000 - 1_050_000);
  });

  it('rejects with a reason, returns it for editing into the cart of the one who raised it, deletes with a reason', async () => {
    await fillCart(bursar, [{ item_id: x.beans, quantity: 2, unit_cost: 300_000 }], '/expense_requisition_cart');
    const req = await submit(bursar, 'Beans for the kitchen');
    const noReason = await checker.put(`/expense_requisitions/${req.id}`, { type: 1 });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeTruthy();
    const rejected = await checker.put(`/expense_requisitions/${req.id}`, { type: 1, reason: 'Beans are in stock' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe('Requisition Rejected Successfully');
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejected_reason: 'Beans are in stock' });
    // Another user may not take it back into their cart.
    expect((await raiserOnly.del(`/edit_expense_requisitions/${req.id}`)).statusCode).toBe(202);
    const back = await bursar.del(`/edit_expense_requisitions/${req.id}`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.id).toBe(req.id);
    expect(back.json().data.cart.map((l: Json) => [l.item_name, l.quantity])).toEqual([['Beans', 2]]);
    expect((await bursar.post('/view_expense_reqs', { id: req.id })).json().data[0].status).toBe('returned');
    // Submitted again, smaller, then deleted before anyone checks it.
    const [line] = (await bursar.get('/expense_requisition_cart')).json().data;
    await bursar.put(`/expense_requisition_cart/${line.id}`, { item_id: x.beans, quantity: 1, unit_cost: 300_000 });
    const again = await submit(bursar, 'Beans for the kitchen (one bag)');
    expect(again).toMatchObject({ number: 3, total: 300_000 });
    const deleted = await bursar.del(`/expense_requisitions/${again.id}?reason=${encodeURIComponent('Not needed')}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({ status: 'deleted', closed_reason: 'Not needed' });
    expect((await bursar.del(`/expense_requisitions/${again.id}?reason=Again`)).statusCode).toBe(409);
  });

  it('lists by status and what waits for a step, with totals, and keeps other schools out', async () => {
    const all = (await head.post('/view_expense_reqs', {})).json();
    expect(all.data.map((r: Json) => [r.number, r.status])).toEqual([
      [3, 'deleted'],
      [2, 'returned'],
      [1, 'paid'],
    ]);
    expect(all.totals).toEqual({ count: 3, amount: 1_050_000 + 600_000 + 300_000 });
    await fillCart(bursar, [{ item_id: x.paper, quantity: 4, unit_cost: 25_000 }], '/expense_requisition_cart');
    const waiting = await submit(bursar, 'Paper for exams');
    expect((await head.post('/view_expense_reqs', { waiting: true })).json().data.map((r: Json) => r.id)).toEqual([
      waiting.id,
    ]);
    expect((await head.post('/view_expense_reqs', { search: 'exams' })).json().total).toBe(1);

    const other = await registerSchool(t.app, t.database);
    expect((await other.api.put(`/expense_requisitions/${waiting.id}`, { type: 0 })).statusCode).toBe(404);
    expect((await other.api.post('/approve_expense_requisitions', { id: waiting.id })).statusCode).toBe(404);
    expect((await other.api.del(`/edit_expense_requisitions/${waiting.id}`)).statusCode).toBe(404);
    expect((await other.api.post('/view_expense_reqs', {})).json().total).toBe(0);
  });

  it('offers each user only the steps they may take: after checking, the checker has no Approve', async () => {
    await fillCart(bursar, [{ item_id: x.paper, quantity: 2, unit_cost: 25_000 }], '/expense_requisition_cart');
    const req = await submit(bursar, 'Paper for the staff room');
    const mayOf = async (api: ReturnType<typeof client>) =>
      ((await api.post('/view_expense_reqs', { id: req.id })).json().data[0] as Json).may;
    expect(req.may).toEqual(['return', 'delete']);
    expect(await mayOf(checker)).toEqual(['check', 'reject', 'delete']);
    const checked = await checker.put(`/expense_requisitions/${req.id}`, { type: 0 });
    expect(checked.json().data.may).toEqual(['reject', 'delete']);
    expect(await mayOf(checker)).not.toContain('approve');
    expect(await mayOf(bursar)).not.toContain('approve');
    expect(await mayOf(head)).toEqual(['reject', 'approve', 'delete']);
  });

  it('lets one person take every step when the school turns the separation off', async () => {
    const details = (await s.api.get('/school_details')).json().data;
    const { id, logo_file_id: _, ...rest } = details;
    const off = await s.api.put(`/school/${id}`, { ...rest, separate_requisition_steps: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.separate_requisition_steps).toBe(false);
    await fillCart(s.api, [{ item_id: x.paper, quantity: 1, unit_cost: 25_000 }], '/expense_requisition_cart');
    const req = (await s.api.post('/expense_requisitions', { title: 'Paper for the office' })).json().data;
    expect((await s.api.put(`/expense_requisitions/${req.id}`, { type: 0 })).statusCode).toBe(200);
    expect((await s.api.post('/approve_expense_requisitions', { id: req.id })).statusCode).toBe(200);
    const paid = await s.api.post('/pay_expense_requisitions', { id: req.id, mode_id: x.bank });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it("asks to confirm a line far above the item's usual price, and puts it in once confirmed", async () => {
    const chalk = (
      await s.api.post('/expense_items', { name: 'Chalk', category_id: x.stationery, unit: 'box', unit_cost: 6_000 })
    ).json().data.id as number;
    const far = await bursar.post('/expense_requisition_cart', { item_id: chalk, quantity: 2, unit_cost: 35_000 });
    expect(far.statusCode).toBe(202);
    expect(far.json()).toEqual({
      confirm: true,
      message:
        'Chalk at UGX 35,000 a box is more than 2 times its usual unit cost of UGX 6,000. Put it in the requisition at this price?',
    });
    expect((await bursar.get('/expense_req_total')).json().data).toEqual({ count: 0, amount: 0 });
    const sure = await bursar.post('/expense_requisition_cart', {
      item_id: chalk,
      quantity: 2,
      unit_cost: 35_000,
      confirm: true,
    });
    expect(sure.statusCode, sure.body).toBe(200);
    // Bought lately at 9,000, 10,000 and 11,000 a box: the usual price is now 10,000, so 18,000 goes in at once
    // and changing the line to 25,000 asks.
    await fillCart(
      s.api,
      [9_000, 10_000, 11_000].map((unit_cost) => ({ item_id: chalk, quantity: 1, unit_cost })),
    );
    expect((await s.api.post('/expenses', { spent_on: today(), mode_id: x.cash })).statusCode).toBe(200);
    const line = sure.json().data.id as number;
    const fair = await bursar.put(`/expense_requisition_cart/${line}`, {
      item_id: chalk,
      quantity: 2,
      unit_cost: 18_000,
    });
    expect(fair.statusCode, fair.body).toBe(200);
    const high = await bursar.put(`/expense_requisition_cart/${line}`, {
      item_id: chalk,
      quantity: 2,
      unit_cost: 25_000,
    });
    expect(high.statusCode).toBe(202);
    expect(high.json().message).toMatch(
      /more than 2 times the usual price of UGX 10,000 \(from its last 3 purchases\)/,
    );
    // The expense cart records what was bought: no question there.
    expect((await s.api.post('/expense_cart', { item_id: chalk, quantity: 1, unit_cost: 35_000 })).statusCode).toBe(
      200,
    );
    await bursar.del(`/expense_requisition_cart/${line}`);
    await s.api.del(`/expense_cart/${(await s.api.get('/expense_cart')).json().data[0].id}`);
  });

  it('serves every requisition call of the contract', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = requisitionCalls.filter(
      (c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});

describe('importing expense items', () => {
  let s: RegisterSchool;
  let x: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    x = await setUp(s);
  });
  const sheet = async (rows: (string | number)[][]) => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Expense items');
    ws.addRow(['Category', 'Name', 'Unit', 'Unit cost']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
  };

  it('gives a template whose example is never imported', async () => {
    const res = await s.api.get('/expense_items_template');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Expense items', 'Notes']);
    expect(book.worksheets[0]?.rowCount).toBe(1);
    const onlyExample = await s.api.post('/import_expense_items', {
      filename: 'items.xlsx',
      data: await sheet([['Food', 'Maize flour', 'bag (50 kg)', 160000]]),
    });
    expect(onlyExample.json().data.imported).toBe(0);
    expect(onlyExample.json().data.rejected[0].errors[0]).toMatch(/example/);
  });

  it('imports all or nothing, naming each mistake with its row', async () => {
    const bad = await s.api.post('/import_expense_items', {
      filename: 'items.xlsx',
      data: await sheet([
        ['Food', 'Rice', 'bag', '180,000'],
        ['Transport', 'Bus hire', 'trip', 400000],
        ['Food', 'Beans', 'bag', 300000],
        ['Stationery', 'Chalk', 'box', 'ten'],
        ['Stationery', 'Rice', 'box', 1],
      ]),
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().message).toBe('Failed to import Expense Items');
    expect(bad.json().data).toEqual({
      imported: 0,
      rejected: [
        { row: 3, errors: ['No expense category named Transport: add it first'] },
        { row: 4, errors: ['The school already has an item named Beans'] },
        { row: 5, errors: ['Unit cost must be a whole number of shillings'] },
        { row: 6, errors: ['The same name is on row 2 too'] },
      ],
    });
    expect((await s.api.get('/expense_items?search=Rice')).json().total).toBe(0);
    const good = await s.api.post('/import_expense_items', {
      filename: 'items.xlsx',
      data: await sheet([
        ['Food', 'Rice', 'bag', '180,000'],
        ['stationery', 'Chalk', 'box', ''],
      ]),
    });
    expect(good.json()).toMatchObject({ message: 'Expense Items Imported Successfully', data: { imported: 2 } });
    const items = (await s.api.get('/expense_items?per_page=50')).json().data as Json[];
    expect(
      items.filter((i) => ['Rice', 'Chalk'].includes(i.name)).map((i) => [i.name, i.category_id, i.unit_cost]),
    ).toEqual(
      expect.arrayContaining([
        ['Rice', x.food, 180_000],
        ['Chalk', x.stationery, 0],
      ]),
    );
  });
});
