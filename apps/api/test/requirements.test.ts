import { schoolSettings } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.js';
import { fillDemoRequirements } from '../src/modules/requirements/index.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

const t = useTestApp();

/**
 * A school now in term 2 of 2026 with S1's lists for terms 1 and 2, Sarah (day, joined in term 1) and
 * Brian (boarding, joined in term 1), and one S3 student.
 */
async function setUp(s: RegisterSchool) {
  const add = async (body: Json) => {
    const res = await s.api.post('/student/requirements', {
      class_id: s.classes.S1,
      section: 'all',
      entrants: 'all',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const t1 = { year: 2026, term: 1 };
  const t2 = { year: 2026, term: 2 };
  await add({ ...t1, name: 'Ream of paper', quantity: 2, money_value: 20_000 });
  await add({ ...t1, name: 'Broom', quantity: 1, money_value: 5_000 });
  await add({ ...t1, name: 'Hoe', quantity: 1 });
  await add({ ...t1, name: 'Mattress', quantity: 1, section: 'boarding', entrants: 'new' });
  const ream2 = await add({ ...t2, name: 'Ream of paper', quantity: 2, money_value: 20_000 });
  await add({ ...t2, name: 'Toilet paper', quantity: 6, money_value: 1_000 });
  await add({ ...t2, name: 'Mattress', quantity: 1, section: 'boarding', entrants: 'new' });
  const sarah = (await admit(s)).id as number;
  const brian = (await admit(s, { surname: 'Okello', other_names: 'Brian', gender: 'M', section: 'boarding' }))
    .id as number;
  const grace = (await admit(s, { surname: 'Atim', other_names: 'Grace', class_id: s.classes.S3, stream_id: null }))
    .id as number;
  // Term 1 ends: the school moves to term 2 (the students are enrolled there when first listed).
  await t.database.db
    .update(schoolSettings)
    .set({ currentYear: 2026, currentTerm: 2 })
    .where(eq(schoolSettings.schoolId, s.schoolId));
  return { sarah, brian, grace, ream2 };
}

const grid = async (s: RegisterSchool, body: Json) => {
  const res = await s.api.post('/get/student/requirements', { class_id: s.classes.S1, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};
const cellOf = (g: Json, studentId: number, key: string) =>
  (g.students as Json[]).find((x) => x.id === studentId)?.cells[key] as Json | undefined;

describe('students’ requirements', () => {
  let s: RegisterSchool;
  let x: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database, { year: 2026, term: 1 });
    x = await setUp(s);
  });

  it('gives each student their class and section’s list: a new boarder brings a mattress, a day scholar not', async () => {
    const g = await grid(s, { year: 2026, term: 1 });
    expect(g.items.map((i: Json) => i.name)).toEqual(['Ream of paper', 'Broom', 'Hoe', 'Mattress']);
    expect(cellOf(g, x.sarah, 'ream of paper')).toMatchObject({ carried: 0, required: 2, brought: 0, owed: 2 });
    expect(cellOf(g, x.sarah, 'mattress')).toBeUndefined();
    expect(cellOf(g, x.brian, 'mattress')).toMatchObject({ required: 1, owed: 1 });
    // Term 2: Brian is no longer a new entrant; the mattress he has not brought is carried as arrears.
    const g2 = await grid(s, { year: 2026, term: 2 });
    expect(cellOf(g2, x.brian, 'mattress')).toMatchObject({ carried: 1, required: 0, owed: 1 });
    // The S3 student is not on S1's grid.
    expect(g.students.map((st: Json) => st.id)).not.toContain(x.grace);
  });

  it('records partial collection and money paid instead; what is owed follows, and each change is audited', async () => {
    const res = await s.api.post('/save_student_requirement', {
      year: 2026,
      term: 1,
      cells: [
        { student_id: x.sarah, item: 'Ream of paper', brought: 1, paid: 0, version: null },
        { student_id: x.sarah, item: 'broom', brought: 0, paid: 5_000, version: null },
        { student_id: x.brian, item: 'Ream of paper', brought: 2, paid: 0, version: null },
        { student_id: x.brian, item: 'Hoe', brought: 1, paid: 0, version: null },
        { student_id: x.brian, item: 'Mattress', brought: 1, paid: 0, version: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().data;
    expect(out.cells[0]).toMatchObject({ key: 'ream of paper', cell: { required: 2, brought: 1, owed: 1 } });
    expect(out.cells[1].cell).toMatchObject({ paid: 5_000, paid_items: 1, owed: 0 });
    // The store's seam: what this save brought in, per item.
    expect(out.received).toEqual(
      expect.arrayContaining([
        { item: 'Ream of paper', quantity: 3, paid: 0 },
        { item: 'Broom', quantity: 0, paid: 5_000 },
        { item: 'Mattress', quantity: 1, paid: 0 },
      ]),
    );
    const rows = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, s.schoolId), eq(audits.entity, 'requirement_collections')));
    expect(rows.length).toBe(5);
    const g = await grid(s, { year: 2026, term: 1 });
    expect(cellOf(g, x.sarah, 'hoe')).toMatchObject({ required: 1, brought: 0, owed: 1 });
    expect(cellOf(g, x.brian, 'ream of paper')).toMatchObject({ owed: 0 });
  });

  it('carries what was not brought into the next term as arrears, and bringing it later clears it', async () => {
    let g = await grid(s, { year: 2026, term: 2 });
    // Sarah owes one ream and the hoe from term 1; term 2 adds two reams and six toilet papers.
    expect(cellOf(g, x.sarah, 'ream of paper')).toMatchObject({ carried: 1, required: 2, owed: 3 });
    expect(cellOf(g, x.sarah, 'hoe')).toMatchObject({ carried: 1, required: 0, owed: 1 });
    expect(cellOf(g, x.sarah, 'broom')).toBeUndefined();
    // This term's list first, then what students carry (Sarah's hoe, Brian's broom), by student.
    expect(g.items.map((i: Json) => i.name)).toEqual(['Ream of paper', 'Toilet paper', 'Mattress', 'Hoe', 'Broom']);

    let arrears = (await s.api.post('/view/prev_requirements', { year: 2026, term: 2 })).json();
    expect(arrears.data.filter((l: Json) => l.student_id === x.sarah)).toEqual([
      expect.objectContaining({ item: 'Ream of paper', carried: 1, cleared: 0, owed: 3 }),
      expect.objectContaining({ item: 'Hoe', carried: 1, cleared: 0, owed: 1 }),
    ]);
    expect(arrears.data.filter((l: Json) => l.student_id === x.brian)).toEqual([
      expect.objectContaining({ item: 'Broom', carried: 1, cleared: 0, owed: 1, money_value: 5_000 }),
    ]);

    // Term 2: three reams (the one owed and this term's two), four toilet papers, and the hoe.
    const save = await s.api.post('/save_student_requirement', {
      year: 2026,
      term: 2,
      cells: [
        { student_id: x.sarah, item: 'Ream of paper', brought: 3, version: null },
        { student_id: x.sarah, item: 'Toilet paper', brought: 4, version: null },
      ],
    });
    expect(save.statusCode, save.body).toBe(200);
    arrears = (await s.api.post('/view/prev_requirements', { year: 2026, term: 2 })).json();
    expect(arrears.data.filter((l: Json) => l.student_id === x.sarah)).toEqual([
      expect.objectContaining({ item: 'Ream of paper', carried: 1, cleared: 1, owed: 0 }),
      expect.objectContaining({ item: 'Hoe', carried: 1, cleared: 0, owed: 1 }),
    ]);
    const hoe = await s.api.post('/save_student_requirement', {
      year: 2026,
      term: 2,
      cells: [{ student_id: x.sarah, item: 'Hoe', brought: 1, version: null }],
    });
    expect(hoe.statusCode, hoe.body).toBe(200);
    g = await grid(s, { year: 2026, term: 2 });
    expect(cellOf(g, x.sarah, 'hoe')).toMatchObject({ carried: 1, brought: 1, owed: 0 });
    expect(cellOf(g, x.sarah, 'toilet paper')).toMatchObject({ required: 6, brought: 4, owed: 2 });

    // The student's own statement, term by term.
    const st = (await s.api.post('/get_student_requirement', { student_id: x.sarah })).json().data;
    expect(st.terms.map((tm: Json) => `${tm.year}/${tm.term}`)).toEqual(['2026/1', '2026/2']);
    expect(st.owed).toEqual([{ item: 'Toilet paper', quantity: 2, money_value: 1_000 }]);
  });

  it('takes arrears from before Somero (prev_requirements) into the first term', async () => {
    const made = await s.api.post('/prev_requirements', {
      student_id: x.brian,
      name: 'Hoe',
      quantity: 1,
      note: 'From the 2025 book',
    });
    expect(made.statusCode, made.body).toBe(200);
    const g = await grid(s, { year: 2026, term: 1 });
    expect(cellOf(g, x.brian, 'hoe')).toMatchObject({ carried: 1, required: 1, brought: 1, owed: 1 });
    const g2 = await grid(s, { year: 2026, term: 2 });
    expect(cellOf(g2, x.brian, 'hoe')).toMatchObject({ carried: 1, owed: 1 });
    // Corrected, then removed: the arrears go with it.
    expect((await s.api.put(`/prev_requirements/${made.json().data.id}`, { quantity: 2 })).statusCode).toBe(200);
    expect(cellOf(await grid(s, { year: 2026, term: 2 }), x.brian, 'hoe')).toMatchObject({ carried: 2, owed: 2 });
    expect((await s.api.del(`/prev_requirements/${made.json().data.id}`)).statusCode).toBe(200);
    expect(cellOf(await grid(s, { year: 2026, term: 2 }), x.brian, 'hoe')).toBeUndefined();
  });

  it('refuses bad input with field messages, a stale cell with 202, and lowering without a reason', async () => {
    const bad = async (body: Json, field: string) => {
      const res = await s.api.post('/save_student_requirement', { year: 2026, term: 2, ...body });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    const g = await grid(s, { year: 2026, term: 2 });
    const v = cellOf(g, x.sarah, 'toilet paper')!.version;
    await bad({ cells: [{ student_id: x.sarah, item: 'Toilet paper', brought: -1, version: v }] }, 'cells.0.brought');
    await bad({ cells: [{ student_id: x.sarah, item: 'Toilet paper', brought: 1.5, version: v }] }, 'cells.0.brought');
    await bad(
      { cells: [{ student_id: x.sarah, item: 'Toilet paper', brought: 4, paid: 1_500, version: v }] },
      'cells.0.paid',
    );
    await bad(
      { cells: [{ student_id: x.sarah, item: 'Hoe', brought: 1, paid: 15_000, version: null }] },
      'cells.0.paid',
    );
    await bad({ cells: [{ student_id: x.sarah, item: 'Cement', brought: 1, version: null }] }, 'cells.0.item');
    await bad({ cells: [] }, 'cells');
    await bad({ cells: [{ student_id: x.sarah, item: 'Toilet paper', brought: 2, version: v }] }, 'reason');
    expect((await s.api.post('/save_student_requirement', { year: 2026, term: 9, cells: [] })).statusCode).toBe(422);
    expect(
      (
        await s.api.post('/student/requirements', {
          year: 2026,
          term: 2,
          class_id: s.classes.S1,
          name: '',
          quantity: 0,
        })
      ).statusCode,
    ).toBe(422);

    // Money for the two toilet papers still owed, then a stale save of the same cell is refused.
    const ok = await s.api.post('/save_student_requirement', {
      year: 2026,
      term: 2,
      cells: [{ student_id: x.sarah, item: 'Toilet paper', brought: 4, paid: 2_000, version: v }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.cells[0].cell).toMatchObject({ paid_items: 2, owed: 0 });
    const stale = await s.api.post('/save_student_requirement', {
      year: 2026,
      term: 2,
      cells: [{ student_id: x.sarah, item: 'Toilet paper', brought: 6, version: v }],
    });
    expect(stale.statusCode).toBe(202);
    expect(stale.json().message).toContain('since you loaded it');
    // Lowering with a reason is kept in the audit row.
    const v2 = ok.json().data.cells[0].cell.version;
    const lower = await s.api.post('/save_student_requirement', {
      year: 2026,
      term: 2,
      reason: 'Counted twice',
      cells: [{ student_id: x.sarah, item: 'Toilet paper', brought: 3, paid: 2_000, version: v2 }],
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().data.cells[0].cell).toMatchObject({ brought: 3, owed: 1 });
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, s.schoolId), eq(audits.action, 'correct')));
    expect((audit?.after as Json | undefined)?.reason).toBe('Counted twice');
  });

  it('reports the term by student and item with totals; the spreadsheet reads back the same', async () => {
    const res = await s.api.post('/requirements_report', { year: 2026, term: 2, class_id: s.classes.S1 });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().totals;
    const ream = report.items.find((i: Json) => i.item === 'Ream of paper');
    // Sarah: 1 carried + 2 required, 3 brought; Brian: 2 required, none brought.
    expect(ream).toMatchObject({ carried: 1, required: 4, brought: 3, owed: 2, students: 2 });
    const toilet = report.items.find((i: Json) => i.item === 'Toilet paper');
    expect(toilet).toMatchObject({ required: 12, brought: 3, paid: 2_000, owed: 7 });
    const one = (
      await s.api.post('/requirements_report', { year: 2026, term: 2, student_id: x.sarah, item: 'hoe' })
    ).json();
    expect(one.data).toEqual([expect.objectContaining({ name: 'Nakato Sarah', item: 'Hoe', carried: 1, owed: 0 })]);

    for (const [url, body] of [
      ['/download_requirements_report', { year: 2026, term: 2, class_id: s.classes.S1 }],
      ['/requirements_report', { year: 2026, term: 2, class_id: s.classes.S1, format: 'xlsx' }],
    ] as const) {
      const file = await s.api.post(url, body);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('requirements.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      const values = sheet.getSheetValues().slice(1) as unknown[][];
      const header = values[0].slice(1);
      expect(header).toEqual([
        'Student',
        'Adm. No',
        'Class',
        'Item',
        'Arrears',
        'Required',
        'Brought',
        'Paid (UGX)',
        'Owed',
      ]);
      const total = values.find((r) => r?.[1] === 'Total: Ream of paper')!;
      expect(total.slice(5)).toEqual([1, 4, 3, 0, 2]);
      const toilets = values.filter((r) => r?.[4] === 'Toilet paper' && !String(r[1]).startsWith('Total'));
      expect(toilets.map((r) => [r[1], r[9]])).toEqual([
        ['Nakato Sarah', 1],
        ['Okello Brian', 6],
      ]);
    }
  });

  it('needs the flags: collect_requirements to record, view_requirements for lists, arrears and reports', async () => {
    const collector = client(t.app, (await staffWith(t.app, t.database, s, ['collect_requirements'])).token);
    const viewer = client(t.app, (await staffWith(t.app, t.database, s, ['view_requirements'])).token);
    const nobody = client(t.app, (await staffWith(t.app, t.database, s, ['view_students'])).token);
    const cells = [{ student_id: x.brian, item: 'Toilet paper', brought: 6, version: null }];
    expect((await viewer.post('/save_student_requirement', { year: 2026, term: 2, cells })).statusCode).toBe(403);
    const asViewer = await viewer.post('/get/student/requirements', { class_id: s.classes.S1 });
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json().data.editable).toBe(false);
    const asCollector = await collector.post('/get/student/requirements', { class_id: s.classes.S1 });
    expect(asCollector.json().data.editable).toBe(true);
    expect((await collector.post('/save_student_requirement', { year: 2026, term: 2, cells })).statusCode).toBe(200);
    expect((await collector.post('/requirements_report', { year: 2026, term: 2 })).statusCode).toBe(403);
    expect((await collector.post('/download_requirements_report', { year: 2026, term: 2 })).statusCode).toBe(403);
    expect((await collector.post('/view/prev_requirements', {})).statusCode).toBe(403);
    expect(
      (
        await collector.post('/student/requirements', {
          year: 2026,
          term: 3,
          class_id: s.classes.S1,
          name: 'Hoe',
          quantity: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await collector.post('/prev_requirements', { student_id: x.brian, name: 'Hoe', quantity: 1 })).statusCode,
    ).toBe(403);
    expect((await viewer.post('/requirements_report', { year: 2026, term: 2 })).statusCode).toBe(200);
    expect((await nobody.post('/get/student/requirements', { class_id: s.classes.S1 })).statusCode).toBe(403);
    expect((await nobody.post('/get_student_requirement', { student_id: x.sarah })).statusCode).toBe(403);
    expect((await nobody.get('/student/requirements')).statusCode).toBe(403);
  });

  it('does not reach another school’s students, classes or lists (404)', async () => {
    const other = await registerSchool(t.app, t.database);
    const stranger = (await admit(other)).id as number;
    const save = await s.api.post('/save_student_requirement', {
      year: 2026,
      term: 2,
      cells: [{ student_id: stranger, item: 'Toilet paper', brought: 1, version: null }],
    });
    expect(save.statusCode).toBe(404);
    expect((await s.api.post('/get_student_requirement', { student_id: stranger })).statusCode).toBe(404);
    expect((await s.api.post('/get/student/requirements', { class_id: other.classes.S1 })).statusCode).toBe(404);
    expect((await other.api.put(`/student/requirements/${x.ream2}`, { quantity: 9 })).statusCode).toBe(404);
    expect((await other.api.del(`/student/requirements/${x.ream2}`)).statusCode).toBe(404);
    expect(
      (await s.api.post('/requirements_report', { year: 2026, term: 2, class_id: other.classes.S1 })).statusCode,
    ).toBe(404);
  });

  it('keeps a list line its term’s collections record (202 with how many) until they are set to nothing', async () => {
    const lines = (await s.api.get('/student/requirements?year=2026&term=2&per_page=100')).json().data as Json[];
    const toilet = lines.find((l) => l.name === 'Toilet paper' && l.class_id === s.classes.S1)!.id as number;
    // Sarah (3 brought, UGX 2,000 paid) and Brian (6, by the collector) have toilet paper recorded in term 2.
    const refused = await s.api.del(`/student/requirements/${toilet}`);
    expect(refused.statusCode).toBe(202);
    expect(refused.json().message).toBe(
      'Requirement Toilet paper cannot be removed: 2 collections record it. Set them to nothing on the collection grid first.',
    );
    // S3's line of the same name has no collections of its own students: it goes.
    const s3 = await s.api.post('/student/requirements', {
      year: 2026,
      term: 2,
      class_id: s.classes.S3,
      section: 'all',
      entrants: 'all',
      name: 'toilet paper',
      quantity: 4,
    });
    expect(s3.statusCode, s3.body).toBe(200);
    expect((await s.api.del(`/student/requirements/${s3.json().data.id}`)).statusCode).toBe(200);
    // Both students' cells brought down to nothing (with a reason): the line can then be removed.
    const g = await grid(s, { year: 2026, term: 2 });
    const zero = await s.api.post('/save_student_requirement', {
      year: 2026,
      term: 2,
      reason: 'Recorded against the wrong list',
      cells: [x.sarah, x.brian].map((id) => ({
        student_id: id,
        item: 'Toilet paper',
        brought: 0,
        paid: 0,
        version: cellOf(g, id, 'toilet paper')!.version,
      })),
    });
    expect(zero.statusCode, zero.body).toBe(200);
    const removed = await s.api.del(`/student/requirements/${toilet}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('Requirement removed');
  });

  it('fills the demo school with last term’s and this term’s lists, collections and some arrears', async () => {
    const d = await registerSchool(t.app, t.database, { year: 2026, term: 1 });
    for (let i = 0; i < 12; i++) await admit(d, { surname: `Demo${i}`, section: i % 3 ? 'day' : 'boarding' });
    await t.database.db
      .update(schoolSettings)
      .set({ currentYear: 2026, currentTerm: 2 })
      .where(eq(schoolSettings.schoolId, d.schoolId));
    // The current term's enrolments exist once a screen has listed the class.
    expect((await d.api.post('/get/student/requirements', { class_id: d.classes.S1 })).statusCode).toBe(200);
    await fillDemoRequirements(t.database.db, d.schoolId, d.adminId);
    const lists = (await d.api.get('/student/requirements?per_page=200')).json();
    const s1 = lists.data.filter((l: Json) => l.class_id === d.classes.S1 && l.term === 2);
    expect(s1.find((l: Json) => l.name === 'Ream of paper')).toMatchObject({ quantity: 2, money_value: 20_000 });
    expect(s1.find((l: Json) => l.name === 'Mattress')).toMatchObject({ section: 'boarding', entrants: 'new' });
    const report = (await d.api.post('/requirements_report', { year: 2026, term: 2, per_page: 500 })).json();
    const ream = report.totals.items.find((i: Json) => i.item === 'Ream of paper');
    expect(ream.students).toBe(12);
    expect(ream.brought + ream.paid / 20_000).toBeGreaterThan(0);
    expect(report.data.some((l: Json) => l.carried > 0)).toBe(true);

    // Paged: the pages together are the whole term, in order, and the totals do not change with the page.
    const all = report.data as Json[];
    expect(report.total).toBe(all.length);
    expect(all.length).toBeGreaterThan(12);
    const pages: Json[] = [];
    let totals: Json | undefined;
    for (let page = 1; page <= Math.ceil(all.length / 10); page++) {
      const res = (await d.api.post('/requirements_report', { year: 2026, term: 2, page, per_page: 10 })).json();
      expect([res.page, res.per_page, res.total]).toEqual([page, 10, all.length]);
      expect(res.data.length).toBe(Math.min(10, all.length - (page - 1) * 10));
      if (totals) expect(res.totals).toEqual(totals);
      totals = res.totals;
      pages.push(...res.data);
    }
    expect(pages).toEqual(all);
    expect(totals).toEqual(report.totals);
    const owedOnPages = pages.filter((l) => l.item === 'Ream of paper').reduce((n, l) => n + Number(l.owed), 0);
    expect(ream.owed).toBe(owedOnPages);

    const arrears = (await d.api.post('/view/prev_requirements', { year: 2026, term: 2, per_page: 500 })).json();
    expect(arrears.total).toBeGreaterThan(1);
    const second = (await d.api.post('/view/prev_requirements', { year: 2026, term: 2, page: 2, per_page: 1 })).json();
    expect([second.total, second.data]).toEqual([arrears.total, [arrears.data[1]]]);
    const lines = arrears.data as Json[];
    expect(second.totals).toEqual({
      year: 2026,
      term: 2,
      students: new Set(lines.map((l) => l.student_id)).size,
      carried: lines.reduce((n, l) => n + Number(l.carried), 0),
      cleared: lines.reduce((n, l) => n + Number(l.cleared), 0),
      owed: lines.reduce((n, l) => n + Number(l.owed), 0),
      money_owed: lines.reduce((n, l) => n + Number(l.owed) * Number(l.money_value ?? 0), 0),
    });
    expect(second.totals.carried).toBeGreaterThan(0);
    // Paging numbers are checked like any list's.
    expect((await d.api.post('/view/prev_requirements', { page: 0 })).statusCode).toBe(422);
    expect((await d.api.post('/requirements_report', { year: 2026, term: 2, per_page: 501 })).statusCode).toBe(422);
    const opening = (await d.api.get('/prev_requirements?per_page=50')).json();
    expect(opening.total).toBeGreaterThan(0);
  });
});
