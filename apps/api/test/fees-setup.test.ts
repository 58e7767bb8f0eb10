import { feesPayments, paymentModes, schoolSettings } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSheet, writeSheet } from '../src/documents/spreadsheet.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { useTestApp } from './support.js';

const t = useTestApp();
let school: RegisterSchool;
let other: RegisterSchool;
const cat: Record<string, number> = {};
let bursaryCat: number;
let modeId: number;
let receipt = 0;

const setTerm = (s: RegisterSchool, year: number, term: number) =>
  t.database.db
    .update(schoolSettings)
    .set({ currentYear: year, currentTerm: term })
    .where(eq(schoolSettings.schoolId, s.schoolId));

async function line(year: number, term: number, cls: string, category: string, amount: number, more: Json = {}) {
  const res = await school.api.post('/fees_breakdowns', {
    year,
    term,
    class_id: school.classes[cls],
    category_id: cat[category],
    section: 'all',
    nationality: 'all',
    entrants: 'all',
    amount,
    ...more,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function pay(studentId: number, amount: number, year: number, term: number, extra: Json = {}) {
  receipt += 1;
  const [row] = await t.database.db
    .insert(feesPayments)
    .values({
      schoolId: school.schoolId,
      receiptNo: receipt,
      studentId,
      amount,
      modeId,
      paidOn: `${year}-0${term * 3}-1${receipt % 10}`,
      year,
      term,
      cashierName: 'Bursar',
      ...extra,
    })
    .returning();
  return row;
}

async function upload(rows: Json[], headers: string[]) {
  const sheet = await writeSheet(
    'Sheet',
    headers.map((header) => ({ header, key: header })),
    rows,
  );
  return { filename: 'file.xlsx', data: sheet.toString('base64') };
}

beforeAll(async () => {
  school = await registerSchool(t.app, t.database, { year: 2026, term: 1 });
  other = await registerSchool(t.app, t.database, { year: 2026, term: 1 });
  for (const [i, name] of ['Tuition', 'Development', 'Admission'].entries()) {
    const res = await school.api.post('/fees_categories', { name, rank: i + 1 });
    expect(res.statusCode, res.body).toBe(200);
    cat[name] = res.json().data.id;
  }
  bursaryCat = (await school.api.post('/bursary_categories', { name: 'Academic' })).json().data.id;
  const [mode] = await t.database.db
    .insert(paymentModes)
    .values({ schoolId: school.schoolId, name: 'Cash', openingOn: '2026-01-01' })
    .returning();
  modeId = mode.id;
  for (const term of [1, 2]) {
    await line(2026, term, 'S1', 'Tuition', 800_000, { section: 'boarding' });
    await line(2026, term, 'S1', 'Tuition', 500_000, { section: 'day' });
    await line(2026, term, 'S1', 'Development', 100_000);
    await line(2026, term, 'S1', 'Admission', 50_000, { entrants: 'new' });
  }
  await line(2026, 1, 'S2', 'Tuition', 900_000);
  await line(2026, 2, 'S2', 'Tuition', 900_000);
});

describe('fees structure', () => {
  it('lists lines with names and totals per class for a day and a boarding student', async () => {
    const list = (
      await school.api.post('/get_fees_breakdowns', { year: 2026, term: 1, class_id: school.classes.S1 })
    ).json();
    expect(list.data).toHaveLength(4);
    expect(list.data[0]).toMatchObject({ class_name: 'S1', category_name: 'Tuition' });
    const res = await school.api.post('/get_fees_structure', { year: 2026, term: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const s1 = res.json().data.classes.find((c: Json) => c.class_name === 'S1');
    expect(s1).toMatchObject({
      day_total: 600_000,
      boarding_total: 900_000,
      new_day_total: 650_000,
      new_boarding_total: 950_000,
    });
    expect(s1.categories.map((c: Json) => c.category_name)).toEqual(['Tuition', 'Development', 'Admission']);
  });

  it('copies a term to another once, and says so when the target has a structure', async () => {
    const res = await school.api.post('/copy_fees_structure', {
      from_year: 2026,
      from_term: 2,
      to_year: 2026,
      to_term: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.copied).toBe(5);
    const copy = (await school.api.post('/get_fees_breakdowns', { year: 2026, term: 3 })).json().data;
    expect(copy.map((r: Json) => r.amount).sort()).toEqual([100_000, 50_000, 500_000, 800_000, 900_000].sort());
    const again = await school.api.post('/copy_fees_structure', {
      from_year: 2026,
      from_term: 2,
      to_year: 2026,
      to_term: 3,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toContain('already has a fees structure');
    const empty = await school.api.post('/copy_fees_structure', {
      from_year: 2030,
      from_term: 1,
      to_year: 2030,
      to_term: 2,
    });
    expect(empty.statusCode).toBe(202);
  });
});

describe('the ledger worked by hand, through the API', () => {
  it('matches GET fees_ledger to the shilling, per term and overall', async () => {
    await setTerm(school, 2026, 1);
    const s = await admit(school, { section: 'boarding', surname: 'Ledger' });
    const id = s.id as number;
    expect((await school.api.post('/store_previous_debts', { student_id: id, amount: 150_000 })).json().message).toBe(
      'Changes Saved Successfully',
    );
    const add = await school.api.post('/fees_additions', {
      student_id: id,
      description: 'Trip',
      amount: 30_000,
      year: 2026,
      term: 1,
    });
    expect(add.statusCode, add.body).toBe(200);
    const ded = await school.api.post('/fees_deductions', {
      student_id: id,
      description: 'Sibling',
      amount: 20_000,
      year: 2026,
      term: 1,
    });
    expect(ded.statusCode, ded.body).toBe(200);
    const b = await school.api.post('/bursaries', {
      student_id: id,
      bursary_category_id: bursaryCat,
      kind: 'percent',
      percent: 50,
      category_id: cat.Tuition,
      start_year: 2026,
      start_term: 1,
      every_term: true,
    });
    expect(b.statusCode, b.body).toBe(200);
    await pay(id, 300_000, 2026, 1);
    await pay(id, 100_000, 2026, 1, { status: 'void', voidReason: 'Wrong student', voidedAt: new Date('2026-03-20') });
    await pay(id, 200_000, 2026, 1);

    let res = await school.api.get(`/fees_ledger/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    let l = res.json().data;
    expect(l.terms).toEqual([
      { year: 2026, term: 1, opening: 150_000, charged: 980_000, reduced: 420_000, paid: 500_000, closing: 210_000 },
    ]);
    expect(l.balance).toBe(210_000);
    expect(l.lines.filter((x: Json) => x.kind === 'reversal')).toEqual([
      expect.objectContaining({ amount: 100_000, date: '2026-03-20' }),
    ]);
    expect(l.lines[1]).toMatchObject({ kind: 'charge', date: expect.stringMatching(/^2026-0[12]-/) });

    // Promoted to S2 in term 2: term 1 still charges S1; term 2 charges S2 (900,000, 50% bursary 450,000).
    await setTerm(school, 2026, 2);
    const moved = await school.api.put(`/students/${id}`, {
      class_id: school.classes.S2,
      stream_id: school.streams['S2 East'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    res = await school.api.get(`/fees_ledger/${id}`);
    l = res.json().data;
    expect(l.terms[0].closing).toBe(210_000);
    expect(l.terms[1]).toEqual({
      year: 2026,
      term: 2,
      opening: 210_000,
      charged: 900_000,
      reduced: 450_000,
      paid: 0,
      closing: 660_000,
    });
    expect(l.balance).toBe(660_000);

    const pdf = await school.api.post('/print_ledger', { student_id: id, year: 2026, term: 1 });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const full = await school.api.get(`/full_fees_ledger/${id}`);
    expect(full.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Removing the bursary now ends it at term 2: term 1 keeps its 400,000.
    const del = await school.api.del(`/bursaries/${b.json().data.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toEqual({ removed: false, end_year: 2026, end_term: 2 });
    await setTerm(school, 2026, 3);
    l = (await school.api.get(`/fees_ledger/${id}`)).json().data;
    expect(l.terms.map((x: Json) => x.reduced)).toEqual([420_000, 450_000, 0]);
    const view = (await school.api.post('/view_bursaries', { student_id: id })).json();
    expect(view.data[0]).toMatchObject({
      student_name: expect.stringContaining('Ledger'),
      active: 'Term 1 2026 – Term 2 2026',
    });
    await setTerm(school, 2026, 1);

    // Another school sees none of it.
    expect((await other.api.get(`/fees_ledger/${id}`)).statusCode).toBe(404);
    expect((await other.api.del(`/bursaries/${b.json().data.id}`)).statusCode).toBe(404);
    expect((await other.api.post('/print_ledger', { student_id: id })).statusCode).toBe(404);
  });

  it('a bursary not yet applied is removed; validation of fixed and percentage bursaries', async () => {
    const s = await admit(school, { surname: 'Bursary' });
    const base = { student_id: s.id, bursary_category_id: bursaryCat, start_year: 2026, start_term: 1 };
    expect((await school.api.post('/bursaries', { ...base, kind: 'fixed', amount: 0 })).statusCode).toBe(422);
    expect((await school.api.post('/bursaries', { ...base, kind: 'percent', percent: 0 })).statusCode).toBe(422);
    const ok = await school.api.post('/bursaries', { ...base, kind: 'fixed', amount: 100_000 });
    expect(ok.statusCode, ok.body).toBe(200);
    const del = await school.api.del(`/bursaries/${ok.json().data.id}`);
    expect(del.json().data.removed).toBe(true);
    expect(
      (await school.api.post('/bursaries', { ...base, student_id: 999999, kind: 'fixed', amount: 5 })).statusCode,
    ).toBe(422);
  });
});

describe('imports and previous debts', () => {
  it('imports additions all or nothing, with reasons per row', async () => {
    const a = await admit(school, { surname: 'Import' });
    const headers = ['Admission No', 'Description', 'Amount', 'Year', 'Term', 'Category'];
    const bad = await school.api.post(
      '/import_fees_additions',
      await upload(
        [
          { 'Admission No': a.admission_no, Description: 'Bus', Amount: 40000, Year: 2026, Term: 1 },
          { 'Admission No': 'NOPE/1', Description: 'Bus', Amount: -5, Year: 2026, Term: 4 },
        ],
        headers,
      ),
    );
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json().data.imported).toBe(0);
    expect(bad.json().data.rejected).toEqual([
      { row: 3, errors: expect.arrayContaining([expect.stringContaining('NOPE/1')]) },
    ]);
    expect((await school.api.post('/get_fees_additions', { student_id: a.id })).json().total).toBe(0);
    const good = await school.api.post(
      '/import_fees_additions',
      await upload(
        [
          {
            'Admission No': a.admission_no,
            Description: 'Bus',
            Amount: '40,000',
            Year: 2026,
            Term: 1,
            Category: 'tuition',
          },
        ],
        headers,
      ),
    );
    expect(good.json()).toMatchObject({ message: 'Fees Additions Imported Successfully', data: { imported: 1 } });
    const list = (await school.api.post('/get_fees_additions', { student_id: a.id })).json();
    expect(list.data).toEqual([
      expect.objectContaining({
        amount: 40_000,
        category_name: 'Tuition',
        student_name: expect.stringContaining('Import'),
      }),
    ]);

    const ded = await school.api.post(
      '/import_fees_deductions',
      await upload(
        [{ 'Admission No': a.admission_no, Description: 'Staff child', Amount: 10000, Year: 2026, Term: 1 }],
        headers.slice(0, 5),
      ),
    );
    expect(ded.json()).toMatchObject({ message: 'Fees Deductions Imported Successfully', data: { imported: 1 } });
    expect(
      (await school.api.post('/get_fees_deductions', { year: 2026, term: 1, student_id: a.id })).json().data,
    ).toHaveLength(1);

    const bal = await school.api.post(
      '/import_balances',
      await upload(
        [
          { 'Admission No': a.admission_no, Amount: 70000 },
          { 'Admission No': a.admission_no, Amount: 1 },
        ],
        ['Admission No', 'Amount'],
      ),
    );
    expect(bal.json().data.imported).toBe(0);
    const bal2 = await school.api.post(
      '/import_balances',
      await upload([{ 'Admission No': a.admission_no, Amount: 70000 }], ['Admission No', 'Amount']),
    );
    expect(bal2.json().message).toBe('Previous Balances Imported Successfully');
    const debts = (await school.api.post('/previous_debts', { search: 'Import' })).json();
    expect(debts.data).toEqual([expect.objectContaining({ student_id: a.id, amount: 70_000 })]);
  });

  it('saves a class grid at once; 0 removes a balance', async () => {
    const x = await admit(school, { class_id: school.classes.S3, stream_id: school.streams['S3 East'] });
    const y = await admit(school, { class_id: school.classes.S3, stream_id: school.streams['S3 East'] });
    const grid = (await school.api.post('/previous_debts', { class_id: school.classes.S3 })).json();
    expect(grid.data.map((r: Json) => r.amount)).toEqual([0, 0]);
    const saved = await school.api.post('/bulksave_previous_debts', {
      debts: [
        { student_id: x.id, amount: 10_000 },
        { student_id: y.id, amount: -5_000 },
      ],
    });
    expect(saved.json()).toMatchObject({ message: 'Changes Saved Successfully', data: { saved: 2 } });
    await school.api.post('/bulksave_previous_debts', { debts: [{ student_id: x.id, amount: 0 }] });
    const after = (
      await school.api.post('/previous_debts', { class_id: school.classes.S3, with_balance: true })
    ).json();
    expect(after.data).toEqual([expect.objectContaining({ student_id: y.id, amount: -5_000 })]);
    const refused = await other.api.post('/bulksave_previous_debts', { debts: [{ student_id: x.id, amount: 1 }] });
    expect(refused.statusCode).toBe(422);
  });
});

describe('forms with an empty value for a column that has a default', () => {
  it('adds a category or a payment mode with the default, and an edit leaves the value as it was', async () => {
    const added = await school.api.post('/fees_categories', { name: 'Library', code: null, rank: null });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ message: 'Category added Successfully', data: { rank: 0 } });
    const id = added.json().data.id;
    expect((await school.api.put(`/fees_categories/${id}`, { rank: 4 })).json().data.rank).toBe(4);
    const edited = await school.api.put(`/fees_categories/${id}`, { name: 'Library fee', rank: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Library fee', rank: 4 });
    const mode = await school.api.post('/payment_options', {
      name: 'Centenary Bank',
      kind: 'bank',
      opening_balance: null,
      opening_on: '2026-01-01',
    });
    expect(mode.statusCode, mode.body).toBe(200);
    expect(mode.json().data).toMatchObject({ opening_balance: 0, active: true });
  });
});

describe('import templates and the bursary list', () => {
  it('serves a template for each import: the columns to fill, the example on the Notes sheet', async () => {
    const imports = [
      ['/fees_additions_template', 'fees-additions-import.xlsx', 'category'],
      ['/fees_deductions_template', 'fees-deductions-import.xlsx', 'description'],
      ['/previous_balances_template', 'previous-balances-import.xlsx', 'note'],
    ] as const;
    for (const [template, file, column] of imports) {
      const res = await school.api.get(template);
      expect(res.statusCode, template).toBe(200);
      expect(res.headers['content-disposition']).toContain(file);
      const sheet = await readSheet(res.rawPayload);
      expect(sheet.headers).toEqual(expect.arrayContaining(['admission_no', 'amount', column]));
      // Nothing to import until the school fills it (import-templates.test.ts covers the imports).
      expect(sheet.rows).toHaveLength(0);
    }
  });

  it('answers GET bursaries with the same rows as POST view_bursaries, filters in the query', async () => {
    const s = await admit(school, { surname: 'Listed' });
    const made = await school.api.post('/bursaries', {
      student_id: s.id,
      bursary_category_id: bursaryCat,
      kind: 'percent',
      percent: 25,
      start_year: 2026,
      start_term: 1,
      every_term: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const viewed = (await school.api.post('/view_bursaries', { student_id: s.id })).json();
    const listed = (await school.api.get(`/bursaries?student_id=${s.id}&per_page=10`)).json();
    expect(listed).toEqual({ ...viewed, per_page: 10 });
    expect(listed.data).toEqual([
      expect.objectContaining({
        student_name: expect.stringContaining('Listed'),
        percent: 25,
        active: 'Term 1 2026 onwards',
      }),
    ]);
    expect((await school.api.get(`/bursaries?kind=fixed&student_id=${s.id}`)).json().total).toBe(0);
    expect((await other.api.get(`/bursaries?student_id=${s.id}`)).json().total).toBe(0);
  });
});
