import { assetCalls, journalEntries, journalLines } from '@somero/contract';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
import { SchoolScope } from '../src/core/scope.js';
import { trialBalance } from '../src/modules/journal/index.js';
import { pdfPages } from './pdf-text.js';
import { client, type Json } from './students-fixtures.js';
import { newSchool, staffWith, type TestSchool, useTestApp } from './support.js';

/** Assets (issue 12 §5): declarations, purchases posted to the journal, tags, the register and labels. */
const t = useTestApp();
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' }).format(now());

type Api = ReturnType<typeof client>;

/** A school's asset set-up: two locations, two categories with an item each, a cash mode, a supplier. */
async function setUp(api: Api) {
  const post = async (url: string, body: object) => {
    const res = await api.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const hall = await post('/asset_locations', { name: 'Main hall' });
  const lab = await post('/asset_locations', { name: 'Computer laboratory' });
  const furniture = await post('/asset_categories', { name: 'Furniture', code: 'FURN', depreciation_rate: 25 });
  const computers = await post('/asset_categories', { name: 'Computers', code: 'COMP', depreciation_rate: 33 });
  const chair = await post('/asset_items', { name: 'Plastic chair', category_id: furniture });
  const desktop = await post('/asset_items', { name: 'Desktop computer', category_id: computers });
  const cash = await post('/payment_options', {
    name: 'Cash',
    kind: 'cash',
    opening_balance: 0,
    opening_on: '2026-01-01',
  });
  const supplier = await post('/suppliers', { name: 'Kampala Computer World' });
  return { hall, lab, furniture, computers, chair, desktop, cash, supplier };
}

describe('assets', () => {
  let s: TestSchool;
  let api: Api;
  let x: Awaited<ReturnType<typeof setUp>>;
  let scope: SchoolScope;
  let chairs: number;
  let desktops: number;

  /** Each account's balance on its normal side, and the sums of all debits and credits. */
  const ledger = async () => {
    const rows = await trialBalance(scope);
    const balance = (key: string) => rows.find((r) => r.key === key)?.balance ?? 0;
    return {
      fixedAssets: balance('fixed_assets'),
      cash: balance(`mode:${x.cash}`),
      payable: balance('suppliers_payable'),
      debits: rows.reduce((n, r) => n + r.debit, 0),
      credits: rows.reduce((n, r) => n + r.credit, 0),
    };
  };
  /** A purchase's journal entries, oldest first, each with its lines as "account debit credit". */
  const entriesOf = async (id: number) => {
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.schoolId, s.schoolId),
          eq(journalEntries.sourceKind, 'asset_purchase'),
          eq(journalEntries.sourceId, id),
        ),
      )
      .orderBy(asc(journalEntries.id));
    const out = [];
    for (const e of entries) {
      const lines = await t.database.db
        .select({ debit: journalLines.debit, credit: journalLines.credit })
        .from(journalLines)
        .where(and(eq(journalLines.schoolId, s.schoolId), eq(journalLines.entryId, e.id)));
      out.push({
        date: e.date,
        reverses: e.reverses,
        debit: lines.reduce((n, l) => n + l.debit, 0),
        credit: lines.reduce((n, l) => n + l.credit, 0),
      });
    }
    return out;
  };

  beforeAll(async () => {
    s = await newSchool(t.app, t.database, 'Kampala High School');
    api = client(t.app, s.adminToken);
    x = await setUp(api);
    scope = new SchoolScope(t.database.db, s.schoolId, { userId: s.adminId, name: 'Head Administrator' });
  });

  it('keeps the tag code and depreciation rate a category is given, and refuses a rate above 100%', async () => {
    const list = (await api.get('/asset_categories')).json().data as Json[];
    expect(list.map((c) => [c.name, c.code, c.depreciation_rate])).toEqual([
      ['Computers', 'COMP', 33],
      ['Furniture', 'FURN', 25],
    ]);
    const bad = await api.post('/asset_categories', { name: 'Vehicles', code: 'VEH', depreciation_rate: 120 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.depreciation_rate).toBeTruthy();
    const twice = await api.post('/asset_categories', { name: 'Chairs', code: 'furn', depreciation_rate: 10 });
    expect(twice.statusCode).toBe(202);
  });

  it('a purchase paid from a mode posts Dr fixed assets, Cr the mode, and tags each unit', async () => {
    const res = await api.post('/asset_purchases', {
      item_id: x.chair,
      quantity: 10,
      unit_cost: 150_000,
      purchased_on: '2026-01-10',
      location_id: x.hall,
      condition: 'new',
      mode_id: x.cash,
      reference: 'INV-77',
    });
    expect(res.statusCode, res.body).toBe(200);
    chairs = res.json().data.id;
    expect(res.json().data).toMatchObject({
      item_name: 'Plastic chair',
      category_name: 'Furniture',
      amount: 1_500_000,
      on_credit: false,
      mode_name: 'Cash',
      location_name: 'Main hall',
      status: 'valid',
    });
    expect(await entriesOf(chairs)).toEqual([
      { date: '2026-01-10', reverses: null, debit: 1_500_000, credit: 1_500_000 },
    ]);
    const l = await ledger();
    expect(l).toMatchObject({ fixedAssets: 1_500_000, cash: -1_500_000, payable: 0 });
    expect(l.debits).toBe(l.credits);

    const labels = (await api.get(`/asset_labels/${chairs}`)).json().data;
    expect(labels.assets.map((a: Json) => a.tag)).toEqual(
      Array.from({ length: 10 }, (_, i) => `KHS/FURN/${String(i + 1).padStart(4, '0')}`),
    );
    expect(labels.assets[0]).toMatchObject({ location_name: 'Main hall', condition: 'new', cost: 150_000 });
  });

  it('a purchase on credit posts Dr fixed assets, Cr suppliers payable', async () => {
    const res = await api.post('/asset_purchases', {
      item_id: x.desktop,
      quantity: 2,
      unit_cost: 2_400_000,
      purchased_on: '2026-02-01',
      location_id: x.lab,
      on_credit: true,
      supplier_id: x.supplier,
    });
    expect(res.statusCode, res.body).toBe(200);
    desktops = res.json().data.id;
    expect(res.json().data).toMatchObject({ on_credit: true, mode_id: null, supplier_name: 'Kampala Computer World' });
    const l = await ledger();
    expect(l).toMatchObject({ fixedAssets: 6_300_000, cash: -1_500_000, payable: 4_800_000 });
    expect(l.debits).toBe(l.credits);
    const tags = (await api.get(`/view_assets?purchase_id=${desktops}`)).json().data.map((a: Json) => a.tag);
    expect(tags).toEqual(['KHS/COMP/0001', 'KHS/COMP/0002']);
  });

  it('refuses bad input with field messages, and a refusal posts nothing', async () => {
    const base = { item_id: x.chair, quantity: 1, unit_cost: 10_000, location_id: x.hall, mode_id: x.cash };
    const before = await ledger();
    const check = async (body: Json, status: number, field?: string) => {
      const res = await api.post('/asset_purchases', body);
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(res.json().errors[field], res.body).toBeTruthy();
      return res.json().message as string;
    };
    await check({ ...base, quantity: 0 }, 422, 'quantity');
    await check({ ...base, unit_cost: 1.5 }, 422, 'unit_cost');
    await check({ ...base, condition: 'shiny' }, 422, 'condition');
    await check({ ...base, mode_id: undefined }, 422, 'mode_id');
    await check({ ...base, mode_id: undefined, on_credit: true }, 422, 'supplier_id');
    expect(await check({ ...base, unit_cost: 0 }, 202)).toMatch(/above zero/);
    expect(await check({ ...base, purchased_on: '2099-01-01' }, 202)).toMatch(/future/);
    expect(await ledger()).toEqual(before);
    expect((await api.get('/asset_purchases')).json().total).toBe(2);
  });

  it('a change reverses the old posting today and posts the new one, with its reason; fewer units void the last tags', async () => {
    const body = {
      item_id: x.chair,
      quantity: 8,
      unit_cost: 160_000,
      purchased_on: '2026-01-10',
      location_id: x.hall,
      mode_id: x.cash,
    };
    expect((await api.put(`/asset_purchases/${chairs}`, body)).statusCode).toBe(422);
    const res = await api.put(`/asset_purchases/${chairs}`, { ...body, reason: 'Two chairs were returned' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 1_280_000, quantity: 8, amend_reason: 'Two chairs were returned' });
    const [change] = (await api.get(`/asset_purchase_amendments/${chairs}`)).json().data;
    expect(change).toMatchObject({
      reason: 'Two chairs were returned',
      before: { quantity: 10, amount: 1_500_000 },
      after: { quantity: 8, amount: 1_280_000 },
    });
    const entries = await entriesOf(chairs);
    expect(entries.map((e) => [e.date, e.reverses === null, e.debit])).toEqual([
      ['2026-01-10', true, 1_500_000],
      [today(), false, 1_500_000],
      // Posted again on the day of the change: January keeps the figures it was reported with.
      [today(), true, 1_280_000],
    ]);
    const l = await ledger();
    expect(l).toMatchObject({ fixedAssets: 6_080_000, cash: -1_280_000, payable: 4_800_000 });
    expect(l.debits).toBe(l.credits);
    const live = (await api.get(`/asset_labels/${chairs}`)).json().data.assets.map((a: Json) => a.tag);
    expect(live).toHaveLength(8);
    expect(live.at(-1)).toBe('KHS/FURN/0008');
    const voided = (await api.get(`/view_assets?purchase_id=${chairs}&status=void`)).json().data;
    expect(voided.map((a: Json) => a.tag)).toEqual(['KHS/FURN/0009', 'KHS/FURN/0010']);
    // Moving to another category would leave the tags wrong: refused.
    const moved = await api.put(`/asset_purchases/${chairs}`, { ...body, item_id: x.desktop, reason: 'Wrong item' });
    expect(moved.statusCode).toBe(202);
  });

  it('a void reverses the posting today, with its reason, and takes its assets off the register', async () => {
    expect((await api.del(`/asset_purchases/${desktops}`)).statusCode).toBe(422);
    const res = await api.del(`/asset_purchases/${desktops}?reason=${encodeURIComponent('Supplier took them back')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'void', void_reason: 'Supplier took them back' });
    expect((await entriesOf(desktops)).map((e) => [e.date, e.credit])).toEqual([
      ['2026-02-01', 4_800_000],
      [today(), 4_800_000],
    ]);
    const l = await ledger();
    expect(l).toMatchObject({ fixedAssets: 1_280_000, cash: -1_280_000, payable: 0 });
    expect(l.debits).toBe(l.credits);
    expect((await api.del(`/asset_purchases/${desktops}?reason=Again`)).statusCode).toBe(409);
    const list = (await api.get('/asset_purchases')).json();
    expect(list.totals).toEqual({ count: 1, quantity: 8, amount: 1_280_000 });
    const viewed = (await api.post('/view_asset_purchases', { status: 'void' })).json();
    expect(viewed.data.map((p: Json) => p.id)).toEqual([desktops]);
  });

  it('the register gives each asset its straight-line book value as at a day', async () => {
    // 160,000 at 25% a year for 7 months: 23,333.33 → 23,333; book value 136,667.
    const reg = (await api.get('/view_asset_register?as_at=2026-08-10')).json().data;
    expect(reg.rows).toHaveLength(8);
    expect(reg.rows[0]).toMatchObject({
      tag: 'KHS/FURN/0001',
      location_name: 'Main hall',
      cost: 160_000,
      purchased_on: '2026-01-10',
      depreciation_rate: 25,
      months: 7,
      accumulated_depreciation: 23_333,
      book_value: 136_667,
    });
    expect(reg.totals).toEqual({
      count: 8,
      cost: 1_280_000,
      accumulated_depreciation: 186_664,
      book_value: 1_093_336,
    });
    // Before the purchase nothing is held; the voided computers never show.
    expect((await api.get('/view_asset_register?as_at=2026-01-09')).json().data.totals.count).toBe(0);
    // Four years on the chairs are written down to nothing, never below.
    const later = (await api.get(`/view_asset_register?as_at=2030-06-01`)).json().data.totals;
    expect(later).toMatchObject({ cost: 1_280_000, accumulated_depreciation: 1_280_000, book_value: 0 });

    const sheet = await api.get('/view_asset_register?as_at=2026-08-10&format=xlsx');
    expect(sheet.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]!.getSheetValues().flat().map(String);
    expect(values).toContain('KHS/FURN/0008');
    expect(values).toContain('1093336');
  });

  it('moves an asset and writes one off with a reason; the register keeps it until that day', async () => {
    const [first, second] = (await api.get(`/asset_labels/${chairs}`)).json().data.assets as Json[];
    const moved = await api.put(`/asset_labels/${first!.id}`, { location_id: x.lab, condition: 'fair' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ location_name: 'Computer laboratory', condition: 'fair' });
    const inLab = (await api.get(`/view_assets?location_id=${x.lab}`)).json().data.map((a: Json) => a.tag);
    expect(inLab).toEqual(['KHS/FURN/0001']);

    expect((await api.del(`/asset_labels/${second!.id}`)).statusCode).toBe(422);
    const off = await api.del(`/asset_labels/${second!.id}?reason=Broken%20beyond%20repair&disposed_on=2026-05-01`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ status: 'disposed', dispose_reason: 'Broken beyond repair' });
    expect((await api.get('/view_asset_register?as_at=2026-04-30')).json().data.totals.count).toBe(8);
    expect((await api.get('/view_asset_register?as_at=2026-05-01')).json().data.totals.count).toBe(7);
    expect((await api.del(`/asset_labels/${second!.id}?reason=Again`)).statusCode).toBe(409);
  });

  it('prints a sheet of stickers with the school, each tag and the item', async () => {
    const res = await api.post('/asset_labels', { purchase_id: chairs });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    const [page] = await pdfPages(res.rawPayload);
    expect(page).toContain('KAMPALA HIGH SCHOOL');
    expect(page).toContain('KHS/FURN/0001');
    expect(page).toContain('KHS/FURN/0008');
    expect(page).toContain('Plastic chair');
    const labels = (await api.get(`/asset_labels/${chairs}`)).json().data.assets as Json[];
    const one = await api.post('/asset_labels', { purchase_id: chairs, asset_ids: [labels[2]!.id] });
    const [only] = await pdfPages(one.rawPayload);
    expect(only).toContain('KHS/FURN/0003');
    expect(only).not.toContain('KHS/FURN/0001');
    expect((await api.post('/asset_labels', { purchase_id: desktops })).statusCode).toBe(202);
  });

  it('another school sees none of it, and its ids are not found here', async () => {
    const other = await newSchool(t.app, t.database);
    const them = client(t.app, other.adminToken);
    expect((await them.get('/asset_purchases')).json().total).toBe(0);
    expect((await them.get('/view_assets')).json().total).toBe(0);
    expect((await them.get('/asset_locations')).json().data).toEqual([]);
    expect((await them.get('/view_asset_register')).json().data.totals.count).toBe(0);
    expect((await them.get(`/asset_labels/${chairs}`)).statusCode).toBe(404);
    expect((await them.post('/asset_labels', { purchase_id: chairs })).statusCode).toBe(404);
    expect((await them.del(`/asset_purchases/${chairs}?reason=Not%20ours`)).statusCode).toBe(404);
    const theirs = await setUp(them);
    // Our purchase with their item, location and mode: not found, not changed.
    const put = await them.put(`/asset_purchases/${chairs}`, {
      item_id: theirs.chair,
      quantity: 1,
      unit_cost: 1,
      location_id: theirs.hall,
      mode_id: theirs.cash,
      reason: 'Mine now',
    });
    expect(put.statusCode).toBe(404);
    // Their item, location or mode in our purchase: not found.
    const base = { item_id: x.chair, quantity: 1, unit_cost: 10_000, location_id: x.hall, mode_id: x.cash };
    expect((await api.post('/asset_purchases', { ...base, item_id: theirs.chair })).statusCode).toBe(404);
    expect((await api.post('/asset_purchases', { ...base, location_id: theirs.hall })).statusCode).toBe(404);
    expect((await api.post('/asset_purchases', { ...base, mode_id: theirs.cash })).statusCode).toBe(404);
    const [asset] = (await api.get(`/asset_labels/${chairs}`)).json().data.assets as Json[];
    expect(
      (await them.put(`/asset_labels/${asset!.id}`, { location_id: theirs.hall, condition: 'poor' })).statusCode,
    ).toBe(404);
    expect((await them.del(`/asset_labels/${asset!.id}?reason=Gone`)).statusCode).toBe(404);
    expect((await them.put(`/asset_categories/${x.furniture}`, { depreciation_rate: 0 })).statusCode).toBe(404);
  });

  it('a user without the assets flag (administrators only) is refused every asset call', async () => {
    const bursar = client(
      t.app,
      (await staffWith(t.app, t.database, s, ['add_expenses', 'view_expenses', 'view_suppliers'])).token,
    );
    for (const [method, url] of [
      ['get', '/asset_locations'],
      ['get', '/asset_categories'],
      ['get', '/asset_items'],
      ['get', '/asset_purchases'],
      ['get', '/view_assets'],
      ['get', '/view_asset_register'],
      ['get', `/asset_labels/${chairs}`],
    ] as const)
      expect((await bursar[method](url)).statusCode, url).toBe(403);
    expect((await bursar.post('/asset_locations', { name: 'Store' })).statusCode).toBe(403);
    expect((await bursar.post('/view_asset_purchases', {})).statusCode).toBe(403);
    expect((await bursar.post('/asset_labels', { purchase_id: chairs })).statusCode).toBe(403);
    const buy = { item_id: x.chair, quantity: 1, unit_cost: 10_000, location_id: x.hall, mode_id: x.cash };
    expect((await bursar.post('/asset_purchases', buy)).statusCode).toBe(403);
    expect((await bursar.del(`/asset_purchases/${chairs}?reason=No%20right`)).statusCode).toBe(403);
    expect((await api.get('/asset_purchases')).json().totals.count).toBe(1);
  });

  it('serves every asset call of the contract', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = assetCalls.filter((c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});
