import { classes, competences, consideredSets } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, unique, useTestApp } from './support.js';

/**
 * Results that follow UNEB's rules for every candidate, from marks typed in through the marks screens'
 * calls to the marksheet and the report card (issue 25 §4; DOMAIN §1.4 and §3.1, worked by hand):
 * - a visually impaired candidate with D1 everywhere but F9 in both sciences is Division 1 (the science
 *   condition is waived); the same marks without the flag are Division 2;
 * - Literature in English is a humanity: D1 in it with F9 in History and Geography is Division 1;
 * - a new-curriculum S4 candidate who sat the seven compulsory subjects and CRE has Result 1, though
 *   Entrepreneurship is compulsory in S1–S2 (and every S2 student takes it without choosing it).
 */
const t = useTestApp();
let s: RegisterSchool;
const year = 2026;
const term = 2;
const sub: Record<string, number> = {};
const people: Record<string, number> = {};
let eot: number;

const post = (path: string, body: Json, token = s.adminToken) =>
  t.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(token), payload: body });
const ok = async (path: string, body: Json) => {
  const res = await post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};
const subject = async (key: string, body: Json) => {
  sub[key] = (await ok('subjects', { code: unique(''), name: unique(`${key} `), ...body })).id;
};
/** Marks typed into a subject's grid for the class (as the marks screen saves them). */
async function type(classKey: string, subjectKey: string, marks: [student: string, mark: number][]) {
  await ok('save_exam_mark', {
    exam_set_id: eot,
    class_id: s.classes[classKey],
    subject_id: sub[subjectKey],
    marks: marks.map(([student, mark]) => ({ student_id: people[student], mark, version: null })),
  });
}

beforeAll(async () => {
  s = await registerSchool(t.app, t.database, { year, term });
  // S3 follows the old curriculum here; S4 and S2 the new one.
  await t.database.db.update(classes).set({ curriculum: 'old' }).where(eq(classes.id, s.classes.S3));
  eot = (await ok('exam_sets', { name: unique('EOT'), year, term, max_mark: 100, curriculum: 'all' })).id;
  await t.database.db.insert(consideredSets).values(
    ['S2', 'S3', 'S4'].map((c) => ({
      schoolId: s.schoolId,
      year,
      term,
      classId: s.classes[c],
      examSetId: eot,
      weight: 100,
    })),
  );

  // Old curriculum: ten subjects in UNEB's groups.
  const old: [string, string][] = [
    ['English', 'english'],
    ['Mathematics', 'mathematics'],
    ['History', 'humanity'],
    ['Geography', 'humanity'],
    ['Literature', 'humanity'],
    ['Luganda', 'language'],
    ['Commerce', 'other'],
    ['Art', 'practical'],
    ['Physics', 'science'],
    ['Chemistry', 'science'],
  ];
  for (const [key, group] of old) await subject(key, { level: 'olevel', subject_group: group, compulsory: true });
  people.Amoding = (
    await admit(s, {
      surname: 'Amoding',
      class_id: s.classes.S3,
      stream_id: s.streams['S3 East'],
      visually_impaired: true,
    })
  ).id;
  people.Byaruhanga = (
    await admit(s, { surname: 'Byaruhanga', class_id: s.classes.S3, stream_id: s.streams['S3 East'] })
  ).id;
  people.Chemutai = (
    await admit(s, { surname: 'Chemutai', class_id: s.classes.S3, stream_id: s.streams['S3 West'] })
  ).id;
  for (const [key] of old) {
    const science = key === 'Physics' || key === 'Chemistry';
    const historyOrGeography = key === 'History' || key === 'Geography';
    await type('S3', key, [
      ['Amoding', science ? 20 : 85],
      ['Byaruhanga', science ? 20 : 85],
      // Chemutai: D1 in Literature and everything else but History and Geography (F9).
      ['Chemutai', historyOrGeography ? 25 : 90],
    ]);
  }

  // New curriculum: the seven compulsory in every class, Entrepreneurship in S1–S2 only, CRE optional.
  for (const key of ['NEnglish', 'NMaths', 'HPE', 'NGeography', 'NPhysics', 'NChemistry', 'NBiology'])
    await subject(key, { level: 'nlsc', subject_group: 'other', compulsory: true });
  await subject('Entrepreneurship', { level: 'nlsc', compulsory: true, compulsory_in: 'lower' });
  await subject('CRE', { level: 'nlsc', subject_group: 'humanity', compulsory: false });
  people.Dembe = (await admit(s, { surname: 'Dembe', class_id: s.classes.S4, stream_id: s.streams['S4 East'] })).id;
  people.Esiru = (await admit(s, { surname: 'Esiru', class_id: s.classes.S2, stream_id: s.streams['S2 East'] })).id;
  await ok('save_optional_subjects', {
    class_id: s.classes.S4,
    choices: [{ student_id: people.Dembe, subject_ids: [sub.CRE] }],
  });
  // Each subject: one competence this term with an AOI of 2.5 (CA 16.67) and an exam of 65 (52): 68.67, grade C.
  for (const key of ['NEnglish', 'NMaths', 'HPE', 'NGeography', 'NPhysics', 'NChemistry', 'NBiology', 'CRE']) {
    const [competence] = await t.database.db
      .insert(competences)
      .values({
        schoolId: s.schoolId,
        subjectId: sub[key],
        classId: s.classes.S4,
        year,
        term,
        name: 'Project work',
        rank: 0,
      })
      .returning();
    await ok('save_exam_mark_new', {
      exam_set_id: eot,
      class_id: s.classes.S4,
      subject_id: sub[key],
      marks: [{ student_id: people.Dembe, mark: 65, version: null }],
      aoi: [{ student_id: people.Dembe, competence_id: competence.id, score: 2.5, version: null }],
    });
  }
  await ok('save_project', {
    year,
    term,
    student_id: people.Dembe,
    title: 'Briquettes from banana peels',
    planning: 3,
    implementation: 4,
    reporting: 2,
    dissemination: 2,
  });
});

describe('the old curriculum marksheet, from marks typed in', () => {
  let rows: Json[];
  beforeAll(async () => {
    rows = (await ok('oLevel_marksheet', { year, term, class_id: s.classes.S3 })).students;
  });
  const row = (name: string) => rows.find((r) => r.id === people[name]) as Json;

  it('a visually impaired candidate with F9 in both sciences and D1 in the rest is Division 1; without the flag Division 2', () => {
    expect(row('Amoding')).toMatchObject({ aggregate: 8, division: 1 });
    expect(row('Byaruhanga')).toMatchObject({ aggregate: 8, division: 2 });
  });

  it('Literature in English counts as the humanity: D1 in it with F9 in History and Geography is Division 1', () => {
    expect(row('Chemutai')).toMatchObject({ aggregate: 8, division: 1 });
  });

  it("the report card prints the marksheet's division", async () => {
    const cards = (await ok('old_reports', { year, term, class_id: s.classes.S3 })).cards as Json[];
    const card = (name: string) => cards.find((c) => c.student.id === people[name]) as Json;
    expect(card('Amoding').summary.division).toBe(1);
    expect(card('Byaruhanga').summary.division).toBe(2);
  });

  it('the student profile shows the flag, and an edit clears it', async () => {
    expect((await s.api.get(`/students/${people.Amoding}`)).json().data.visually_impaired).toBe(true);
    const res = await s.api.put(`/students/${people.Byaruhanga}`, { visually_impaired: true });
    expect(res.statusCode, res.body).toBe(200);
    const again = (await ok('oLevel_marksheet', { year, term, class_id: s.classes.S3 })).students as Json[];
    expect(again.find((r) => r.id === people.Byaruhanga)?.division).toBe(1);
  });
});

describe('compulsory subjects by class', () => {
  it('an S4 candidate who sat the seven compulsory subjects and CRE has Result 1 (Entrepreneurship is for S1–S2)', async () => {
    const cards = (await ok('olan_report', { year, term, class_id: s.classes.S4 })).cards as Json[];
    const dembe = cards.find((c) => c.student.id === people.Dembe) as Json;
    expect(dembe.rows.map((r: Json) => r.subject_id).sort()).toEqual(
      ['NEnglish', 'NMaths', 'HPE', 'NGeography', 'NPhysics', 'NChemistry', 'NBiology', 'CRE']
        .map((k) => sub[k])
        .sort(),
    );
    expect(dembe.rows.map((r: Json) => r.grade)).toEqual(Array(8).fill('C'));
    expect(dembe.summary.result).toBe(1);
  });

  it('every S2 student takes Entrepreneurship; in S4 it is an optional subject', async () => {
    const grid = await ok('fetch_students_new', {
      exam_set_id: eot,
      class_id: s.classes.S2,
      subject_id: sub.Entrepreneurship,
    });
    expect(grid.students.map((x: Json) => x.id)).toEqual([people.Esiru]);
    const optional = (await s.api.get(`/optional_subjects?class_id=${s.classes.S4}`)).json().data as Json[];
    expect(optional.map((x) => x.id)).toEqual(expect.arrayContaining([sub.Entrepreneurship, sub.CRE]));
    const inS2 = (await s.api.get(`/optional_subjects?class_id=${s.classes.S2}`)).json().data as Json[];
    expect(inS2.map((x) => x.id)).not.toContain(sub.Entrepreneurship);
  });
});
