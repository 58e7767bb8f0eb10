import {
  competences,
  examMarks,
  staff,
  staffSubjects,
  studentSubjects,
  students,
  studentTerms,
} from '@somero/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchoolScope } from '../src/core/scope.js';
import { sqlRows } from '../src/db/open.js';
import { subjectTakers } from '../src/modules/exams/index.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, useTestApp } from './support.js';

/** Issue 10 §5: who takes which subject, and marks entry for the three curricula. */
const t = useTestApp();
let s: RegisterSchool;
const ids: Record<string, number> = {};
const kid: Record<string, number> = {};

async function ok(res: Promise<{ statusCode: number; body: string; json: () => Json }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const scope = () => new SchoolScope(t.database.db, s.schoolId, { userId: s.adminId, name: 'Test' });
const takers = async (classId: number, term: number, subjectId: number, streamId?: number) =>
  (await subjectTakers(scope(), { year: 2026, term, classId, subjectId, streamId }))
    .map((r) => r.studentId)
    .sort((a, b) => a - b);
const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);

/** The audit rows of marks in this school, oldest first. */
const markAudits = () =>
  sqlRows<{ action: string; user_name: string; before: Json | null; after: Json | null }>(
    t.database.db,
    sql`select action, user_name, before, after from audits
        where school_id = ${s.schoolId} and entity in ('exam_marks', 'aoi_scores') order by id`,
  );

beforeAll(async () => {
  s = await registerSchool(t.app, t.database, { year: 2026, term: 2 });
  // S3 follows the old O-Level curriculum; S1 the new; S5 A-Level (the fixture's default).
  await ok(s.api.put(`/classes/${s.classes.S3}`, { curriculum: 'old' }));
  const subject = async (key: string, body: Json) => {
    ids[key] = (await ok(s.api.post('/subjects', { subject_group: 'other', compulsory: false, ...body }))).data.id;
  };
  await subject('english', {
    name: 'English',
    code: '112',
    level: 'olevel',
    compulsory: true,
    subject_group: 'english',
  });
  await subject('literature', { name: 'Literature', code: '208', level: 'olevel' });
  await subject('maths', { name: 'Mathematics', code: '456N', level: 'nlsc', compulsory: true });
  await subject('physics', { name: 'Physics', code: 'P510', level: 'alevel' });
  await subject('chemistry', { name: 'Chemistry', code: 'P525', level: 'alevel' });
  await subject('amaths', { name: 'Mathematics', code: 'P425', level: 'alevel' });
  await subject('history', { name: 'History', code: 'P210', level: 'alevel' });
  await subject('ict', { name: 'Sub ICT', code: 'S850', level: 'subsidiary' });
  for (const n of [1, 2])
    ids[`p${n}`] = (
      await ok(s.api.post('/papers', { subject_id: ids.physics, number: n, name: `Paper ${n}` }))
    ).data.id;
  ids.pcm = (
    await ok(
      s.api.post('/combinations', {
        name: 'PCM',
        subject1_id: ids.physics,
        subject2_id: ids.chemistry,
        subject3_id: ids.amaths,
        subsidiary_id: ids.ict,
      }),
    )
  ).data.id;
  const set = async (key: string, name: string, max: number) => {
    ids[key] = (
      await ok(s.api.post('/exam_sets', { name, year: 2026, term: 2, max_mark: max, curriculum: 'all' }))
    ).data.id;
  };
  await set('bot', 'BOT', 100);
  await set('mot', 'MOT', 50);

  const student = async (key: string, surname: string, cls: string, stream: string) => {
    kid[key] = (
      await admit(s, { surname, other_names: key, class_id: s.classes[cls], stream_id: s.streams[`${cls} ${stream}`] })
    ).id;
  };
  await student('Akello', 'Akello', 'S3', 'East');
  await student('Byaru', 'Byaruhanga', 'S3', 'East');
  await student('Cheptoo', 'Cheptoo', 'S3', 'West');
  await student('Trashed', 'Dembe', 'S3', 'East');
  await student('Ekwaru', 'Ekwaru', 'S1', 'East');
  await student('Fiona', 'Fiona', 'S1', 'East');
  await student('Gulu', 'Gulu', 'S5', 'Sciences');
  await student('Hasifa', 'Hasifa', 'S5', 'Arts');
  await ok(s.api.del(`/students/${kid.Trashed}`));
  await t.database.db
    .update(students)
    .set({ combinationId: ids.pcm })
    .where(and(eq(students.schoolId, s.schoolId), eq(students.id, kid.Gulu)));
  await t.database.db
    .insert(studentSubjects)
    .values({ schoolId: s.schoolId, studentId: kid.Akello, subjectId: ids.literature });
  // Akello was in S2 in term 1: another term's class.
  await subjectTakers(scope(), { year: 2026, term: 1, classId: s.classes.S3 });
  await t.database.db
    .update(studentTerms)
    .set({ classId: s.classes.S2, streamId: null })
    .where(
      and(eq(studentTerms.schoolId, s.schoolId), eq(studentTerms.studentId, kid.Akello), eq(studentTerms.term, 1)),
    );
  for (const [n, name] of ['Numbers', 'Geometry'].entries()) {
    const [c] = await t.database.db
      .insert(competences)
      .values({ schoolId: s.schoolId, subjectId: ids.maths, classId: s.classes.S1, year: 2026, term: 2, name, rank: n })
      .returning();
    ids[`c${n}`] = c.id;
  }
});

describe('who takes which subject (subjectTakers)', () => {
  it('a compulsory subject: every current student of the class that term, trashed students left out', async () => {
    expect(await takers(s.classes.S3, 2, ids.english)).toEqual(sorted(kid.Akello, kid.Byaru, kid.Cheptoo));
    expect(await takers(s.classes.S3, 2, ids.english, s.streams['S3 West'])).toEqual([kid.Cheptoo]);
  });
  it('an optional subject: only students who chose it', async () => {
    expect(await takers(s.classes.S3, 2, ids.literature)).toEqual([kid.Akello]);
  });
  it("A-Level: the subjects of the student's combination; a subject of another curriculum: nobody", async () => {
    expect(await takers(s.classes.S5, 2, ids.physics)).toEqual([kid.Gulu]);
    expect(await takers(s.classes.S5, 2, ids.ict)).toEqual([kid.Gulu]);
    expect(await takers(s.classes.S5, 2, ids.history)).toEqual([]);
    expect(await takers(s.classes.S5, 2, ids.english)).toEqual([]);
  });
  it('the class a student was in that term, not today', async () => {
    expect(await takers(s.classes.S3, 1, ids.english)).toEqual(sorted(kid.Byaru, kid.Cheptoo));
    const s2 = await subjectTakers(scope(), { year: 2026, term: 1, classId: s.classes.S2 });
    expect(s2.map((r) => r.studentId)).toEqual([kid.Akello]);
  });
});

const englishGrid = { exam_set_id: 0, class_id: 0, subject_id: 0 };
const mark = (student: string, value: number | null, version: string | null = null, absent = false) => ({
  student_id: kid[student],
  mark: value,
  absent,
  version,
});

describe('O-Level marks (old curriculum)', () => {
  beforeAll(() => {
    Object.assign(englishGrid, { exam_set_id: ids.bot, class_id: s.classes.S3, subject_id: ids.english });
  });

  it('lists the takers with the set maximum and saves a column, one audit row per changed cell', async () => {
    const grid = (await ok(s.api.post('/fetch_students', englishGrid))).data;
    expect(grid.exam_set.max_mark).toBe(100);
    expect(grid.columns.map((c: Json) => c.key)).toEqual(['mark']);
    expect(grid.students.map((x: Json) => x.name)).toEqual(['Akello Akello', 'Byaruhanga Byaru', 'Cheptoo Cheptoo']);
    const before = (await markAudits()).length;
    const saved = await ok(
      s.api.post('/save_exam_mark', { ...englishGrid, marks: [mark('Akello', 78), mark('Byaru', null, null, true)] }),
    );
    expect(saved.message).toBe('Marks Saved Successfully');
    expect(saved.data.changed).toBe(2);
    const again = (await ok(s.api.post('/fetch_students', englishGrid))).data;
    const akello = again.students[0].cells.mark;
    expect(akello).toMatchObject({ mark: 78, absent: false, by: 'Head Administrator' });
    expect(again.students[1].cells.mark).toMatchObject({ mark: null, absent: true });
    expect(again.students[2].cells.mark).toBeUndefined();
    const audits = await markAudits();
    expect(audits.length - before).toBe(2);
    expect(audits.at(-2)).toMatchObject({ action: 'enter mark', after: { mark: 78, student: 'Akello Akello' } });

    // Saving the same value again changes nothing and writes no audit row.
    const same = await ok(
      s.api.post('/save_exam_mark', { ...englishGrid, marks: [mark('Akello', 78, akello.version)] }),
    );
    expect(same.data.changed).toBe(0);
    expect((await markAudits()).length).toBe(audits.length);

    // Clearing a cell deletes the mark, audited.
    const cleared = await ok(
      s.api.post('/save_exam_mark', { ...englishGrid, marks: [mark('Akello', null, akello.version)] }),
    );
    expect(cleared.data.cells[0].cell).toBeNull();
    expect((await ok(s.api.post('/fetch_students', englishGrid))).data.students[0].cells.mark).toBeUndefined();
    expect((await markAudits()).at(-1)).toMatchObject({ action: 'clear mark', before: { mark: 78 }, after: null });
  });

  it('refuses with a field message naming the student: above the maximum, negative, not whole, not a taker', async () => {
    const refused = async (marks: Json[], field: string, text: string) => {
      const res = await s.api.post('/save_exam_mark', { ...englishGrid, marks });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field][0]).toBe(text);
    };
    await refused([mark('Cheptoo', 101)], 'marks.0.mark', 'Cheptoo Cheptoo: the highest mark in BOT is 100');
    await refused(
      [mark('Byaru', 5), mark('Cheptoo', -1)],
      'marks.1.mark',
      'Cheptoo Cheptoo: a mark cannot be negative',
    );
    await refused([mark('Cheptoo', 55.5)], 'marks.0.mark', 'Cheptoo Cheptoo: a mark is a whole number');
    await refused([mark('Ekwaru', 50)], 'marks.0.student_id', 'Ekwaru Ekwaru does not take English in S3');
    await refused([mark('Trashed', 50)], 'marks.0.student_id', 'Dembe Trashed does not take English in S3');
    const lit = await s.api.post('/save_exam_mark', {
      ...englishGrid,
      subject_id: ids.literature,
      marks: [mark('Byaru', 40)],
    });
    expect(lit.json().errors['marks.0.student_id'][0]).toBe('Byaruhanga Byaru does not take Literature in S3');
    // MOT is out of 50.
    const mot = await s.api.post('/save_exam_mark', {
      ...englishGrid,
      exam_set_id: ids.mot,
      marks: [mark('Cheptoo', 51)],
    });
    expect(mot.json().errors['marks.0.mark'][0]).toBe('Cheptoo Cheptoo: the highest mark in MOT is 50');
    // Nothing of the refused saves was written.
    const grid = (await ok(s.api.post('/fetch_students', englishGrid))).data;
    expect(grid.students[2].cells.mark).toBeUndefined();
  });

  it('two teachers at once: the second save carries the old version and is refused, the first mark kept', async () => {
    const dos = await staffWith(t.app, t.database, s, ['manage_exam_marks']);
    const other = client(t.app, dos.token);
    const loaded = (await ok(s.api.post('/fetch_students', englishGrid))).data.students[2].cells.mark;
    expect(loaded).toBeUndefined();
    await ok(other.post('/save_exam_mark', { ...englishGrid, marks: [mark('Cheptoo', 64)] }));
    const res = await s.api.post('/save_exam_mark', { ...englishGrid, marks: [mark('Cheptoo', 70)] });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain("Staff Member changed Cheptoo Cheptoo's mark to 64");
    const now = (await ok(s.api.post('/fetch_students', englishGrid))).data.students[2].cells.mark;
    expect(now.mark).toBe(64);
    // With the version now loaded, the change goes through.
    await ok(s.api.post('/save_exam_mark', { ...englishGrid, marks: [mark('Cheptoo', 70, now.version)] }));
    // The other teacher, still holding the old version, cannot clear it.
    const clear = await other.post('/save_exam_mark', { ...englishGrid, marks: [mark('Cheptoo', null, now.version)] });
    expect(clear.statusCode).toBe(202);
    expect(clear.json().message).toContain("Head Administrator changed Cheptoo Cheptoo's mark to 70");
    // A teacher's own earlier save (answered after they typed again) is not someone else's change.
    await ok(s.api.post('/save_exam_mark', { ...englishGrid, marks: [mark('Cheptoo', 71, now.version)] }));
  });

  it('two teachers at the same moment on empty cells: one column is saved whole, the other refused whole', async () => {
    const dos = await staffWith(t.app, t.database, s, ['manage_exam_marks']);
    const other = client(t.app, dos.token);
    // MOT is still empty for this column: both load it empty and save all three students at once.
    const grid = { ...englishGrid, exam_set_id: ids.mot };
    const column = (value: number) => ['Akello', 'Byaru', 'Cheptoo'].map((k) => mark(k, value));
    const replies = await Promise.all([
      s.api.post('/save_exam_mark', { ...grid, marks: column(40) }),
      other.post('/save_exam_mark', { ...grid, marks: column(30) }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 202]);
    const winner = replies.findIndex((r) => r.statusCode === 200);
    const saved = (await ok(s.api.post('/fetch_students', grid))).data.students.map((x: Json) => x.cells.mark.mark);
    // Never a mix of the two: the whole column is the winner's.
    expect(saved).toEqual(winner === 0 ? [40, 40, 40] : [30, 30, 30]);
    expect(replies[1 - winner]?.json().message).toContain('after you opened the sheet');
    // The column goes back to empty for the tests after this one.
    await t.database.db
      .delete(examMarks)
      .where(and(eq(examMarks.examSetId, ids.mot as number), eq(examMarks.subjectId, ids.english as number)));
  });

  it('the saved state of the grid (save_all_exam_mark)', async () => {
    const q = `exam_set_id=${ids.bot}&class_id=${s.classes.S3}&subject_id=${ids.english}`;
    const state = (await ok(s.api.get(`/save_all_exam_mark?${q}`))).data;
    expect(state.takers).toBe(3);
    expect(state.columns[0]).toMatchObject({ key: 'mark', entered: 1, absent: 1, missing: 1 });
    expect(state.last_saved_by).toBe('Head Administrator');
  });

  it('a class of another curriculum is refused on this sheet', async () => {
    const res = await s.api.post('/fetch_students', { ...englishGrid, class_id: s.classes.S1, subject_id: ids.maths });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain('S1 follows the new lower secondary curriculum');
  });
});

describe('a teacher (record_staff_marks) enters only their teaching load', () => {
  it('their own class and stream, and nothing else', async () => {
    const teacher = await staffWith(t.app, t.database, s, ['record_staff_marks']);
    const api = client(t.app, teacher.token);
    const body = { ...englishGrid, exam_set_id: ids.mot };
    const none = await api.post('/save_exam_mark', { ...body, marks: [mark('Akello', 30)] });
    expect(none.statusCode).toBe(202);
    expect(none.json().message).toBe('You do not teach English in S3.');
    const [member] = await t.database.db
      .insert(staff)
      .values({ schoolId: s.schoolId, name: 'Okello Peter', initials: 'OP', userId: teacher.userId })
      .returning();
    await t.database.db.insert(staffSubjects).values({
      schoolId: s.schoolId,
      staffId: member.id,
      subjectId: ids.english,
      classId: s.classes.S3,
      streamId: s.streams['S3 East'],
    });
    const grid = (await ok(api.post('/fetch_students', body))).data;
    expect(grid.editable).toBe(true);
    expect(grid.students.map((x: Json) => x.name)).toEqual(['Akello Akello', 'Byaruhanga Byaru']);
    expect(grid.initials).toBe('OP');
    await ok(api.post('/save_exam_mark', { ...body, marks: [mark('Akello', 30)] }));
    const west = await api.post('/save_exam_mark', { ...body, marks: [mark('Cheptoo', 30)] });
    expect(west.statusCode).toBe(202);
    expect(west.json().message).toBe('You do not teach English in S3 West.');
    const lit = await api.post('/save_exam_mark', { ...body, subject_id: ids.literature, marks: [mark('Akello', 30)] });
    expect(lit.json().message).toBe('You do not teach Literature in S3.');
    // Initials: a teacher sets them for their own load only.
    const initials = await ok(
      api.post('/update_initials', {
        class_id: s.classes.S3,
        stream_id: s.streams['S3 East'],
        subject_id: ids.english,
        initials: 'pok',
      }),
    );
    expect(initials).toMatchObject({ data: { initials: 'POK' }, message: 'Initials Updated Successfully' });
    const lit2 = await api.post('/update_initials', {
      class_id: s.classes.S3,
      subject_id: ids.literature,
      initials: 'X',
    });
    expect(lit2.statusCode).toBe(202);
    expect((await ok(api.post('/fetch_students', { ...body, stream_id: s.streams['S3 East'] }))).data.initials).toBe(
      'POK',
    );
    // Cleared: back to the teacher's own initials.
    await ok(
      api.post('/update_initials', {
        class_id: s.classes.S3,
        stream_id: s.streams['S3 East'],
        subject_id: ids.english,
        initials: '',
      }),
    );
    expect((await ok(api.post('/fetch_students', { ...body, stream_id: s.streams['S3 East'] }))).data.initials).toBe(
      'OP',
    );
    // A teacher who has left the staff (marked not active) keeps a sign-in but no teaching load.
    await t.database.db.update(staff).set({ active: false }).where(eq(staff.id, member.id));
    const left = await api.post('/save_exam_mark', { ...body, marks: [mark('Akello', 35)] });
    expect(left.statusCode).toBe(202);
    expect(left.json().message).toBe('You do not teach English in S3.');
    await t.database.db.update(staff).set({ active: true }).where(eq(staff.id, member.id));
  });

  it('a reader of marksheets sees every class but may change none', async () => {
    const reader = client(t.app, (await staffWith(t.app, t.database, s, ['view_exam_marksheet'])).token);
    const grid = (await ok(reader.post('/fetch_students', englishGrid))).data;
    expect(grid.editable).toBe(false);
    expect(grid.students).toHaveLength(3);
    expect((await reader.post('/save_exam_mark', { ...englishGrid, marks: [mark('Akello', 1)] })).statusCode).toBe(403);
  });
});

describe('new curriculum: AOI scores and the exam mark', () => {
  const body = () => ({ exam_set_id: ids.bot, class_id: s.classes.S1, subject_id: ids.maths });
  it('lists competences and saves scores 1.0–3.0 in steps of 0.1 with the exam mark', async () => {
    const grid = (await ok(s.api.post('/fetch_students_new', body()))).data;
    expect(grid.columns.map((c: Json) => c.label)).toEqual(['Numbers', 'Geometry', 'Exam (out of 100)']);
    const aoi = (student: string, competence: string, score: number | null) => ({
      student_id: kid[student],
      competence_id: ids[competence],
      score,
      version: null,
    });
    await ok(
      s.api.post('/save_exam_mark_new', {
        ...body(),
        marks: [mark('Ekwaru', 66)],
        aoi: [aoi('Ekwaru', 'c0', 2.4), aoi('Ekwaru', 'c1', 3)],
      }),
    );
    const cells = (await ok(s.api.post('/fetch_students_new', body()))).data.students[0].cells;
    expect(cells[`c${ids.c0}`].mark).toBe(2.4);
    expect(cells[`c${ids.c1}`].mark).toBe(3);
    expect(cells.mark.mark).toBe(66);
    for (const [score, text] of [
      [3.1, 'Fiona Fiona: a score is from 1.0 to 3.0'],
      [0.9, 'Fiona Fiona: a score is from 1.0 to 3.0'],
      [2.45, 'Fiona Fiona: a score goes in steps of 0.1, e.g. 2.4'],
    ] as const) {
      const res = await s.api.post('/save_exam_mark_new', { ...body(), aoi: [aoi('Fiona', 'c0', score)] });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['aoi.0.score'][0]).toBe(text);
    }
    const audits = await markAudits();
    expect(audits.filter((a) => a.after?.column === 'Numbers')).toHaveLength(1);
  });
});

describe('A-Level: marks per paper', () => {
  const body = () => ({ exam_set_id: ids.bot, class_id: s.classes.S5, subject_id: ids.physics });
  it('one column per paper; only the students whose combination holds the subject', async () => {
    const grid = (await ok(s.api.post('/fetch_alevel_students', body()))).data;
    expect(grid.columns.map((c: Json) => c.key)).toEqual([`p${ids.p1}`, `p${ids.p2}`]);
    expect(grid.students.map((x: Json) => x.name)).toEqual(['Gulu Gulu']);
    await ok(
      s.api.post('/save_alevel_exam_mark', {
        ...body(),
        marks: [
          { ...mark('Gulu', 71), paper_id: ids.p1 },
          { ...mark('Gulu', null, null, true), paper_id: ids.p2 },
        ],
      }),
    );
    const cells = (await ok(s.api.post('/fetch_alevel_students', body()))).data.students[0].cells;
    expect(cells[`p${ids.p1}`].mark).toBe(71);
    expect(cells[`p${ids.p2}`].absent).toBe(true);
    const hasifa = await s.api.post('/save_alevel_exam_mark', {
      ...body(),
      marks: [{ ...mark('Hasifa', 50), paper_id: ids.p1 }],
    });
    expect(hasifa.json().errors['marks.0.student_id'][0]).toBe('Hasifa Hasifa does not take Physics in S5');
    const noPaper = await s.api.post('/save_alevel_exam_mark', {
      ...body(),
      marks: [{ ...mark('Gulu', 50), paper_id: null }],
    });
    expect(noPaper.json().errors['marks.0.paper_id'][0]).toBe('Choose a paper of Physics');
  });
});

/** A sheet of the template's shape with the given rows (admission number, mark). */
async function sheetOf(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Marks');
  sheet.addRow(['Admission No', 'Student', 'Mark (out of 50)']);
  for (const r of rows) sheet.addRow([r[0], 'x', r[1]]);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

describe('import_marks: a column from a spreadsheet, all or nothing', () => {
  const body = () => ({
    exam_set_id: ids.mot,
    class_id: s.classes.S3,
    subject_id: ids.english,
    filename: 'marks.xlsx',
  });
  const admission = async (k: string) => (await ok(s.api.get(`/students/${kid[k]}`))).data.admission_no as string;

  it('the template lists the takers with an empty mark column', async () => {
    const res = await s.api.get(
      `/import_marks_template?exam_set_id=${ids.mot}&class_id=${s.classes.S3}&subject_id=${ids.english}`,
    );
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().slice(1) as unknown[][];
    expect(rows[0].slice(1)).toEqual(['Admission No', 'Student', 'Mark (out of 50)']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['Akello Akello', 'Byaruhanga Byaru', 'Cheptoo Cheptoo']);
  });

  it('one bad row and nothing is written; each error names its row', async () => {
    const [a, b, c] = [await admission('Akello'), await admission('Byaru'), await admission('Cheptoo')];
    const before = (await ok(s.api.post('/fetch_students', { ...englishGrid, exam_set_id: ids.mot }))).data;
    const bad = await ok(
      s.api.post('/import_marks', {
        ...body(),
        data: await sheetOf([
          [a, 40],
          [b, 60],
          [c, 'abc'],
          [await admission('Ekwaru'), 10],
        ]),
      }),
    );
    expect(bad.message).toBe('Error Importing Marks');
    expect(bad.data.imported).toBe(0);
    expect(bad.data.rejected).toEqual([
      { row: 3, errors: ['Mark: Byaruhanga Byaru: the highest mark in MOT is 50'] },
      { row: 4, errors: ['Mark: Cheptoo Cheptoo: "abc" is not a mark; enter a whole number or "a" for absent'] },
      { row: 5, errors: [expect.stringContaining('does not take English in S3')] },
    ]);
    const after = (await ok(s.api.post('/fetch_students', { ...englishGrid, exam_set_id: ids.mot }))).data;
    expect(after.students).toEqual(before.students);

    const good = await ok(
      s.api.post('/import_marks', {
        ...body(),
        data: await sheetOf([
          [a, 40],
          [b, 'abs'],
          [c, 45],
        ]),
      }),
    );
    expect(good).toMatchObject({ message: 'Marks Imported Successfully', data: { imported: 3 } });
    const cells = (await ok(s.api.post('/fetch_students', { ...englishGrid, exam_set_id: ids.mot }))).data.students.map(
      (x: Json) => x.cells.mark,
    );
    expect(cells.map((x: Json) => (x.absent ? 'absent' : x.mark))).toEqual([40, 'absent', 45]);
  });
});

describe('saving marks: what each refusal says, and what each save writes', () => {
  const eot = { exam_set_id: 0, class_id: 0, subject_id: 0 };
  const S1 = () => ({ exam_set_id: eot.exam_set_id, class_id: s.classes.S1, subject_id: ids.maths });
  const S5 = () => ({ exam_set_id: eot.exam_set_id, class_id: s.classes.S5, subject_id: ids.physics });
  const aoi = (student: string, competence: string, score: number | null, version: string | null = null) => ({
    student_id: kid[student],
    competence_id: ids[competence],
    score,
    version,
  });
  const paperLabel = async (n: number) =>
    ((await ok(s.api.post('/fetch_alevel_students', S5()))).data.columns as Json[])[n - 1]?.label as string;
  const refusal = async (url: string, body: Json) => {
    const res = await s.api.post(url, body);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string[]>;
  };
  const conflict = async (api: ReturnType<typeof client>, url: string, body: Json) => {
    const res = await api.post(url, body);
    expect(res.statusCode, res.body).toBe(202);
    return res.json().message as string;
  };

  beforeAll(async () => {
    eot.exam_set_id = (
      await ok(s.api.post('/exam_sets', { name: 'EOT', year: 2026, term: 2, max_mark: 100, curriculum: 'all' }))
    ).data.id;
    Object.assign(eot, { class_id: s.classes.S3, subject_id: ids.english });
  });

  it('names the cell given twice, both a mark and absent, a student of no school, and takes 0 and the maximum', async () => {
    expect(
      (await refusal('/save_exam_mark', { ...eot, marks: [mark('Akello', 50), mark('Akello', 51)] }))[
        'marks.1.student_id'
      ],
    ).toEqual(['Akello Akello: this mark is given twice']);
    expect(
      (await refusal('/save_exam_mark', { ...eot, marks: [{ ...mark('Byaru', 40), absent: true }] }))['marks.0.mark'],
    ).toEqual(['Byaruhanga Byaru: give a mark or absent, not both']);
    const other = await registerSchool(t.app, t.database);
    const stranger = await admit(other);
    const res = await s.api.post('/save_exam_mark', {
      ...eot,
      marks: [{ ...mark('Akello', 1), student_id: stranger.id }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such student');
    const saved = await ok(s.api.post('/save_exam_mark', { ...eot, marks: [mark('Akello', 0), mark('Byaru', 100)] }));
    expect(saved.data.changed).toBe(2);
    expect(saved.data.cells.map((c: Json) => c.cell.mark)).toEqual([0, 100]);
  });

  it('AOI scores: a competence of another subject is refused; 1.0 is taken; a score changed and cleared is audited', async () => {
    expect(
      (await refusal('/save_exam_mark_new', { ...S1(), aoi: [{ ...aoi('Fiona', 'c0', 2), competence_id: 999_999 }] }))[
        'aoi.0.competence_id'
      ],
    ).toEqual(['This is not a competence of Mathematics in S1 this term']);
    const first = await ok(s.api.post('/save_exam_mark_new', { ...S1(), aoi: [aoi('Fiona', 'c0', 1)] }));
    expect(first.data.cells).toEqual([
      {
        student_id: kid.Fiona,
        key: `c${ids.c0}`,
        cell: { mark: 1, absent: false, version: expect.any(String), by: 'Head Administrator' },
      },
    ]);
    const version = first.data.cells[0].cell.version;
    const changed = await ok(s.api.post('/save_exam_mark_new', { ...S1(), aoi: [aoi('Fiona', 'c0', 2.7, version)] }));
    expect(changed.data.changed).toBe(1);
    const grid = async () => (await ok(s.api.post('/fetch_students_new', S1()))).data.students[1].cells;
    expect((await grid())[`c${ids.c0}`].mark).toBe(2.7);
    expect((await markAudits()).at(-1)).toMatchObject({
      action: 'change mark',
      before: { mark: 1, column: 'Numbers', subject: 'Mathematics', set: 'EOT', student: 'Fiona Fiona' },
      after: { mark: 2.7, column: 'Numbers', student: 'Fiona Fiona' },
    });
    const [entity] = await sqlRows<{ entity: string }>(
      t.database.db,
      sql`select entity from audits where school_id = ${s.schoolId} order by id desc limit 1`,
    );
    expect(entity?.entity).toBe('aoi_scores');
    const version2 = changed.data.cells[0].cell.version;
    await ok(s.api.post('/save_exam_mark_new', { ...S1(), aoi: [aoi('Fiona', 'c0', null, version2)] }));
    expect((await grid())[`c${ids.c0}`]).toBeUndefined();
    expect((await markAudits()).at(-1)).toMatchObject({ action: 'clear mark', before: { mark: 2.7 }, after: null });
  });

  it('says whose change stands in the way: an AOI score, a paper mark, a cleared cell, and how many more', async () => {
    const other = client(t.app, (await staffWith(t.app, t.database, s, ['manage_exam_marks'])).token);
    const cellsOf = async () => (await ok(s.api.post('/fetch_students_new', S1()))).data.students as Json[];
    const loaded = await cellsOf();
    const version = (i: number, c: string) => loaded[i]?.cells[`c${ids[c]}`]?.version ?? null;
    const four = [
      aoi('Ekwaru', 'c0', 2.1, version(0, 'c0')),
      aoi('Ekwaru', 'c1', 2.2, version(0, 'c1')),
      aoi('Fiona', 'c0', 2.3, version(1, 'c0')),
      aoi('Fiona', 'c1', 2.4, version(1, 'c1')),
    ];
    await ok(other.post('/save_exam_mark_new', { ...S1(), aoi: four }));
    // One in the way, named with its competence.
    expect(await conflict(s.api, '/save_exam_mark_new', { ...S1(), aoi: [{ ...four[3], score: 1.5 }] })).toBe(
      "Staff Member changed Fiona Fiona's score for Geometry to 2.4 after you opened the sheet. Their marks are kept: check them and enter yours again.",
    );
    // Four in the way: three named, and how many more.
    expect(
      await conflict(s.api, '/save_exam_mark_new', { ...S1(), aoi: four.map((a) => ({ ...a, score: 1.1 })) }),
    ).toMatch(/^(Staff Member changed [^;]+; ){2}Staff Member changed [^;]+ \(and 1 more\) after you opened/);
    // A paper's mark.
    await ok(other.post('/save_alevel_exam_mark', { ...S5(), marks: [{ ...mark('Gulu', 61), paper_id: ids.p1 }] }));
    expect(
      await conflict(s.api, '/save_alevel_exam_mark', { ...S5(), marks: [{ ...mark('Gulu', 62), paper_id: ids.p1 }] }),
    ).toMatch(
      new RegExp(`^Staff Member changed Gulu Gulu's ${await paperLabel(1)} mark to 61 after you opened the sheet\\.`),
    );
    // An absent mark, and a cell cleared since it was loaded.
    const mine = await ok(s.api.post('/save_exam_mark', { ...eot, marks: [mark('Cheptoo', 33)] }));
    const was = mine.data.cells[0].cell.version;
    await ok(other.post('/save_exam_mark', { ...eot, marks: [mark('Cheptoo', null, was)] }));
    expect(await conflict(s.api, '/save_exam_mark', { ...eot, marks: [mark('Cheptoo', 34, was)] })).toMatch(
      /^Staff Member cleared Cheptoo Cheptoo's mark after you opened the sheet\./,
    );
    await ok(other.post('/save_exam_mark', { ...eot, marks: [mark('Cheptoo', null, null, true)] }));
    expect(await conflict(s.api, '/save_exam_mark', { ...eot, marks: [mark('Cheptoo', 35)] })).toMatch(
      /^Staff Member changed Cheptoo Cheptoo's mark to absent after/,
    );
  });

  it('a teacher of one paper enters that paper only', async () => {
    const teacher = await staffWith(t.app, t.database, s, ['record_staff_marks']);
    const [member] = await t.database.db
      .insert(staff)
      .values({ schoolId: s.schoolId, name: 'Paper One Teacher', initials: 'PT', userId: teacher.userId })
      .returning();
    await t.database.db.insert(staffSubjects).values({
      schoolId: s.schoolId,
      staffId: member!.id,
      subjectId: ids.physics,
      classId: s.classes.S5,
      streamId: null,
      paperId: ids.p1,
    });
    const api = client(t.app, teacher.token);
    const p2 = await api.post('/save_alevel_exam_mark', {
      ...S5(),
      marks: [{ ...mark('Gulu', 40), paper_id: ids.p2 }],
    });
    expect(p2.statusCode).toBe(202);
    expect(await paperLabel(2)).toBe('Paper 2');
    expect(p2.json().message).toBe('You do not teach Physics Paper 2 in S5.');
    const grid = (await ok(api.post('/fetch_alevel_students', S5()))).data;
    const version = grid.students[0].cells[`p${ids.p1}`]?.version ?? null;
    await ok(
      api.post('/save_alevel_exam_mark', { ...S5(), marks: [{ ...mark('Gulu', 44, version), paper_id: ids.p1 }] }),
    );
  });

  it('answers the cells left as they were with who entered them', async () => {
    const first = await ok(s.api.post('/save_exam_mark', { ...eot, marks: [mark('Byaru', 77)] }));
    const version = first.data.cells[0].cell.version;
    const other = client(t.app, (await staffWith(t.app, t.database, s, ['manage_exam_marks'])).token);
    const same = await ok(other.post('/save_exam_mark', { ...eot, marks: [mark('Byaru', 77, version)] }));
    expect(same.data).toEqual({
      changed: 0,
      cells: [
        { student_id: kid.Byaru, key: 'mark', cell: { mark: 77, absent: false, version, by: 'Head Administrator' } },
      ],
    });
  });
});
