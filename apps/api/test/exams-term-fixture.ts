import { aoiScores, classes, combinations, competences, consideredSets, examMarks, students } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, unique, type useTestApp } from './support.js';

/**
 * A school at the end of term 3 2026, as the report-card and analysis tests share it. S3 follows the
 * old O-Level curriculum: eight subjects, BOT (out of 50, 40 %) and EOT (60 %); Akello D1 in all,
 * Bbosa P8 in all, Cheptoo no marks; an English remark and report comments for Akello, a bank comment
 * for aggregates 60–72. S1 (new curriculum): Nabirye in English with two competences (AOI 2.5 and 3.0),
 * an EOT of 70 and a project. S5 (A Level): Mugisha in HEG with Economics 72 and General Paper 76 at EOT.
 * Every figure the tests expect is worked by hand from DOMAIN §1–3 and the default tables.
 */
type App = ReturnType<typeof useTestApp>;
let t: App;
export let s: RegisterSchool;
export const year = 2026;
export const term = 3;
export const people: Record<string, number> = {};
export const subjects: Record<string, number> = {};
export const sets: Record<string, number> = {};

export const call = (path: string, body: Json, token = s.adminToken) =>
  t.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(token), payload: body });
export const ok = async (path: string, body: Json, token = s.adminToken) => {
  const res = await call(path, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};
export const classTerm = (cls: string, extra: Json = {}) => ({ year, term, class_id: s.classes[cls], ...extra });
const db = () => t.database.db;
/** The sets that count for a class this term, with their weights. */
const consider = (cls: string, weights: [set: string, weight: number][]) =>
  db()
    .insert(consideredSets)
    .values(
      weights.map(([set, weight]) => ({
        schoolId: s.schoolId,
        year,
        term,
        classId: s.classes[cls] as number,
        examSetId: sets[set] as number,
        weight,
      })),
    );

async function subject(key: string, code: string, level: string, group = 'other', compulsory = true) {
  const created = await ok('subjects', {
    code: unique(code),
    name: `${key} ${unique('')}`.trim(),
    level,
    subject_group: group,
    compulsory,
  });
  subjects[key] = created.id;
  return created.id as number;
}
const mark = (set: string, student: string, subjectKey: string, value: number | null) => ({
  schoolId: s.schoolId,
  examSetId: sets[set] as number,
  studentId: people[student] as number,
  subjectId: subjects[subjectKey] as number,
  mark: value,
});

export async function setUpEndOfTerm(app: App) {
  t = app;
  s = await registerSchool(t.app, t.database, { year, term });
  await db()
    .update(classes)
    .set({ curriculum: 'old' })
    .where(eq(classes.id, s.classes.S3 as number));
  sets.BOT = (await ok('exam_sets', { name: unique('BOT'), year, term, max_mark: 50, curriculum: 'all' })).id;
  sets.EOT = (await ok('exam_sets', { name: unique('EOT'), year, term, max_mark: 100, curriculum: 'all' })).id;

  // O Level (S3): eight subjects; Akello D1 in all (English BOT 40/50 = 80 %, EOT 84 → 82.4), Bbosa P8.
  const olevel: [string, string, string][] = [
    ['English', '112', 'english'],
    ['Mathematics', '456', 'mathematics'],
    ['Physics', '535', 'science'],
    ['Chemistry', '545', 'science'],
    ['Biology', '553', 'science'],
    ['History', '241', 'humanity'],
    ['Geography', '273', 'humanity'],
    ['CRE', '223', 'humanity'],
  ];
  for (const [key, code, group] of olevel) await subject(key, code, 'olevel', group);
  for (const name of ['Akello', 'Bbosa', 'Cheptoo'])
    people[name] = (await admit(s, { surname: name, class_id: s.classes.S3, stream_id: s.streams['S3 East'] })).id;
  await db()
    .insert(examMarks)
    .values(
      olevel.flatMap(([key]) => [
        mark('BOT', 'Akello', key, 40),
        mark('EOT', 'Akello', key, 84),
        mark('BOT', 'Bbosa', key, 23),
        mark('EOT', 'Bbosa', key, 45),
      ]),
    );
  await consider('S3', [
    ['BOT', 40],
    ['EOT', 60],
  ]);
  await ok('save_student_comment', {
    year,
    term,
    student_id: people.Akello,
    subject_id: subjects.English,
    kind: 'remark',
    comment: 'A fluent reader.',
  });
  await ok('report_comments', {
    year,
    term,
    comments: [{ student_id: people.Akello, class_teacher: 'A model student.', head_teacher: 'Excellent.' }],
  });
  await ok('system_comments', {
    scheme: 'olevel',
    author: 'class_teacher',
    from_value: 60,
    to_value: 72,
    comment: 'Work harder next term.',
  });

  // New curriculum (S1): Nabirye takes English with two competences (AOI 2.5 and 3.0) and an exam of 70.
  await subject('NEnglish', '112', 'nlsc', 'english');
  people.Nabirye = (await admit(s, { surname: 'Nabirye', class_id: s.classes.S1, stream_id: s.streams['S1 East'] })).id;
  const made = await db()
    .insert(competences)
    .values(
      ['Listening and speaking', 'Reading for meaning'].map((name, rank) => ({
        schoolId: s.schoolId,
        subjectId: subjects.NEnglish as number,
        classId: s.classes.S1 as number,
        year,
        term,
        name,
        rank,
      })),
    )
    .returning();
  await db()
    .insert(aoiScores)
    .values(
      made.map((c, i) => ({
        schoolId: s.schoolId,
        competenceId: c.id,
        studentId: people.Nabirye as number,
        scoreTenths: i === 0 ? 25 : 30,
      })),
    );
  await db()
    .insert(examMarks)
    .values(mark('EOT', 'Nabirye', 'NEnglish', 70));
  await consider('S1', [['EOT', 100]]);
  await ok('save_project', {
    year,
    term,
    student_id: people.Nabirye,
    title: 'Liquid soap for the canteen',
    planning: 3,
    implementation: 4,
    reporting: 2,
    dissemination: 2,
  });

  // A Level (S5): Mugisha takes Economics (C3 in its one paper → principal B, 5 points) and General Paper (D2 → 1).
  await subject('Economics', 'P220', 'alevel');
  await subject('History', 'P210', 'alevel');
  await subject('Geography', 'P250', 'alevel');
  await subject('GP', 'S101', 'subsidiary');
  await subject('SubMath', 'S475', 'subsidiary', 'other', false);
  const [combination] = await db()
    .insert(combinations)
    .values({
      schoolId: s.schoolId,
      name: unique('HEG'),
      subject1Id: subjects.History as number,
      subject2Id: subjects.Economics as number,
      subject3Id: subjects.Geography as number,
      subsidiaryId: subjects.SubMath as number,
    })
    .returning();
  people.Mugisha = (await admit(s, { surname: 'Mugisha', class_id: s.classes.S5, stream_id: s.streams['S5 Arts'] })).id;
  await db()
    .update(students)
    .set({ combinationId: combination?.id })
    .where(eq(students.id, people.Mugisha as number));
  await db()
    .insert(examMarks)
    .values([mark('EOT', 'Mugisha', 'Economics', 72), mark('EOT', 'Mugisha', 'GP', 76)]);
  await consider('S5', [['EOT', 100]]);
}
