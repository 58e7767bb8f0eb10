import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchoolScope } from '../src/core/scope.js';
import { audits } from '../src/db/schema.js';
import { fillDemoStore, receiveStock } from '../src/modules/store/index.js';
import { runningBalances, toHundredths } from '../src/modules/store/rules.js';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

const t = useTestApp();
const day = '2026-03-02';

/** A school's store: an item in kg and one in bars, two modes, a supplier and a department. */
async function setUp(school: RegisterSchool) {
  const post = async (url: string, body: object) => {
    const res = await school.api.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  // A new school starts with the common units.
  const units = (await school.api.get('/units?per_page=100')).json().data as Json[];
  expect(units.map((u) => u.name)).toEqual(expect.arrayContaining(['Kilograms', 'Litres', 'Reams', 'Pieces', 'Bags']));
  const kg = units.find((u) => u.name === 'Kilograms')!.id as number;
  const bar = units.find((u) => u.name === 'Bars')!.id as number;
  const beans = await post('/store_items', { name: unique('Beans '), unit_id: kg, reorder_level: 50 });
  const soap = await post('/store_items', { name: unique('Bar soap '), unit_id: bar, reorder_level: 40 });
  const cash = await post('/payment_options', {
    name: 'Cash',
    kind: 'cash',
    opening_balance: 2_000_000,
    opening_on: '2026-01-01',
  });
  const supplier = await post('/suppliers', { name: unique('Nakasero Wholesalers '), phone: '0772 000111' });
  const kitchen = await post('/departments', { name: unique('Catering ') });
  return { kg, bar, beans, soap, cash, supplier, kitchen };
}

const log = async (api: RegisterSchool['api'], id: number) => {
  const res = await api.post('/item_logs', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { item: Json; lines: Json[] };
};

describe('the store', () => {
  let s: RegisterSchool;
  let x: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    x = await setUp(s);
  });

  it('receives, issues and loses stock with running balances and values at weighted average cost', async () => {
    const paid = await s.api.post('/add_store_stock', {
      item_id: x.beans,
      quantity: 100,
      unit_cost: 3_000,
      received_on: day,
      supplier_id: x.supplier,
      payment: 'mode',
      mode_id: x.cash,
      reference: 'INV-77',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({
      kind: 'receipt',
      quantity: 100,
      value: 300_000,
      balance_after: 100,
      mode_name: 'Cash',
    });
    const credit = await s.api.post('/add_store_stock', {
      item_id: x.beans,
      quantity: 50,
      unit_cost: 4_500,
      received_on: day,
      supplier_id: x.supplier,
      payment: 'credit',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().data).toMatchObject({
      on_credit: true,
      value: 225_000,
      balance_after: 150,
      value_after: 525_000,
    });

    const issue = await s.api.post('/give_out_item', {
      item_id: x.beans,
      quantity: 30,
      issued_to: 'kitchen',
      issued_on: day,
    });
    expect(issue.statusCode, issue.body).toBe(200);
    // The average is 525,000 / 150 = 3,500 a kg.
    expect(issue.json().data).toMatchObject({ kind: 'issue', quantity: -30, value: -105_000, balance_after: 120 });
    const loss = await s.api.post('/add_store_loss', {
      item_id: x.beans,
      quantity: 2.5,
      loss_kind: 'spoilt',
      reason: 'Weevils in the sack',
      lost_on: day,
    });
    expect(loss.statusCode, loss.body).toBe(200);
    expect(loss.json().data).toMatchObject({
      kind: 'loss',
      quantity: -2.5,
      value: -8_750,
      balance_after: 117.5,
      loss_kind: 'spoilt',
    });

    const { item, lines } = await log(s.api, x.beans);
    expect(item).toMatchObject({
      balance: 117.5,
      value: 411_250,
      average_cost: 3_500,
      below_reorder: false,
      unit: 'kg',
    });
    expect(lines.map((l) => [l.kind, l.quantity, l.balance_after, l.value_after])).toEqual([
      ['receipt', 100, 100, 300_000],
      ['receipt', 50, 150, 525_000],
      ['issue', -30, 120, 420_000],
      ['loss', -2.5, 117.5, 411_250],
    ]);
    const levels = (await s.api.get('/store_level')).json().data;
    expect(levels.items.find((i: Json) => i.id === x.soap)).toMatchObject({
      balance: 0,
      value: 0,
      below_reorder: true,
    });
    expect(levels.total_value).toBe(411_250);
    expect(levels.below_count).toBe(1);

    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(
        and(
          eq(audits.schoolId, s.schoolId),
          eq(audits.entity, 'store_movements'),
          eq(audits.entityId, issue.json().data.id),
        ),
      );
    expect(audit?.action).toBe('create');
  });

  it('records a purchase paid from a mode as an expense the mode statement shows, and one on credit as owed', async () => {
    const statement = (await s.api.get(`/payment_options/${x.cash}?from=2026-03-01&to=2026-03-31`)).json().data;
    expect(statement.lines).toEqual([
      expect.objectContaining({ kind: 'expense', money_out: 300_000, reference: 'INV-77' }),
    ]);
    expect(statement.closing_balance).toBe(2_000_000 - 300_000);
    const spent = (await s.api.get('/expenses?from=2026-03-01&to=2026-03-31')).json();
    expect(spent.totals).toEqual({ count: 2, amount: 525_000 });
    const lines = (spent.data as Json[]).flatMap((e) => e.lines);
    expect(lines.map((l) => [l.category_name, l.quantity, l.unit_cost])).toEqual(
      expect.arrayContaining([
        ['Store purchases', 100, 3_000],
        ['Store purchases', 50, 4_500],
      ]),
    );
    const owed = (spent.data as Json[]).find((e) => e.on_credit);
    expect(owed).toMatchObject({ total: 225_000, mode_id: null });
  });

  it('refuses an issue or a loss of more than is held with 202 and the balance, and changes nothing', async () => {
    const res = await s.api.post('/give_out_item', { item_id: x.beans, quantity: 200, issued_to: 'kitchen' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ balance: 117.5 });
    expect(res.json().message).toMatch(/Only 117\.5 kg of Beans .* is in store, not enough to issue 200 kg/);
    const lost = await s.api.post('/add_store_loss', {
      item_id: x.beans,
      quantity: 117.51,
      loss_kind: 'stolen',
      reason: 'Night theft',
    });
    expect(lost.statusCode).toBe(202);
    expect(lost.json().balance).toBe(117.5);
    const empty = await s.api.post('/give_out_item', {
      item_id: x.soap,
      quantity: 1,
      issued_to: 'person',
      person: 'Matron',
    });
    expect(empty.statusCode).toBe(202);
    expect(empty.json().balance).toBe(0);
    expect((await log(s.api, x.beans)).item.balance).toBe(117.5);
  });

  it('refuses bad input with field messages', async () => {
    const bad = async (url: string, body: Json, field: string) => {
      const res = await s.api.post(url, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    await bad('/give_out_item', { item_id: x.beans, quantity: 1.234, issued_to: 'kitchen' }, 'quantity');
    await bad('/give_out_item', { item_id: x.beans, quantity: -1, issued_to: 'kitchen' }, 'quantity');
    await bad('/give_out_item', { item_id: x.beans, quantity: 1 }, 'issued_to');
    await bad('/add_store_loss', { item_id: x.beans, quantity: 1, loss_kind: 'spoilt' }, 'reason');
    await bad('/add_store_stock', { item_id: x.beans, quantity: 1, unit_cost: 12.5 }, 'unit_cost');
    const person = await s.api.post('/give_out_item', { item_id: x.beans, quantity: 1, issued_to: 'person' });
    expect(person.statusCode).toBe(202);
    expect(person.json().message).toMatch(/name of the person/);
    const future = await s.api.post('/give_out_item', {
      item_id: x.beans,
      quantity: 1,
      issued_to: 'kitchen',
      issued_on: '2099-01-01',
    });
    expect(future.statusCode).toBe(202);
  });

  it('corrects by reversal with a reason, never in place; no running balance goes below zero', async () => {
    const soapIn = await s.api.post('/add_store_stock', {
      item_id: x.soap,
      quantity: 40,
      unit_cost: 3_500,
      source: 'donation',
    });
    expect(soapIn.statusCode, soapIn.body).toBe(200);
    const out = await s.api.post('/give_out_item', {
      item_id: x.soap,
      quantity: 30,
      issued_to: 'department',
      department_id: x.kitchen,
    });
    expect(out.json().data).toMatchObject({ balance_after: 10, department_name: expect.stringMatching(/^Catering/) });
    // The receipt was 40, not 60: the new receipt goes in first, then the old one is reversed.
    const fixed = await s.api.put(`/edit_store_log/${soapIn.json().data.id}`, {
      quantity: 60,
      reason: 'Counted again: 60 bars',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    let { item, lines } = await log(s.api, x.soap);
    expect(lines.map((l) => [l.kind, l.quantity, l.balance_after, l.status])).toEqual([
      ['receipt', 40, 40, 'reversed'],
      ['issue', -30, 10, 'valid'],
      ['receipt', 60, 70, 'valid'],
      ['reversal', -40, 30, 'valid'],
    ]);
    expect(lines[0]).toMatchObject({
      replaced_by: lines[2].id,
      reversed_by: lines[3].id,
      reason: 'Counted again: 60 bars',
    });
    expect(item).toMatchObject({ balance: 30, value: 105_000 });
    // Reversing the issue puts the 30 back at the value it took.
    const undone = await s.api.post('/delete_store_log', { id: out.json().data.id, reason: 'Issued twice by mistake' });
    expect(undone.statusCode, undone.body).toBe(200);
    ({ item, lines } = await log(s.api, x.soap));
    expect(item).toMatchObject({ balance: 60, value: 210_000 });
    expect(lines.every((l) => l.balance_after >= 0)).toBe(true);
    // Already reversed, or a reversal itself: refused.
    expect((await s.api.post('/delete_store_log', { id: out.json().data.id, reason: 'Again' })).statusCode).toBe(409);
    expect((await s.api.post('/delete_store_log', { id: lines.at(-1)!.id, reason: 'Undo' })).statusCode).toBe(409);
    // Issue 50, then reversing the 60 received would leave −50: refused with the balance.
    const big = await s.api.post('/give_out_item', { item_id: x.soap, quantity: 50, issued_to: 'kitchen' });
    expect(big.statusCode, big.body).toBe(200);
    const refused = await s.api.post('/delete_store_log', { id: lines[2].id, reason: 'Wrong item' });
    expect(refused.statusCode).toBe(202);
    expect(refused.json()).toMatchObject({ balance: 10 });
    expect(refused.json().message).toMatch(
      /^Only 10 bars of Bar soap .* are in store: this correction would take out more than is there\.$/,
    );
    // An issue corrected upwards past what is held is refused too, and nothing changes.
    const tooMuch = await s.api.put(`/edit_store_log/${big.json().data.id}`, { quantity: 70, reason: 'Was 70' });
    expect(tooMuch.statusCode).toBe(202);
    expect(tooMuch.json().balance).toBe(60);
    expect((await log(s.api, x.soap)).item.balance).toBe(10);
  });

  it('reversing a paid receipt voids its expense: the mode statement gives the money back', async () => {
    const before = (await s.api.get(`/payment_options/${x.cash}`)).json().data.closing_balance;
    const rec = await s.api.post('/add_store_stock', {
      item_id: x.soap,
      quantity: 10,
      unit_cost: 4_000,
      payment: 'mode',
      mode_id: x.cash,
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json().data.expense_id).toBeGreaterThan(0);
    expect((await s.api.get(`/payment_options/${x.cash}`)).json().data.closing_balance).toBe(before - 40_000);
    const undone = await s.api.post('/delete_store_log', {
      id: rec.json().data.id,
      reason: 'Returned to the supplier',
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await s.api.get(`/payment_options/${x.cash}`)).json().data.closing_balance).toBe(before);
    const expense = (await s.api.get('/expenses?status=void'))
      .json()
      .data.find((e: Json) => e.id === rec.json().data.expense_id);
    expect(expense).toMatchObject({ status: 'void', void_reason: expect.stringMatching(/Returned to the supplier/) });
  });

  it('correcting a purchase records a new expense in place of the voided one; a paid credit is refused', async () => {
    const before = (await s.api.get(`/payment_options/${x.cash}`)).json().data.closing_balance;
    const rec = await s.api.post('/add_store_stock', {
      item_id: x.beans,
      quantity: 10,
      unit_cost: 5_000,
      payment: 'mode',
      mode_id: x.cash,
    });
    expect(rec.statusCode, rec.body).toBe(200);
    const fixed = await s.api.put(`/edit_store_log/${rec.json().data.id}`, {
      unit_cost: 4_000,
      reason: 'Invoice said 4,000',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ kind: 'receipt', quantity: 10, value: 40_000, mode_name: 'Cash' });
    expect(fixed.json().data.expense_id).not.toBe(rec.json().data.expense_id);
    expect((await s.api.get(`/payment_options/${x.cash}`)).json().data.closing_balance).toBe(before - 40_000);
    const old = (await s.api.get('/expenses?status=void'))
      .json()
      .data.find((e: Json) => e.id === rec.json().data.expense_id);
    expect(old.void_reason).toMatch(/Invoice said 4,000/);
    // Undo it, so the figures of the other tests stay.
    expect(
      (await s.api.post('/delete_store_log', { id: fixed.json().data.id, reason: 'Not delivered' })).statusCode,
    ).toBe(200);
    expect((await s.api.get(`/payment_options/${x.cash}`)).json().data.closing_balance).toBe(before);

    // A credit the bursar has paid cannot be reversed from the store.
    const credit = await s.api.post('/add_store_stock', {
      item_id: x.beans,
      quantity: 1,
      unit_cost: 4_000,
      payment: 'credit',
      supplier_id: x.supplier,
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const cleared = await s.api.post('/clear_credit', { expense_id: credit.json().data.expense_id, mode_id: x.cash });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const refused = await s.api.post('/delete_store_log', { id: credit.json().data.id, reason: 'Wrong supplier' });
    expect(refused.statusCode).toBe(202);
    expect(refused.json().message).toMatch(/supplier was paid .* correct it in Expenses/);
  });

  it('lists issued items and losses with totals of the valid ones', async () => {
    const issued = (await s.api.post('/view_issued', { item_id: x.soap })).json();
    expect(issued.total).toBe(2);
    expect(issued.totals).toEqual({ count: 1, value: 175_000 });
    const byDept = (await s.api.post('/view_issued', { department_id: x.kitchen })).json();
    expect(byDept.data.map((r: Json) => r.status)).toEqual(['reversed']);
    const losses = (await s.api.post('/view_store_losses', {})).json();
    expect(losses.data.map((r: Json) => [r.loss_kind, r.quantity, r.note])).toEqual([
      ['spoilt', -2.5, 'Weevils in the sack'],
    ]);
    expect(losses.totals).toEqual({ count: 1, value: 8_750 });
  });

  it('never overdraws under concurrent issues: the item row is locked', async () => {
    const item = (await s.api.post('/store_items', { name: unique('Sugar '), unit_id: x.kg })).json().data.id;
    await s.api.post('/add_store_stock', { item_id: item, quantity: 30, unit_cost: 4_500 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.api.post('/give_out_item', { item_id: item, quantity: 10, issued_to: 'kitchen' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(3);
    const { item: level, lines } = await log(s.api, item);
    expect(level).toMatchObject({ balance: 0, value: 0 });
    expect(lines.map((l) => l.balance_after)).toEqual([30, 20, 10, 0]);
  });

  it('receives what students bring through the public face, at no cost and with no expense', async () => {
    const scope = new SchoolScope(t.database.db, s.schoolId, { userId: null, name: 'Requirements' });
    const brooms = (await s.api.post('/store_items', { name: unique('Brooms '), unit_id: x.kg })).json().data.id;
    const made = await scope.transaction((tx) =>
      receiveStock(tx, { itemId: brooms, quantity: 12, source: 'requirements', note: 'S1 East requirements' }),
    );
    expect(made).toMatchObject({ kind: 'receipt', quantity: 1_200, value: 0, expenseId: null, source: 'requirements' });
    const { item, lines } = await log(s.api, brooms);
    expect(item).toMatchObject({ balance: 12, value: 0, average_cost: 0 });
    expect(lines[0]).toMatchObject({
      source: 'requirements',
      note: 'S1 East requirements',
      recorded_by: 'Requirements',
    });
  });

  it('lets each flag do only its own part (403 otherwise)', async () => {
    const as = async (flags: Parameters<typeof staffWith>[3]) =>
      client(t.app, (await staffWith(t.app, t.database, s, flags)).token);
    const units = await as(['view_units']);
    expect((await units.post('/units', { name: unique('Crates '), short: 'crt' })).statusCode).toBe(200);
    expect((await units.post('/store_items', { name: unique('X '), unit_id: x.kg })).statusCode).toBe(403);
    expect((await units.get('/store_level')).statusCode).toBe(403);

    const items = await as(['view_store_items']);
    expect((await items.post('/store_items', { name: unique('Chalk '), unit_id: x.kg })).statusCode).toBe(200);
    expect((await items.post('/units', { name: unique('Tins ') })).statusCode).toBe(403);
    expect((await items.get('/units')).statusCode).toBe(200);
    expect((await items.post('/add_store_stock', { item_id: x.beans, quantity: 1 })).statusCode).toBe(403);

    const keeper = await as(['view_store_stock']);
    expect((await keeper.get('/store_level')).statusCode).toBe(200);
    expect((await keeper.post('/item_logs', { id: x.beans })).statusCode).toBe(200);
    expect((await keeper.get('/store_choices')).statusCode).toBe(200);
    expect(
      (await keeper.post('/give_out_item', { item_id: x.beans, quantity: 1, issued_to: 'kitchen' })).statusCode,
    ).toBe(403);
    expect(
      (await keeper.post('/add_store_loss', { item_id: x.beans, quantity: 1, loss_kind: 'spoilt', reason: 'Rot' }))
        .statusCode,
    ).toBe(403);
    expect((await keeper.post('/view_issued', {})).statusCode).toBe(403);
    expect((await keeper.post('/store_items', { name: unique('Y '), unit_id: x.kg })).statusCode).toBe(403);

    const giver = await as(['view_stock_given']);
    expect(
      (await giver.post('/give_out_item', { item_id: x.beans, quantity: 1, issued_to: 'kitchen' })).statusCode,
    ).toBe(200);
    expect((await giver.post('/view_issued', {})).statusCode).toBe(200);
    expect((await giver.post('/add_store_stock', { item_id: x.beans, quantity: 1 })).statusCode).toBe(403);
    expect((await giver.post('/delete_store_log', { id: 1, reason: 'Mistake' })).statusCode).toBe(403);
    expect((await giver.get('/store_level')).statusCode).toBe(403);

    const losses = await as(['view_store_loss']);
    expect(
      (
        await losses.post('/add_store_loss', {
          item_id: x.beans,
          quantity: 1,
          loss_kind: 'expired',
          reason: 'Past date',
        })
      ).statusCode,
    ).toBe(200);
    expect((await losses.post('/view_store_losses', {})).statusCode).toBe(200);
    expect((await losses.post('/view_issued', {})).statusCode).toBe(403);
    expect((await losses.put('/edit_store_log/1', { reason: 'Mistake' })).statusCode).toBe(403);

    const nobody = await as(['view_revenues']);
    expect((await nobody.get('/store_items')).statusCode).toBe(403);
    expect((await nobody.get('/store_choices')).statusCode).toBe(403);
  });

  it("another school's items and movements are not found (404) and stay unchanged", async () => {
    const other = await registerSchool(t.app, t.database);
    const movement = (await log(s.api, x.beans)).lines[0].id;
    const before = (await log(s.api, x.beans)).item;
    expect(
      (await other.api.post('/give_out_item', { item_id: x.beans, quantity: 1, issued_to: 'kitchen' })).statusCode,
    ).toBe(404);
    expect((await other.api.post('/add_store_stock', { item_id: x.beans, quantity: 1 })).statusCode).toBe(404);
    expect(
      (await other.api.post('/add_store_loss', { item_id: x.beans, quantity: 1, loss_kind: 'spoilt', reason: 'Rot' }))
        .statusCode,
    ).toBe(404);
    expect((await other.api.post('/item_logs', { id: x.beans })).statusCode).toBe(404);
    expect((await other.api.post('/delete_store_log', { id: movement, reason: 'Mistake' })).statusCode).toBe(404);
    expect((await other.api.put(`/edit_store_log/${movement}`, { quantity: 1, reason: 'Mistake' })).statusCode).toBe(
      404,
    );
    const theirs = (await other.api.get('/units?per_page=100')).json().data[0].id;
    const item = (await other.api.post('/store_items', { name: 'Rice', unit_id: theirs })).json().data.id;
    expect(
      (await s.api.post('/add_store_stock', { item_id: item, quantity: 1, supplier_id: x.supplier })).statusCode,
    ).toBe(404);
    expect(
      (await other.api.post('/add_store_stock', { item_id: item, quantity: 1, supplier_id: x.supplier })).statusCode,
    ).toBe(404);
    expect(
      (
        await other.api.post('/add_store_stock', {
          item_id: item,
          quantity: 1,
          payment: 'mode',
          mode_id: x.cash,
          unit_cost: 100,
        })
      ).statusCode,
    ).toBe(404);
    expect((await log(s.api, x.beans)).item).toEqual(before);
  });

  it('fills a demo store whose logs replay to their balances, one item below its reorder level', async () => {
    const demo = await registerSchool(t.app, t.database);
    for (const [name, kind] of [
      ['Cash', 'cash'],
      ['Stanbic Bank', 'bank'],
    ])
      await demo.api.post('/payment_options', { name, kind, opening_balance: 20_000_000, opening_on: '2026-01-01' });
    await demo.api.post('/suppliers', { name: 'Nakasero Wholesalers' });
    await demo.api.post('/departments', { name: 'Sciences' });
    await fillDemoStore(t.database.db, demo.schoolId, demo.adminId);
    const levels = (await demo.api.get('/store_level')).json().data;
    expect(levels.items).toHaveLength(12);
    expect(levels.items.filter((i: Json) => i.below_reorder).map((i: Json) => i.name)).toEqual(['Paraffin']);
    for (const item of levels.items as Json[]) {
      const { lines } = await log(demo.api, item.id);
      const replay = runningBalances(lines.map((l) => ({ quantity: toHundredths(l.quantity), value: l.value })));
      expect(
        replay.map((r) => r.balance / 100),
        item.name,
      ).toEqual(lines.map((l) => l.balance_after));
      expect(
        replay.map((r) => r.value),
        item.name,
      ).toEqual(lines.map((l) => l.value_after));
      expect(replay.at(-1)).toEqual({ balance: toHundredths(item.balance), value: item.value });
    }
    expect((await demo.api.post('/view_store_losses', {})).json().total).toBe(2);
    // Food bought on credit and from the bank, the rest for cash: all of it in Store purchases or Food.
    const spent = (await demo.api.get('/expenses?per_page=100')).json();
    expect(spent.total).toBe(20);
    expect((spent.data as Json[]).filter((e) => e.on_credit)).toHaveLength(6);
  });
});
