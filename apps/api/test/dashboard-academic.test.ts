import { classes, consideredSets, feesBreakdowns, feesCategories, staff, staffSubjects } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, staffWith, unique, useTestApp } from './support.js';

/**
 * The dashboard's academic tiles for a small school in term 2 2026 (issue 25 §5). S4 (old curriculum,
 * English, Mathematics and History compulsory): Achan (East) and Birungi (West). S1 (new curriculum,
 * English compulsory): Cherop. BOT: Achan English 60, Birungi English 70 (S4 mean 65). MOT, the set
 * being chased: Achan English 80 and Mathematics 70, Birungi English 50 and absent in Mathematics; S4
 * expects 6 marks, 3 entered, 1 absent, 2 missing, mean 66.7; S1 expects 1, missing 1. S4 sat three
 * subjects: both Division 7 (fewer than eight). S4's cards are printed with Birungi's withheld for fees.
 * A teacher with Mathematics in S4 and English in S1 owes 0 and 1 marks.
 */
const t = useTestApp();
let s: RegisterSchool;
const year = 2026;
const term = 2;
const sub: Record<string, number> = {};
const people: Record<string, number> = {};
const sets: Record<string, number> = {};

const post = (path: string, body: Json, token = s.adminToken) =>
  t.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(token), payload: body });
const ok = async (path: string, body: Json, token = s.adminToken) => {
  const res = await post(path, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};
const type = (set: string, cls: string, subject: string, marks: [string, number | null, boolean?][]) =>
  ok(cls === 'S1' ? 'save_exam_mark_new' : 'save_exam_mark', {
    exam_set_id: sets[set],
    class_id: s.classes[cls],
    subject_id: sub[subject],
    marks: marks.map(([who, mark, absent]) => ({
      student_id: people[who],
      mark,
      absent: absent ?? false,
      version: null,
    })),
  });

let admin: Json;

beforeAll(async () => {
  s = await registerSchool(t.app, t.database, { year, term });
  const db = t.database.db;
  await db.update(classes).set({ curriculum: 'old' }).where(eq(classes.id, s.classes.S4));
  for (const [key, group] of [
    ['English', 'english'],
    ['Mathematics', 'mathematics'],
    ['History', 'humanity'],
  ])
    sub[key] = (
      await ok('subjects', {
        code: unique(''),
        name: unique(`${key} `),
        level: 'olevel',
        subject_group: group,
        compulsory: true,
      })
    ).id;
  sub.NEnglish = (
    await ok('subjects', { code: unique(''), name: unique('English '), level: 'nlsc', compulsory: true })
  ).id;
  people.Achan = (await admit(s, { surname: 'Achan', class_id: s.classes.S4, stream_id: s.streams['S4 East'] })).id;
  people.Birungi = (await admit(s, { surname: 'Birungi', class_id: s.classes.S4, stream_id: s.streams['S4 West'] })).id;
  people.Cherop = (await admit(s, { surname: 'Cherop', class_id: s.classes.S1, stream_id: s.streams['S1 East'] })).id;
  sets.BOT = (await ok('exam_sets', { name: unique('BOT'), year, term, max_mark: 100, curriculum: 'all', rank: 1 })).id;
  sets.MOT = (await ok('exam_sets', { name: unique('MOT'), year, term, max_mark: 100, curriculum: 'all', rank: 2 })).id;
  await ok('exam_sets', { name: unique('EOT'), year, term, max_mark: 100, curriculum: 'all', rank: 3 });
  await type('BOT', 'S4', 'English', [
    ['Achan', 60],
    ['Birungi', 70],
  ]);
  await type('MOT', 'S4', 'English', [
    ['Achan', 80],
    ['Birungi', 50],
  ]);
  await type('MOT', 'S4', 'Mathematics', [
    ['Achan', 70],
    ['Birungi', null, true],
  ]);

  // S4's cards printed, Birungi's withheld: 300,000 owed, Achan paid in full.
  await db
    .insert(consideredSets)
    .values({ schoolId: s.schoolId, year, term, classId: s.classes.S4, examSetId: sets.MOT, weight: 100 });
  const [category] = await db
    .insert(feesCategories)
    .values({ schoolId: s.schoolId, name: 'Tuition', rank: 1 })
    .returning();
  await db
    .insert(feesBreakdowns)
    .values({ schoolId: s.schoolId, categoryId: category.id, classId: s.classes.S4, year, term, amount: 300_000 });
  const mode = (
    await s.api.post('/payment_options', {
      name: unique('Cash'),
      kind: 'cash',
      opening_balance: 0,
      opening_on: '2026-01-01',
      active: true,
    })
  ).json().data.id;
  expect(
    (await s.api.post('/fees_payments', { student_id: people.Achan, amount: 300_000, mode_id: mode })).statusCode,
  ).toBe(200);
  await ok('report_settings', { withhold_when_owing: true, withhold_above: 0 });
  const printed = await post('reports_updated', { kind: 'old_reports', year, term, class_id: s.classes.S4 });
  expect(printed.statusCode, printed.body).toBe(200);
  expect(printed.headers['content-type']).toContain('application/pdf');

  admin = (await ok('dashboard_exams', {})).academic;
});

describe('the head teacher’s academic tile', () => {
  it('chases the latest set with marks (MOT) against the set before it (BOT)', () => {
    expect(admin.exam_set.id).toBe(sets.MOT);
    expect(admin.previous_set.id).toBe(sets.BOT);
  });

  it('marks entered, absent and missing by class, and each class’s mean against the set before', () => {
    const byClass = Object.fromEntries(admin.classes.map((c: Json) => [c.name, c]));
    expect(byClass.S4).toMatchObject({ expected: 6, entered: 3, absent: 1, missing: 2, mean: 66.7, previous_mean: 65 });
    expect(byClass.S1).toMatchObject({
      expected: 1,
      entered: 0,
      absent: 0,
      missing: 1,
      mean: null,
      previous_mean: null,
    });
    expect(byClass.S2).toBeUndefined();
  });

  it('the candidate class’s results in the set by the UNEB rule, and the cards printed and withheld', () => {
    expect(admin.candidates).toEqual([
      { class_id: s.classes.S4, name: 'S4', results: [{ label: 'Division 7', students: 2 }] },
    ]);
    expect(admin.report_cards).toEqual({ printed: 2, withheld: 1 });
  });

  it('a printed class leaves one line in the audit trail', async () => {
    const rows = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, s.schoolId), eq(audits.entity, 'report_cards')));
    expect(rows.map((r) => [r.action, r.after])).toEqual([
      ['print', { title: 'S4 Term 2 2026', kind: 'old_reports', cards: 2, withheld: 1 }],
    ]);
  });
});

describe('a teacher’s dashboard', () => {
  let mine: Json;
  beforeAll(async () => {
    const teacher = await staffWith(t.app, t.database, s, [
      'view_dashboard',
      'exams_navigation',
      'record_staff_marks',
      'view_exam_marksheet',
      'report_comments',
    ]);
    const [member] = await t.database.db
      .insert(staff)
      .values({
        schoolId: s.schoolId,
        name: unique('Teacher '),
        initials: unique('T').slice(0, 6),
        userId: teacher.userId,
      })
      .returning();
    await t.database.db.insert(staffSubjects).values([
      { schoolId: s.schoolId, staffId: member.id, subjectId: sub.Mathematics, classId: s.classes.S4 },
      {
        schoolId: s.schoolId,
        staffId: member.id,
        subjectId: sub.NEnglish,
        classId: s.classes.S1,
        streamId: s.streams['S1 East'],
      },
    ]);
    const as = client(t.app, teacher.token);
    mine = { ...(await as.post('/dashboard', {})).json().data, ...(await as.post('/dashboard_exams', {})).json().data };
  });

  it('shows their own load and the marks they still owe in the set being chased', () => {
    expect(mine.teaching.exam_set.id).toBe(sets.MOT);
    expect(mine.teaching.load).toEqual([
      expect.objectContaining({ class_name: 'S1 East', students: 1, missing: 1 }),
      expect.objectContaining({ class_name: 'S4', students: 2, missing: 0 }),
    ]);
  });

  it('shows no audit trail, and no school-wide academic, fees or user figures', () => {
    expect(mine.recent).toEqual([]);
    expect([mine.academic, mine.fees, mine.admin]).toEqual([null, null, false]);
  });
});

describe('a set for chosen classes', () => {
  it('counts only the classes the set is for (a Mock for S4 leaves S1 out)', async () => {
    sets.Mock = (
      await ok('exam_sets', {
        name: unique('Mock'),
        year,
        term,
        max_mark: 100,
        curriculum: 'all',
        class_ids: [s.classes.S4],
        rank: 4,
      })
    ).id;
    await type('Mock', 'S4', 'English', [['Achan', 75]]);
    const tile = (await ok('dashboard_exams', {})).academic;
    expect(tile.exam_set.id).toBe(sets.Mock);
    expect(tile.classes.map((c: Json) => [c.name, c.expected, c.entered])).toEqual([['S4', 6, 1]]);
  });
});
