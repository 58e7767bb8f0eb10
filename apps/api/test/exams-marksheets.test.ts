import {
  aoiScores,
  classes,
  combinations,
  competences,
  consideredPapers,
  consideredSets,
  examMarks,
  gradingTables,
  studentSubjects,
  students,
} from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, newSchool, staffWith, unique, useTestApp } from './support.js';

/**
 * Marksheets as the Director of Studies checks them: every expectation below is worked by hand from
 * DOMAIN §1–3 and the school's default tables. Marks are written straight into the tables (marks entry
 * is another area's work).
 */
const t = useTestApp();
let s: RegisterSchool;
const year = 2026;
const term = 3;
const ids: Record<string, number> = {};

const post = (path: string, body: Json, token = s.adminToken) =>
  t.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(token), payload: body });
const ok = async (path: string, body: Json) => {
  const res = await post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};

async function subject(code: string, name: string, level: string, group = 'other', compulsory = true) {
  const res = await post('subjects', {
    code: unique(code),
    name: unique(name),
    level,
    subject_group: group,
    compulsory,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
async function paper(subjectId: number, number: number) {
  return (await ok('papers', { subject_id: subjectId, number, name: `Paper ${number}` })).id as number;
}
const db = () => t.database.db;
async function marks(setId: number, rows: [student: number, subject: number, paper: number | null, mark: number][]) {
  await db()
    .insert(examMarks)
    .values(
      rows.map(([studentId, subjectId, paperId, mark]) => ({
        schoolId: s.schoolId,
        examSetId: setId,
        studentId,
        subjectId,
        paperId,
        mark,
      })),
    );
}
async function consider(classId: number, weights: [setId: number, weight: number][]) {
  await db()
    .insert(consideredSets)
    .values(weights.map(([examSetId, weight]) => ({ schoolId: s.schoolId, year, term, classId, examSetId, weight })));
}
async function policy(rows: Json) {
  await db()
    .delete(gradingTables)
    .where(and(eq(gradingTables.schoolId, s.schoolId), eq(gradingTables.kind, 'policy')));
  await db().insert(gradingTables).values({ schoolId: s.schoolId, kind: 'policy', rows });
}
const classTerm = (cls: string, extra: Json = {}) => ({ year, term, class_id: s.classes[cls], ...extra });

beforeAll(async () => {
  s = await registerSchool(t.app, t.database, { year, term });
  // S3 follows the old O-Level curriculum in this school; S1 the new one; S5 A-Level.
  await db()
    .update(classes)
    .set({ curriculum: 'old' })
    .where(eq(classes.id, s.classes.S3 as number));
  for (const [name, max] of [
    ['BOT', 50],
    ['MOT', 100],
    ['EOT', 100],
  ] as const) {
    ids[name] = (await ok('exam_sets', { name: unique(name), year, term, max_mark: max, curriculum: 'all' })).id;
  }
});

describe('O-Level marksheet', () => {
  // Subjects graded by every default band: MATH 84 D1, PHY 78 D2, CHEM 72 C3, BIO 66 C4, HIST 62 C5,
  // GEOG 56 C6, CRE 46 P8, ART 30 F9 (in all three sets, so the same under both policies).
  const plan: [code: string, group: string, mark: number][] = [
    ['456', 'mathematics', 84],
    ['535', 'science', 78],
    ['545', 'science', 72],
    ['553', 'science', 66],
    ['241', 'humanity', 62],
    ['273', 'humanity', 56],
    ['223', 'humanity', 46],
  ];
  const people: Record<string, number> = {};
  let english: number;
  const subjects: { id: number; mark: number }[] = [];

  beforeAll(async () => {
    english = await subject('112', 'English', 'olevel', 'english');
    for (const [code, group, mark] of plan)
      subjects.push({ id: await subject(code, `S${code}`, 'olevel', group), mark });
    const art = await subject('610', 'Art', 'olevel', 'practical', false);
    for (const name of ['Akello', 'Bbosa', 'Cheptoo', 'Dembe']) {
      people[name] = (await admit(s, { surname: name, class_id: s.classes.S3, stream_id: s.streams['S3 East'] })).id;
    }
    const { Akello, Bbosa, Dembe } = people as Record<string, number>;
    await db()
      .insert(studentSubjects)
      .values([Akello, Bbosa, Dembe].map((studentId) => ({ schoolId: s.schoolId, studentId, subjectId: art })));
    for (const set of ['BOT', 'MOT', 'EOT']) {
      const out = (m: number) => (set === 'BOT' ? m / 2 : m);
      await marks(
        ids[set] as number,
        [Akello, Bbosa, Dembe].flatMap((st) => [
          ...subjects.map((x) => [st, x.id, null, out(x.mark)] as [number, number, null, number]),
          [st, art, null, out(30)] as [number, number, null, number],
        ]),
      );
    }
    // English: BOT 40/50 (80 %), MOT not entered, EOT 70; Bbosa has no English mark at all.
    await marks(ids.BOT as number, [
      [Akello, english, null, 40],
      [Dembe, english, null, 40],
    ]);
    await marks(ids.EOT as number, [
      [Akello, english, null, 70],
      [Dembe, english, null, 70],
    ]);
    await consider(s.classes.S3 as number, [
      [ids.BOT as number, 20],
      [ids.MOT as number, 30],
      [ids.EOT as number, 50],
    ]);
  });

  const row = (sheet: Json, id: number | undefined) => sheet.students.find((x: Json) => x.id === id);
  const englishOf = (sheet: Json, id: number | undefined) =>
    row(sheet, id).results[sheet.subjects.findIndex((x: Json) => x.id === english)];

  it('weights the sets sat, adds the best 8 and applies the whole UNEB rule', async () => {
    const sheet = await ok('oLevel_marksheet', classTerm('S3'));
    expect(sheet.title).toBe('S3 Term 3 2026');
    expect(sheet.missing_marks).toBe('exclude');
    // (20 × 80 + 50 × 70) ÷ 70 = 72.86: C3.
    expect(englishOf(sheet, people.Akello)).toEqual({ mark: 72.86, grade: 'C3' });
    // Best 8 of 1, 2, 3, 3, 4, 5, 6, 8, 9 leaves out Art's F9: 32, seven credits, English C3 → Division 1.
    expect(row(sheet, people.Akello)).toMatchObject({ aggregate: 32, division: 1, average: 62.98 });
    // No English mark: Division 7 whatever the aggregate (1+2+3+4+5+6+8+9 = 38).
    expect(row(sheet, people.Bbosa)).toMatchObject({ aggregate: 38, division: 7 });
    expect(englishOf(sheet, people.Bbosa)).toEqual({ mark: null, grade: null });
    // No mark at all: listed, but no aggregate, division or place (not Division 9).
    expect(row(sheet, people.Cheptoo)).toMatchObject({ aggregate: null, division: null, position: null });
    // Equal results share a place; the next takes the place after them.
    expect([people.Akello, people.Dembe, people.Bbosa].map((id) => row(sheet, id).position)).toEqual([1, 1, 3]);
    expect(sheet.readings.join(' ')).toContain('D1 80–100, D2 75–79, C3 70–74');
  });

  it('places the higher average first between two students of the same division and aggregate', async () => {
    // S4 follows the old curriculum too. Namazzi and Mugisha sit the same seven subjects and English (C3);
    // Mugisha's Mathematics is 88 where Namazzi's is 84, both D1: the same 32 and Division 1, but Mugisha's
    // average mark is higher (by 4 ÷ 8 = 0.5), so Mugisha is first and Namazzi second, not both first.
    await db()
      .update(classes)
      .set({ curriculum: 'old' })
      .where(eq(classes.id, s.classes.S4 as number));
    const namazzi = (await admit(s, { surname: 'Namazzi', class_id: s.classes.S4, stream_id: s.streams['S4 East'] }))
      .id as number;
    const mugisha = (await admit(s, { surname: 'Mugisha', class_id: s.classes.S4, stream_id: s.streams['S4 East'] }))
      .id as number;
    const maths = subjects[0]?.id as number;
    await marks(ids.EOT as number, [
      ...[namazzi, mugisha].flatMap((st) =>
        [...subjects, { id: english, mark: 72 }].map(
          (x) => [st, x.id, null, st === mugisha && x.id === maths ? 88 : x.mark] as [number, number, null, number],
        ),
      ),
    ]);
    await consider(s.classes.S4 as number, [[ids.EOT as number, 100]]);
    const sheet = await ok('oLevel_marksheet', classTerm('S4'));
    expect(row(sheet, namazzi)).toMatchObject({ aggregate: 32, division: 1, average: 67 });
    expect(row(sheet, mugisha)).toMatchObject({ aggregate: 32, division: 1, average: 67.5 });
    expect([mugisha, namazzi].map((id) => row(sheet, id).position)).toEqual([1, 2]);
  });

  it('counts a missing set as zero when the school chose so, and hides positions when turned off', async () => {
    await policy({ missingMarks: 'zero', positions: false });
    try {
      const sheet = await ok('oLevel_marksheet', classTerm('S3', { stream_id: s.streams['S3 East'] }));
      expect(sheet.title).toBe('S3 East Term 3 2026');
      expect(sheet.missing_marks).toBe('zero');
      // (20 × 80 + 30 × 0 + 50 × 70) ÷ 100 = 51: P7, so six credits and 36 → Division 2.
      expect(englishOf(sheet, people.Akello)).toEqual({ mark: 51, grade: 'P7' });
      expect(row(sheet, people.Akello)).toMatchObject({ aggregate: 36, division: 2, position: null });
      expect(sheet.positions).toBe(false);
      // A subject with no mark in any set is still blank, never 0.
      expect(englishOf(sheet, people.Bbosa).mark).toBeNull();
    } finally {
      await db().delete(gradingTables).where(eq(gradingTables.schoolId, s.schoolId));
    }
  });

  it('downloads a formatted spreadsheet named after the class and term', async () => {
    const res = await post('export-marksheet', classTerm('S3', { stream_id: s.streams['S3 East'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="S3 East Term 3 2026 marksheet.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(String(sheet.getCell('A1').value)).toBe('O-Level marksheet: S3 East Term 3 2026');
    let headerRow = 0;
    sheet.eachRow((r, n) => {
      if (r.getCell(3).value === 'Name') headerRow = n;
    });
    const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(['No.', 'Adm No', 'Name']);
    expect(headers).toEqual(expect.arrayContaining(['Aggregate', 'Division', 'Position']));
    expect(sheet.getRow(headerRow).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow, xSplit: 3 });
    const col = (h: string) => headers.indexOf(h) + 1;
    const englishHeader = headers.find((h) => String(h).startsWith('English')) as string;
    const akello = sheet.getRow(headerRow + 1);
    expect(akello.getCell(3).value).toMatch(/^Akello/);
    expect(akello.getCell(col(englishHeader)).value).toBe(72.86);
    expect(akello.getCell(col('Aggregate')).value).toBe(32);
    expect(akello.getCell(col('Division')).value).toBe(1);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(3).value).toBe('Average');
    // Aggregates of the three ranked students: (32 + 38 + 32) ÷ 3.
    expect(last.getCell(col('Aggregate')).value).toBe(34);
  });

  it('refuses a term with no considered sets, and a class of another curriculum, with the reason', async () => {
    const none = await post('oLevel_marksheet', { ...classTerm('S3'), term: 1 });
    expect(none.statusCode).toBe(202);
    expect(none.json().message).toMatch(/choose the considered sets/);
    const alevel = await post('oLevel_marksheet', classTerm('S5'));
    expect(alevel.statusCode).toBe(202);
    expect(alevel.json().message).toBe('S5 follows A-Level: open the A-Level marksheet instead.');
  });

  it('needs view_exam_marksheet, and never shows another school’s class', async () => {
    const reader = await staffWith(t.app, t.database, s, ['view_exam_marksheet']);
    expect((await post('oLevel_marksheet', classTerm('S3'), reader.token)).statusCode).toBe(200);
    const other = await staffWith(t.app, t.database, s, ['view_exam_sets']);
    expect((await post('oLevel_marksheet', classTerm('S3'), other.token)).statusCode).toBe(403);
    expect((await post('export-marksheet', classTerm('S3'), other.token)).statusCode).toBe(403);
    const b = await newSchool(t.app, t.database);
    expect((await post('oLevel_marksheet', classTerm('S3'), b.adminToken)).statusCode).toBe(404);
    expect((await post('export-marksheet', classTerm('S3'), b.adminToken)).statusCode).toBe(404);
    expect((await post('oLevel_marksheet', { ...classTerm('S3'), term: 4 })).statusCode).toBe(422);
  });
});

describe('A-Level marksheet', () => {
  const sub: Record<string, number> = {};
  const paperIds: Record<string, number[]> = {};
  let student: number;

  beforeAll(async () => {
    for (const [name, papers] of [
      ['PHY', 3],
      ['CHEM', 3],
      ['MATH', 2],
    ] as const) {
      sub[name] = await subject('P', name, 'alevel', 'other', false);
      paperIds[name] = [];
      for (let n = 1; n <= papers; n++) paperIds[name].push(await paper(sub[name], n));
    }
    const gp = await post('subjects', { code: 'S101', name: 'General Paper', level: 'subsidiary', compulsory: true });
    sub.GP = gp.json().data.id;
    sub.ICT = await subject('S', 'Sub ICT', 'subsidiary', 'other', false);
    const [pcm] = await db()
      .insert(combinations)
      .values({
        schoolId: s.schoolId,
        name: 'PCM',
        subject1Id: sub.PHY as number,
        subject2Id: sub.CHEM as number,
        subject3Id: sub.MATH as number,
        subsidiaryId: sub.ICT as number,
      })
      .returning();
    student = (await admit(s, { surname: 'Ekwaro', class_id: s.classes.S5, stream_id: s.streams['S5 Sciences'] })).id;
    await db().update(students).set({ combinationId: pcm?.id }).where(eq(students.id, student));
    const [p1, p2, p3] = paperIds.PHY as number[];
    const [c1, c2, c3] = paperIds.CHEM as number[];
    const [m1, m2] = paperIds.MATH as number[];
    const phy = sub.PHY as number;
    const chem = sub.CHEM as number;
    const math = sub.MATH as number;
    await marks(ids.EOT as number, [
      [student, phy, p1 as number, 78], // D2
      [student, phy, p2 as number, 76], // D2
      [student, phy, p3 as number, 72], // C3
      [student, chem, c1 as number, 66], // C4
      [student, chem, c2 as number, 60], // C5
      [student, chem, c3 as number, 40], // P8, not a considered paper
      [student, math, m1 as number, 72], // C3
      [student, math, m2 as number, 68], // C4
      [student, sub.GP as number, null, 60], // C5: a point
      [student, sub.ICT as number, null, 45], // P8: no point
    ]);
    await db()
      .insert(consideredPapers)
      .values(
        [c1, c2].map((paperId) => ({
          schoolId: s.schoolId,
          classId: s.classes.S5 as number,
          subjectId: chem,
          paperId: paperId as number,
        })),
      );
    await consider(s.classes.S5 as number, [[ids.EOT as number, 100]]);
  });

  it('grades each principal from its considered papers and adds the points', async () => {
    for (const path of ['aLevel_marksheet', 'alevel/marksheet']) {
      const sheet = await ok(path, classTerm('S5'));
      const e = sheet.students.find((x: Json) => x.id === student);
      const principal = (id: number | undefined) => e.principals.find((p: Json) => p.subject_id === id);
      expect(principal(sub.PHY)).toMatchObject({ tuple: '2-2-3', grade: 'A', points: 6 });
      // Paper 3 (P8) is not considered: 4-5 → D, not 4-5-8 → E.
      expect(principal(sub.CHEM)).toMatchObject({ tuple: '4-5', grade: 'D', points: 3 });
      expect(principal(sub.CHEM).papers[2]).toMatchObject({ mark: 40, grade: 'P8', considered: false });
      expect(principal(sub.MATH)).toMatchObject({ tuple: '3-4', grade: 'C', points: 4 });
      expect(e.general_paper).toMatchObject({ grade: 'C5', points: 1 });
      expect(e.subsidiary).toMatchObject({ grade: 'P8', points: 0 });
      // 6 + 3 + 4 + 1 + 0.
      expect(e).toMatchObject({ points: 14, position: 1, combination: 'PCM' });
      expect(sheet.points_max).toBe(20);
    }
  });

  it("shows one subject's papers for the class, and downloads both sheets", async () => {
    const sheet = await ok('alevel/subject/marksheet', classTerm('S5', { subject_id: sub.PHY }));
    expect(sheet.students).toHaveLength(1);
    expect(sheet.students[0].result.papers.map((p: Json) => [p.marks, p.grade])).toEqual([
      [[78], 'D2'],
      [[76], 'D2'],
      [[72], 'C3'],
    ]);
    expect(sheet.students[0].result).toMatchObject({ tuple: '2-2-3', grade: 'A', points: 6 });

    const file = await post('export-alevel-marksheet', classTerm('S5'));
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="S5 Term 3 2026 marksheet.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0] as ExcelJS.Worksheet;
    const texts: unknown[] = [];
    ws.eachRow((r) => texts.push(...(r.values as unknown[])));
    expect(texts.some((v) => typeof v === 'string' && v.endsWith(' 2-2-3 → A'))).toBe(true);
    expect(texts).toContain(14);

    const one = await post('export-alevel-subject-marksheet', classTerm('S5', { subject_id: sub.PHY }));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-disposition']).toMatch(/filename="S5 Term 3 2026 PHY\w+ marksheet\.xlsx"/);
  });

  it('refuses a subsidiary as the subject sheet, and answers 404 for another school’s subject', async () => {
    expect((await post('alevel/subject/marksheet', classTerm('S5', { subject_id: sub.GP }))).statusCode).toBe(202);
    const b = await newSchool(t.app, t.database);
    const theirs = await post(
      'alevel/subject/marksheet',
      { year, term, class_id: s.classes.S5, subject_id: sub.PHY },
      b.adminToken,
    );
    expect(theirs.statusCode).toBe(404);
  });
});

describe('new-curriculum marksheet', () => {
  let english: number;
  const learners: Record<string, number> = {};

  beforeAll(async () => {
    english = await subject('112', 'English Language', 'nlsc', 'english');
    const outcomes: number[] = [];
    for (const [i, name] of ['Listening', 'Reading', 'Writing'].entries()) {
      const [c] = await db()
        .insert(competences)
        .values({
          schoolId: s.schoolId,
          subjectId: english,
          classId: s.classes.S1 as number,
          year,
          term,
          name,
          rank: i,
        })
        .returning();
      outcomes.push(c?.id as number);
    }
    for (const name of ['Fiona', 'Gita']) {
      learners[name] = (await admit(s, { surname: name, class_id: s.classes.S1, stream_id: s.streams['S1 West'] })).id;
    }
    // Fiona: 1.9, 2.8, 2.8 average exactly 2.5 (2.4999… in binary): Outstanding. Gita: 2.4, 2.5 and a
    // blank (left out) average 2.45: Moderate.
    const scores: [string, number, number][] = [
      ['Fiona', 0, 19],
      ['Fiona', 1, 28],
      ['Fiona', 2, 28],
      ['Gita', 0, 24],
      ['Gita', 1, 25],
    ];
    await db()
      .insert(aoiScores)
      .values(
        scores.map(([who, k, tenths]) => ({
          schoolId: s.schoolId,
          studentId: learners[who] as number,
          competenceId: outcomes[k] as number,
          scoreTenths: tenths,
        })),
      );
    await marks(ids.EOT as number, [
      [learners.Fiona as number, english, null, 70],
      [learners.Gita as number, english, null, 62],
    ]);
    await consider(s.classes.S1 as number, [[ids.EOT as number, 100]]);
  });

  it('gives identifiers at the 2.5 boundary, CA /20, exam /80, total and grade, and never ranks', async () => {
    await policy({ missingMarks: 'exclude', positions: true });
    try {
      const sheet = await ok('new_curriculum_subject_marksheet', classTerm('S1', { subject_id: english }));
      expect(sheet.positions).toBe(false);
      expect(sheet.competences.map((c: Json) => c.name)).toEqual(['Listening', 'Reading', 'Writing']);
      const of = (id: number | undefined) => sheet.students.find((x: Json) => x.id === id).result;
      // CA = 20 × 7.5 ÷ 9 = 16.67; exam 70 × 0.8 = 56; total 72.67 → B.
      expect(of(learners.Fiona)).toMatchObject({
        scores: [1.9, 2.8, 2.8],
        average: 2.5,
        identifier: 3,
        descriptor: 'Most or all learning outcomes achieved',
        ca20: 16.67,
        exam80: 56,
        total: 72.67,
        grade: 'B',
      });
      // CA = 20 × 4.9 ÷ 6 = 16.33; exam 62 × 0.8 = 49.6; total 65.93 → C.
      expect(of(learners.Gita)).toMatchObject({
        scores: [2.4, 2.5, null],
        average: 2.45,
        identifier: 2,
        ca20: 16.33,
        exam80: 49.6,
        total: 65.93,
        grade: 'C',
      });
      const whole = await ok('new_curriculum_marksheet', classTerm('S1'));
      expect(whole.positions).toBe(false);
      expect(whole.students[0]).not.toHaveProperty('position');
      const column = whole.subjects.findIndex((x: Json) => x.id === english);
      expect(whole.students.find((x: Json) => x.id === learners.Fiona).results[column]).toMatchObject({
        identifier: 3,
        total: 72.67,
        grade: 'B',
      });
      expect(whole.subject_averages[column]).toBe(69.3);
    } finally {
      await db().delete(gradingTables).where(eq(gradingTables.schoolId, s.schoolId));
    }
  });

  it('downloads the new-curriculum sheets through export-marksheet', async () => {
    const res = await post('export-marksheet', classTerm('S1', { subject_id: english }));
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0] as ExcelJS.Worksheet;
    const values: unknown[] = [];
    ws.eachRow((r) => values.push(...(r.values as unknown[])));
    expect(values).toEqual(expect.arrayContaining(['CA/20', 'Exam/80', 'Total/100', 16.67, 56, 72.67, 'B']));
    const whole = await post('export-marksheet', classTerm('S1'));
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.headers['content-disposition']).toContain('filename="S1 Term 3 2026 marksheet.xlsx"');
  });
});
