import { consideredPapers, examMarks, studentSubjects, students } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, staffWith, unique, useTestApp } from './support.js';

/**
 * Missing marks as the Director of Studies chases them (issue 10 §6): a taker without a mark is missing,
 * absent is counted apart, a student who does not take a subject is never missing, and each line sits
 * under the teacher whose load covers that class, stream and paper.
 */
const t = useTestApp();
let a: RegisterSchool;
const ids: Record<string, number> = {};
const names: Record<string, string> = {};

const ok = async (res: Promise<{ statusCode: number; body: string; json: () => Json }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Json;
};

async function subject(level: string, name: string, compulsory: boolean) {
  return (await ok(a.api.post('/subjects', { name: unique(name), code: unique(''), level, compulsory }))).id as number;
}
async function teacher(key: string) {
  names[key] = unique(`${key} `);
  ids[key] = (await ok(a.api.post('/staff', { name: names[key], initials: key.slice(0, 3) }))).id;
  return ids[key];
}
const load = (body: Json) => ok(a.api.post('/staff_subjects', body));
async function mark(student: string, subjectKey: string, value: number | 'absent', paper?: string) {
  await t.database.db.insert(examMarks).values({
    schoolId: a.schoolId,
    examSetId: ids.bot,
    studentId: ids[student],
    subjectId: ids[subjectKey],
    paperId: paper ? ids[paper] : null,
    mark: value === 'absent' ? null : value,
    absent: value === 'absent',
  });
}

beforeAll(async () => {
  a = await registerSchool(t.app, t.database);
  ids.bot = (await ok(a.api.post('/exam_sets', { name: 'BOT', year: 2026, term: 2, curriculum: 'all', rank: 1 }))).id;
  ids.mock = (
    await ok(a.api.post('/exam_sets', { name: 'Mock', year: 2026, term: 2, curriculum: 'alevel', rank: 2 }))
  ).id;
  // S1: Mathematics for everyone, Literature only for those who chose it.
  ids.math = await subject('nlsc', 'Mathematics ', true);
  ids.lit = await subject('nlsc', 'Literature ', false);
  await teacher('allStreams');
  await teacher('west');
  await load({ staff_id: ids.allStreams, subject_id: ids.math, class_id: a.classes.S1 });
  await load({ staff_id: ids.west, subject_id: ids.math, class_id: a.classes.S1, stream_id: a.streams['S1 West'] });
  for (const [key, stream] of [
    ['amina', 'S1 East'],
    ['brian', 'S1 East'],
    ['carol', 'S1 West'],
    ['david', 'S1 West'],
  ]) {
    names[key] = unique('Okot ');
    ids[key] = (
      await admit(a, { surname: names[key], other_names: key, stream_id: a.streams[stream], admitted_on: '2026-02-10' })
    ).id;
  }
  await t.database.db
    .insert(studentSubjects)
    .values({ schoolId: a.schoolId, studentId: ids.amina, subjectId: ids.lit });
  await mark('amina', 'math', 60);
  await mark('brian', 'math', 'absent');
  await mark('david', 'math', 45);

  // S5: Physics with two papers; paper 1 has its own teacher, the subject one for all papers.
  ids.phy = await subject('alevel', 'Physics ', false);
  ids.p1 = (await ok(a.api.post('/papers', { subject_id: ids.phy, number: 1, name: 'Paper 1' }))).id;
  ids.p2 = (await ok(a.api.post('/papers', { subject_id: ids.phy, number: 2, name: 'Paper 2' }))).id;
  const [chem, math, sub] = [
    await subject('alevel', 'Chemistry ', false),
    await subject('alevel', 'Mathematics ', false),
    await subject('subsidiary', 'Sub ICT ', false),
  ];
  const pcm = await ok(
    a.api.post('/combinations', {
      name: unique('PCM'),
      subject1_id: ids.phy,
      subject2_id: chem,
      subject3_id: math,
      subsidiary_id: sub,
    }),
  );
  await teacher('paperOne');
  await teacher('physics');
  await load({ staff_id: ids.paperOne, subject_id: ids.phy, class_id: a.classes.S5, paper_id: ids.p1 });
  await load({ staff_id: ids.physics, subject_id: ids.phy, class_id: a.classes.S5 });
  names.eva = unique('Auma ');
  ids.eva = (
    await admit(a, {
      surname: names.eva,
      other_names: 'Eva',
      class_id: a.classes.S5,
      stream_id: a.streams['S5 Sciences'],
    })
  ).id;
  await t.database.db.update(students).set({ combinationId: pcm.id }).where(eq(students.id, ids.eva));
  await mark('eva', 'phy', 50, 'p1');
}, 120_000);

const ask = (path: string, body: Json, token = a.adminToken) =>
  t.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(token), payload: body });
/** The group of a teacher (by test key) or "No teacher assigned"; fails the test when it is not there. */
const group = (data: Json, key: string): Json => {
  const found = (data.teachers as Json[]).find((g) => g.teacher === (names[key] ?? key));
  expect(found, `group ${key}`).toBeDefined();
  return found as Json;
};

describe('an O-Level class', () => {
  let data: Json;
  beforeAll(async () => {
    data = await ok(ask('class_missing_marks', { class_id: a.classes.S1, exam_set_id: ids.bot }));
  });

  it('counts missing and absent apart, and never a student who does not take the subject', () => {
    expect(data.totals).toEqual({ takers: 5, entered: 2, absent: 1, missing: 2 });
    const literature = group(data, 'No teacher assigned');
    expect(literature.missing).toBe(1);
    expect(literature.lines).toHaveLength(1);
    expect(literature.lines[0].students.map((s: Json) => s.student_id)).toEqual([ids.amina]);
  });

  it('puts a stream under its own teacher, and the rest under the all-streams teacher', () => {
    const west = group(data, 'west');
    expect(west).toMatchObject({ takers: 2, entered: 1, absent: 0, missing: 1 });
    expect(west.lines[0]).toMatchObject({ stream_name: 'West', missing: 1 });
    expect(west.lines[0].students.map((s: Json) => s.student_id)).toEqual([ids.carol]);
    const all = group(data, 'allStreams');
    // Brian is absent, not missing: the teacher has nothing to enter.
    expect(all).toMatchObject({ takers: 2, entered: 1, absent: 1, missing: 0 });
    expect(all.lines[0]).toMatchObject({ stream_name: 'East', absent: 1, missing: 0, students: [] });
    expect(data.teachers[0].missing).toBeGreaterThanOrEqual(data.teachers.at(-1).missing);
  });

  it('narrows to a stream and a subject', async () => {
    const east = await ok(
      ask('class_missing_marks', { class_id: a.classes.S1, stream_id: a.streams['S1 East'], subject_id: ids.math }),
    );
    expect(east.totals).toEqual({ takers: 2, entered: 1, absent: 1, missing: 0 });
    expect(east.exam_set_id).toBe(ids.bot);
    expect(east.subjects.map((s: Json) => s.id).sort()).toEqual([ids.math, ids.lit].sort());
  });

  it('is the whole school by teacher on missing/marks, with counts and no names', async () => {
    const school = await ok(ask('missing/marks', { exam_set_id: ids.bot }));
    expect(group(school, 'west')).toMatchObject({ missing: 1 });
    expect(group(school, 'west').lines[0].students).toEqual([]);
    // S5 is in it too: Eva's Physics paper 2 and her other subjects.
    expect(group(school, 'physics').missing).toBe(1);
    expect(school.totals.missing).toBeGreaterThan(2);
  });

  it('refuses an A-Level class, an exam set the class does not sit, and another school’s class', async () => {
    const alevel = await ask('class_missing_marks', { class_id: a.classes.S5 });
    expect(alevel.statusCode).toBe(422);
    expect(alevel.json().errors.class_id).toEqual(['Choose an O-Level class']);
    const mock = await ask('class_missing_marks', { class_id: a.classes.S1, exam_set_id: ids.mock });
    expect(mock.statusCode).toBe(202);
    expect(mock.json().message).toBe('Mock is not sat by S1: choose another exam set.');
    const b = await registerSchool(t.app, t.database);
    for (const path of ['class_missing_marks', 'missing/marks']) {
      expect((await ask(path, { class_id: b.classes.S1 })).statusCode).toBe(404);
    }
    const theirStream = await ask('class_missing_marks', { class_id: a.classes.S1, stream_id: b.streams['S1 East'] });
    expect(theirStream.statusCode).toBe(404);
  });
});

describe('an A-Level class', () => {
  it('is chased per paper: each paper under its own teacher', async () => {
    const data = await ok(
      ask('alevel_class_missing_marks', { class_id: a.classes.S5, exam_set_id: ids.bot, subject_id: ids.phy }),
    );
    expect(data.totals).toEqual({ takers: 2, entered: 1, absent: 0, missing: 1 });
    expect(group(data, 'paperOne')).toMatchObject({ entered: 1, missing: 0, lines: [] });
    const rest = group(data, 'physics');
    expect(rest.lines).toHaveLength(1);
    expect(rest.lines[0]).toMatchObject({ paper_name: 'Paper 2', missing: 1 });
    expect(rest.lines[0].students.map((s: Json) => s.student_id)).toEqual([ids.eva]);
  });

  it('counts only the considered papers when the class chose some', async () => {
    await t.database.db
      .insert(consideredPapers)
      .values({ schoolId: a.schoolId, classId: a.classes.S5, subjectId: ids.phy, paperId: ids.p1 });
    const data = await ok(
      ask('alevel_class_missing_marks', { class_id: a.classes.S5, exam_set_id: ids.bot, subject_id: ids.phy }),
    );
    expect(data.totals).toEqual({ takers: 1, entered: 1, absent: 0, missing: 0 });
  });

  it('refuses an O-Level class', async () => {
    const res = await ask('alevel_class_missing_marks', { class_id: a.classes.S1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.class_id).toEqual(['Choose an A-Level class']);
  });
});

describe('who may see them', () => {
  it('lets in view_exam_marksheet and manage_exam_marks, and no one else', async () => {
    for (const flag of ['view_exam_marksheet', 'manage_exam_marks'] as const) {
      const user = await staffWith(t.app, t.database, a, [flag]);
      for (const path of ['missing/marks', 'class_missing_marks']) {
        const res = await ask(path, { class_id: a.classes.S1 }, user.token);
        expect(res.statusCode, `${flag} ${path}`).toBe(200);
      }
    }
    const clerk = await staffWith(t.app, t.database, a, ['view_students', 'view_exam_sets']);
    for (const path of ['missing/marks', 'class_missing_marks', 'alevel_class_missing_marks']) {
      expect((await ask(path, { class_id: a.classes.S1 }, clerk.token)).statusCode).toBe(403);
    }
  });
});
