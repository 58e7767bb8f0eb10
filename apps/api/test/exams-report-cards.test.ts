import { feesAdditions, feesBreakdowns, feesCategories, students } from '@somero/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, classTerm, ok, people, s, setUpEndOfTerm, subjects, term, year } from './exams-term-fixture.js';
import { pdfPages } from './pdf-text.js';
import type { Json } from './students-fixtures.js';
import { bearer, staffWith, unique, useTestApp } from './support.js';

/**
 * Report cards as the Director of Studies prints them at the end of term. Every figure is worked by
 * hand from DOMAIN §1–3 and the default tables; marks are written straight into the tables.
 */
const t = useTestApp();
const cardOf = (cards: Json, id: number | undefined) => cards.cards.find((c: Json) => c.student.id === id);
const rowOf = (card: Json, subject: string) => card.rows.find((r: Json) => r.subject_id === subjects[subject]);
const db = () => t.database.db;

beforeAll(() => setUpEndOfTerm(t));

describe('O Level report cards (/exams/reports, old_reports)', () => {
  it("print each set's mark, the weighted mark and grade, the remark and the aggregate, division and place", async () => {
    const cards = await ok('old_reports', classTerm('S3'));
    expect(cards.title).toBe('O Level report card: S3 Term 3 2026');
    expect(cards.sets.map((x: Json) => [x.weight, x.max_mark])).toEqual([
      [40, 50],
      [60, 100],
    ]);
    const akello = cardOf(cards, people.Akello);
    // (40 × 80 + 60 × 84) ÷ 100 = 82.4: D1; the BOT mark prints as entered, out of 50.
    expect(rowOf(akello, 'English')).toMatchObject({
      marks: [40, 84],
      mark: 82.4,
      grade: 'D1',
      remark: 'A fluent reader.',
    });
    expect(akello.rows).toHaveLength(8);
    expect(akello.summary).toMatchObject({ aggregate: 8, division: 1, position: 1, out_of: 3 });
    expect(akello.comments).toMatchObject({ class_teacher: 'A model student.', head_teacher: 'Excellent.' });
    // Bbosa: 0.4 × 46 + 0.6 × 45 = 45.4, P8 in all eight: aggregate 64, a pass (Division 4), second.
    const bbosa = cardOf(cards, people.Bbosa);
    expect(rowOf(bbosa, 'Mathematics')).toMatchObject({ mark: 45.4, grade: 'P8' });
    expect(bbosa.summary).toMatchObject({ aggregate: 64, division: 4, position: 2 });
    // No comment written: the bank's for an aggregate of 64.
    expect(bbosa.comments.class_teacher).toBe('Work harder next term.');
    // No marks at all: listed, without a result or a place.
    expect(cardOf(cards, people.Cheptoo).summary).toMatchObject({ aggregate: null, division: null, position: null });
  });

  it("carry the student's LIN, conduct and values, and say which comments are still the bank's", async () => {
    await db()
      .update(students)
      .set({ lin: 'CM2026000111' })
      .where(eq(students.id, people.Akello as number));
    await ok('save_student_comment', { year, term, student_id: people.Akello, kind: 'conduct', comment: 'Polite.' });
    await ok('save_comment_new', { year, term, student_id: people.Nabirye, kind: 'values', comment: 'Honest.' });
    // Cheptoo has the class teacher's comment only; the head teacher's bank covers Bbosa's aggregate of 64.
    await ok('report_comments', {
      year,
      term,
      comments: [{ student_id: people.Cheptoo, class_teacher: 'Sit all.', head_teacher: null }],
    });
    await ok('system_comments', {
      scheme: 'olevel',
      author: 'head_teacher',
      from_value: 60,
      to_value: 72,
      comment: 'See me with your parent.',
    });
    const cards = await ok('old_reports', classTerm('S3'));
    const [akello, bbosa, cheptoo] = [people.Akello, people.Bbosa, people.Cheptoo].map((id) => cardOf(cards, id));
    expect(akello.student.lin).toBe('CM2026000111');
    expect(bbosa.student.lin).toBeNull();
    expect(akello.comments).toMatchObject({ conduct: 'Polite.', from_bank: false });
    expect(bbosa.comments).toMatchObject({
      class_teacher: 'Work harder next term.',
      head_teacher: 'See me with your parent.',
      conduct: null,
      from_bank: true,
    });
    expect(cheptoo.comments).toMatchObject({ class_teacher: 'Sit all.', from_bank: true });
    expect(cardOf(await ok('new_report', classTerm('S1')), people.Nabirye).comments.values).toBe('Honest.');
    // Neither balances printed nor cards withheld: no card carries a balance.
    await ok('report_settings', { withhold_when_owing: false, show_balance: false });
    try {
      expect((await ok('old_reports', classTerm('S3'))).cards.map((c: Json) => c.balance)).toEqual([null, null, null]);
    } finally {
      await ok('report_settings', { show_balance: true });
    }
  });

  it("add the class's average and the student's place in each subject on the detailed card", async () => {
    const cards = await ok('olan_vd_report', classTerm('S3'));
    expect(rowOf(cardOf(cards, people.Bbosa), 'English')).toMatchObject({ class_average: 63.9, subject_position: 2 });
    expect(rowOf(cardOf(cards, people.Akello), 'English')).toMatchObject({ subject_position: 1 });
  });

  it('withhold the cards of students owing above the threshold, listing them first for the bursar', async () => {
    const [category] = await db()
      .insert(feesCategories)
      .values({ schoolId: s.schoolId, name: unique('Tuition') })
      .returning();
    await db()
      .insert(feesBreakdowns)
      .values({
        schoolId: s.schoolId,
        categoryId: category?.id as number,
        classId: s.classes.S3 as number,
        year,
        term,
        amount: 300_000,
      });
    const mode = (
      await s.api.post('/payment_options', {
        name: unique('Cash'),
        kind: 'cash',
        opening_balance: 0,
        opening_on: '2026-01-01',
        active: true,
      })
    ).json().data.id;
    const paid = await s.api.post('/fees_payments', { student_id: people.Akello, amount: 250_000, mode_id: mode });
    expect(paid.statusCode, paid.body).toBe(200);
    await ok('report_settings', { withhold_when_owing: true, withhold_above: 100_000 });
    try {
      const cards = await ok('old_reports', classTerm('S3'));
      expect(cardOf(cards, people.Akello)).toMatchObject({ balance: 50_000, withheld: false });
      expect(cardOf(cards, people.Bbosa)).toMatchObject({ balance: 300_000, withheld: true });

      const res = await call('reports_updated', { ...classTerm('S3'), kind: 'old_reports' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('S3 Term 3 2026 report cards.pdf');
      const pages = await pdfPages(res.rawPayload);
      // The bursar's list, then a page per student.
      expect(pages).toHaveLength(4);
      expect(pages[0]).toContain('2 of 3 cards are withheld');
      expect(pages[0]).toContain('UGX 300,000');
      const akello = pages.find((p) => p.includes('Akello')) as string;
      expect(akello).toContain('Division 1');
      expect(akello).toContain('Aggregate: 8');
      expect(akello).toContain('Fees balance: UGX 50,000');
      const bbosa = pages.slice(1).find((p) => p.includes('Bbosa')) as string;
      expect(bbosa).toContain('REPORT WITHHELD');
      expect(bbosa).not.toContain('Aggregate');
      // Balances not printed: a card says none, except a withheld one, whose balance is the reason.
      await ok('report_settings', { show_balance: false });
      const quiet = await ok('old_reports', classTerm('S3'));
      expect(cardOf(quiet, people.Akello)).toMatchObject({ balance: null, withheld: false });
      expect(cardOf(quiet, people.Bbosa)).toMatchObject({ balance: 300_000, withheld: true });
    } finally {
      await ok('report_settings', { withhold_when_owing: false, show_balance: true });
    }
  });

  it('issue a card whose balance equals the threshold, withhold it one shilling above, issue it one below', async () => {
    // A charge of this test's own, so the balance is known whichever tests ran before.
    await db()
      .insert(feesAdditions)
      .values({
        schoolId: s.schoolId,
        studentId: people.Cheptoo as number,
        description: 'Remedial',
        amount: 75_000,
        year,
        term,
      });
    await ok('report_settings', { withhold_when_owing: false, show_balance: true });
    const owed = cardOf(await ok('old_reports', classTerm('S3')), people.Cheptoo).balance as number;
    expect(owed).toBeGreaterThanOrEqual(75_000);
    const withheldAt = async (threshold: number) => {
      await ok('report_settings', { withhold_when_owing: true, withhold_above: threshold });
      return cardOf(await ok('old_reports', classTerm('S3')), people.Cheptoo).withheld;
    };
    try {
      expect(await withheldAt(owed)).toBe(false);
      expect(await withheldAt(owed - 1)).toBe(true);
      expect(await withheldAt(owed + 1)).toBe(false);
    } finally {
      await ok('report_settings', { withhold_when_owing: false, withhold_above: 0 });
    }
  });

  it('print chosen students only, and refuse students of another class', async () => {
    const res = await call('reports_updated', {
      ...classTerm('S3'),
      kind: 'old_reports',
      student_ids: [people.Akello],
    });
    expect(res.statusCode).toBe(200);
    expect(await pdfPages(res.rawPayload)).toHaveLength(1);
    const wrong = await call('old_reports', classTerm('S3', { student_ids: [people.Nabirye] }));
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json().message).toBe('Some of the chosen students are not in S3 Term 3 2026.');
  });
});

describe('new-curriculum and A Level cards', () => {
  it('new curriculum: identifier, CA/20, exam/80, total and grade, the project, no ranking', async () => {
    const cards = await ok('new_report', classTerm('S1'));
    expect(cards.positions).toBe(false);
    const card = cardOf(cards, people.Nabirye);
    // AOI 2.5 and 3.0: average 2.75 → identifier 3; CA = 20 × 5.5 ÷ 6 = 18.33; exam 70 × 0.8 = 56; total 74.33 → B.
    expect(rowOf(card, 'NEnglish')).toMatchObject({
      competences: [
        { name: 'Listening and speaking', score: 2.5 },
        { name: 'Reading for meaning', score: 3 },
      ],
      aoi_average: 2.75,
      identifier: 3,
      ca20: 18.33,
      exam80: 56,
      mark: 74.33,
      grade: 'B',
    });
    expect(card.project).toMatchObject({ title: 'Liquid soap for the canteen', total: 11 });
    // One subject sat of the eight UNEB asks: Result 2 by the UCE rule, whatever the grade.
    expect(card.summary).toMatchObject({ average: 74.33, position: null, result: 2, aggregate: null });
  });

  it('A Level: principal grade and points, subsidiaries, total points and principal passes', async () => {
    const cards = await ok('alevel_reports', classTerm('S5'));
    expect(cards.points_max).toBe(20);
    const card = cardOf(cards, people.Mugisha);
    // Economics 72 (C3) in its one paper → B (a single paper's grade by its value), 5 points; History
    // and Geography have no marks.
    expect(rowOf(card, 'Economics')).toMatchObject({ kind: 'principal', grade: 'B', points: 5 });
    expect(rowOf(card, 'GP')).toMatchObject({ kind: 'subsidiary', grade: 'D2', points: 1 });
    expect(card.summary).toMatchObject({ points: 6, principal_passes: 1, position: 1, out_of: 1 });
    const pdf = await call('reports_updated', { ...classTerm('S5'), kind: 'alevel_reports' });
    const [page] = await pdfPages(pdf.rawPayload);
    expect(page).toContain('Points: 6 of 20');
    expect(page).toContain('Principal passes: 1');
  });

  it('refuse a class of another curriculum, and those without the flag of the scheme', async () => {
    const wrong = await call('old_reports', classTerm('S1'));
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json().message).toBe(
      'This class follows another curriculum: print its cards from New Curriculum Report Cards.',
    );
    const newOnly = (await staffWith(t.app, t.database, s, ['manage_report_cards20'])).token;
    expect((await call('old_reports', classTerm('S3'), newOnly)).statusCode).toBe(403);
    expect((await call('new_report', classTerm('S1'), newOnly)).statusCode).toBe(200);
    // One print call for every layout, but only the layouts of the caller's own screens.
    const printed = await call('reports_updated', { ...classTerm('S1'), kind: 'new_report' }, newOnly);
    expect(printed.statusCode, printed.body).toBe(200);
    const other = await call('reports_updated', { ...classTerm('S3'), kind: 'old_reports' }, newOnly);
    expect(other.statusCode).toBe(403);
    const noCards = (await staffWith(t.app, t.database, s, ['report_comments'])).token;
    expect((await call('reports_updated', { ...classTerm('S1'), kind: 'new_report' }, noCards)).statusCode).toBe(403);
  });
});

describe('continuous assessment for UNEB (/exams/ncdc/report)', () => {
  it("gives a sheet per subject with the LIN, AOI scores and CA/20, and the projects' sheet", async () => {
    const res = await call('ncdc_report', classTerm('S1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('S1 Term 3 2026 CA for UNEB.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['About', expect.stringMatching(/^112/), 'Projects']);
    const english = book.worksheets[1] as ExcelJS.Worksheet;
    expect((english.getRow(3).values as unknown[]).slice(1)).toEqual([
      'No.',
      'LIN',
      'Name',
      'Sex',
      'Stream',
      'Listening and speaking',
      'Reading for meaning',
      'CA /20',
      'Remark',
    ]);
    const row = (english.getRow(4).values as unknown[]).slice(1);
    expect(row[2]).toMatch(/^Nabirye/);
    // No LIN recorded: said on the row, and in the About sheet.
    expect([row[5], row[6], row[7], row[8]]).toEqual([2.5, 3, 18.33, 'No LIN']);
    expect(String(book.worksheets[0]?.getCell('A4').value)).toContain('1 learner has no LIN');
    const projects = ((book.getWorksheet('Projects') as ExcelJS.Worksheet).getRow(2).values as unknown[]).slice(1);
    expect(projects.slice(5)).toEqual(['Liquid soap for the canteen', 3, 4, 2, 2, 11]);
  });

  it('refuses an old-curriculum class', async () => {
    const res = await call('ncdc_report', classTerm('S3'));
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain('new-curriculum classes only');
  });
});

describe('the whole school', () => {
  it('prints as a job the user follows, with every class of the scheme in one PDF', async () => {
    const started = await ok('reports_updated', { year, term, kind: 'old_reports' });
    let job: Json = {};
    for (let i = 0; i < 300 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (
        await t.app.inject({ method: 'GET', url: `/api/jobs/${started.job_id}`, headers: bearer(s.adminToken) })
      ).json().data;
    }
    expect(job).toMatchObject({ status: 'done', message: '3 cards in 1 class.' });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${started.job_id}/file`,
      headers: bearer(s.adminToken),
    });
    expect(file.statusCode).toBe(200);
    expect(await pdfPages(file.rawPayload)).toHaveLength(3);
  });
});
