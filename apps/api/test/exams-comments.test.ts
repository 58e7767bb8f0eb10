import { classes, consideredSets, examMarks } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, newSchool, staffWith, unique, useTestApp } from './support.js';

/**
 * Report comments with the bank's suggestions, teachers' comments on students and the new curriculum's
 * projects, as a class teacher and the Director of Studies use them at the end of term.
 */
const t = useTestApp();
let s: RegisterSchool;
const year = 2026;
const term = 3;
const people: Record<string, number> = {};
let english: number;

const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: Json, token = s.adminToken) =>
  t.app.inject({ method, url: `/api/${path}`, headers: bearer(token), ...(body ? { payload: body } : {}) });
const ok = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: Json, token = s.adminToken) => {
  const res = await call(method, path, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};
const query = (extra = '') => `report_comments?year=${year}&term=${term}&class_id=${s.classes.S3}${extra}`;

beforeAll(async () => {
  s = await registerSchool(t.app, t.database, { year, term });
  // S3 follows the old O-Level curriculum here; S1 (the new curriculum) keeps the default.
  await t.database.db
    .update(classes)
    .set({ curriculum: 'old' })
    .where(eq(classes.id, s.classes.S3 as number));
  const plan: [code: string, group: string][] = [
    ['112', 'english'],
    ['456', 'mathematics'],
    ['535', 'science'],
    ['545', 'science'],
    ['553', 'science'],
    ['241', 'humanity'],
    ['273', 'humanity'],
    ['223', 'humanity'],
  ];
  const subjects: number[] = [];
  for (const [code, group] of plan) {
    const created = await ok('POST', 'subjects', {
      code: unique(code),
      name: unique(`S${code}`),
      level: 'olevel',
      subject_group: group,
      compulsory: true,
    });
    subjects.push(created.data.id);
  }
  english = subjects[0] as number;
  for (const name of ['Akello', 'Bbosa', 'Cheptoo']) {
    people[name] = (await admit(s, { surname: name, class_id: s.classes.S3, stream_id: s.streams['S3 East'] })).id;
  }
  people.Nabirye = (await admit(s, { surname: 'Nabirye', class_id: s.classes.S1, stream_id: s.streams['S1 East'] })).id;
  const set = (await ok('POST', 'exam_sets', { name: unique('EOT'), year, term, max_mark: 100, curriculum: 'all' }))
    .data.id;
  // Akello: D1 in all eight (aggregate 8, Division 1); Bbosa: P8 in all eight (aggregate 64); Cheptoo: no marks.
  await t.database.db.insert(examMarks).values(
    subjects.flatMap((subjectId) => [
      { schoolId: s.schoolId, examSetId: set, studentId: people.Akello as number, subjectId, mark: 84 },
      { schoolId: s.schoolId, examSetId: set, studentId: people.Bbosa as number, subjectId, mark: 45 },
    ]),
  );
  await t.database.db
    .insert(consideredSets)
    .values({ schoolId: s.schoolId, year, term, classId: s.classes.S3 as number, examSetId: set, weight: 100 });
  for (const [author, fromValue, toValue, comment] of [
    ['class_teacher', 8, 72, 'You can do better: work harder next term.'],
    ['class_teacher', 8, 20, 'Excellent work, keep it up.'],
    ['class_teacher', 8, 20, 'A second comment on the same range.'],
    ['head_teacher', 8, 12, 'A fine result. Well done.'],
    ['head_teacher', 0, 100, 'A comment for the new curriculum'],
  ] as const) {
    await ok('POST', 'system_comments', {
      scheme: comment.includes('new curriculum') ? 'new' : 'olevel',
      author,
      from_value: fromValue,
      to_value: toValue,
      comment,
    });
  }
});

const student = (sheet: Json, id: number | undefined) => sheet.students.find((x: Json) => x.id === id);

describe('report comments (/report/comments)', () => {
  it('list the class with each result and the narrowest range of the bank as the suggestion', async () => {
    const sheet = (await ok('GET', query())).data;
    expect(sheet).toMatchObject({ title: 'S3 Term 3 2026', scheme: 'olevel', result_label: 'Aggregate' });
    expect(student(sheet, people.Akello)).toMatchObject({
      result: 8,
      result_text: 'Aggregate 8, Division 1',
      comment_id: null,
      suggested_class_teacher: 'Excellent work, keep it up.',
      suggested_head_teacher: 'A fine result. Well done.',
    });
    expect(student(sheet, people.Bbosa)).toMatchObject({
      result: 64,
      suggested_class_teacher: 'You can do better: work harder next term.',
      suggested_head_teacher: null,
    });
    expect(student(sheet, people.Cheptoo)).toMatchObject({
      result: null,
      result_text: 'No marks',
      suggested_class_teacher: null,
    });
    expect(student(sheet, people.Nabirye)).toBeUndefined();
  });

  it('save a class at once, edit one, keep both in the audit trail, and list them back', async () => {
    // The director of studies (exam set-up) in a group that may also write the head teacher's comment.
    const teacher = (
      await staffWith(t.app, t.database, s, ['report_comments', 'view_exam_sets', 'write_head_teacher_comments'])
    ).token;
    const saved = await ok(
      'POST',
      'report_comments',
      {
        year,
        term,
        comments: [
          { student_id: people.Akello, class_teacher: 'Excellent work, keep it up.', head_teacher: 'Well done.' },
          { student_id: people.Bbosa, class_teacher: '  Work harder.  ', head_teacher: '' },
        ],
      },
      teacher,
    );
    expect(saved).toEqual({ data: { saved: 2 }, message: 'Comments Saved Successfully' });
    let sheet = (await ok('GET', query(`&stream_id=${s.streams['S3 East']}`), undefined, teacher)).data;
    expect(sheet.title).toBe('S3 East Term 3 2026');
    expect(student(sheet, people.Bbosa)).toMatchObject({ class_teacher: 'Work harder.', head_teacher: null });
    const id = student(sheet, people.Akello).comment_id;
    const edited = await ok('PUT', `report_comments/${id}`, { head_teacher: 'A fine result.' }, teacher);
    expect(edited.data).toMatchObject({
      student_id: people.Akello,
      class_teacher: 'Excellent work, keep it up.',
      head_teacher: 'A fine result.',
    });
    // Saving the class again replaces a student's comment: one row per student and term.
    await ok('POST', 'report_comments', {
      year,
      term,
      comments: [{ student_id: people.Bbosa, class_teacher: 'Much better.', head_teacher: null }],
    });
    sheet = (await ok('GET', query())).data;
    expect(student(sheet, people.Bbosa).class_teacher).toBe('Much better.');
    expect(student(sheet, people.Akello).head_teacher).toBe('A fine result.');
    const trail = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.entity, 'report_comments'), eq(audits.schoolId, s.schoolId)));
    expect(trail.map((a) => a.action).sort()).toEqual(['create', 'create', 'update', 'update']);
  });

  it('refuse another school, those without the flag, and bad input', async () => {
    const other = await newSchool(t.app, t.database);
    const stranger = await call(
      'POST',
      'report_comments',
      { year, term, comments: [{ student_id: people.Akello, class_teacher: 'x', head_teacher: null }] },
      other.adminToken,
    );
    expect(stranger.statusCode).toBe(404);
    const sheet = (await ok('GET', query())).data;
    const id = student(sheet, people.Akello).comment_id;
    expect((await call('PUT', `report_comments/${id}`, { head_teacher: 'x' }, other.adminToken)).statusCode).toBe(404);
    const clerk = (await staffWith(t.app, t.database, s, ['view_students'])).token;
    expect((await call('GET', query(), undefined, clerk)).statusCode).toBe(403);
    const empty = await call('POST', 'report_comments', { year, term, comments: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.comments).toEqual(['Write at least one comment']);
    const long = await call('PUT', `report_comments/${id}`, { head_teacher: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
  });

  it('list a new-curriculum class before any set is considered, with no results to suggest from', async () => {
    const sheet = (await ok('GET', `report_comments?year=${year}&term=${term}&class_id=${s.classes.S1}`)).data;
    expect(sheet).toMatchObject({ scheme: 'new', result_label: 'Average mark' });
    expect(student(sheet, people.Nabirye)).toMatchObject({ result: null, suggested_head_teacher: null });
  });
});

describe("teachers' comments on students (/student/comments)", () => {
  const list = (body: Json) => ok('POST', 'add_student_comment', { year, term, class_id: s.classes.S3, ...body });

  it("save a subject's remark and the conduct, list them back, and remove one with an empty comment", async () => {
    const saved = await ok('POST', 'save_student_comment', {
      year,
      term,
      student_id: people.Akello,
      subject_id: english,
      kind: 'remark',
      comment: 'Reads widely; keep it up.',
    });
    expect(saved).toEqual({
      data: { student_id: people.Akello, comment: 'Reads widely; keep it up.' },
      message: 'Comment Saved Successfully',
    });
    await ok('POST', 'save_student_comment', {
      year,
      term,
      student_id: people.Akello,
      kind: 'conduct',
      comment: 'Respectful and punctual.',
    });
    const remarks = (await list({ kind: 'remark', subject_id: english })).data;
    expect(student(remarks, people.Akello).comment).toBe('Reads widely; keep it up.');
    expect(student(remarks, people.Bbosa).comment).toBeNull();
    const conduct = (await list({ kind: 'conduct' })).data;
    expect(student(conduct, people.Akello).comment).toBe('Respectful and punctual.');
    const removed = await ok('POST', 'save_student_comment', {
      year,
      term,
      student_id: people.Akello,
      kind: 'conduct',
      comment: '',
    });
    expect(removed.message).toBe('Comment Removed Successfully');
    expect(student((await list({ kind: 'conduct' })).data, people.Akello).comment).toBeNull();
  });

  it('keep generic skills and values for new-curriculum learners, and refuse them elsewhere', async () => {
    const skills = await ok('POST', 'save_comment_new', {
      year,
      term,
      student_id: people.Nabirye,
      kind: 'generic_skills',
      comment: 'Works well in a team; communicates clearly.',
    });
    expect(skills.data.comment).toBe('Works well in a team; communicates clearly.');
    const listed = (
      await ok('POST', 'add_student_comment', { year, term, class_id: s.classes.S1, kind: 'generic_skills' })
    ).data;
    expect(listed.curriculum).toBe('new');
    expect(student(listed, people.Nabirye).comment).toBe('Works well in a team; communicates clearly.');
    const wrongClass = await call('POST', 'save_comment_new', {
      year,
      term,
      student_id: people.Akello,
      kind: 'values',
      comment: 'Honest.',
    });
    expect(wrongClass.statusCode).toBe(202);
    expect(wrongClass.json().message).toContain('S3 follows the old curriculum');
    const noSubject = await call('POST', 'save_student_comment', {
      year,
      term,
      student_id: people.Akello,
      kind: 'remark',
      comment: 'Good.',
    });
    expect(noSubject.statusCode).toBe(202);
    expect(noSubject.json().message).toBe('Choose the subject the remark is for.');
    const notThatTerm = await call('POST', 'save_student_comment', {
      year: 2019,
      term: 1,
      student_id: people.Akello,
      kind: 'conduct',
      comment: 'Good.',
    });
    expect(notThatTerm.statusCode).toBe(202);
    expect(notThatTerm.json().message).toMatch(/was not in any class in Term 1 2019/);
  });
});

describe('projects (/exams/projects)', () => {
  const project = {
    year,
    term,
    title: 'Making briquettes from banana peels',
    planning: 4,
    implementation: 5,
    reporting: 3,
    dissemination: 2,
  };

  it('record a learner project by the indicators observed, change it, and list the class', async () => {
    const dos = (await staffWith(t.app, t.database, s, ['manage_exam_marks'])).token;
    const saved = await ok('POST', 'save_project', { ...project, student_id: people.Nabirye }, dos);
    expect(saved.message).toBe('Project Saved Successfully');
    expect(saved.data).toMatchObject({ title: project.title, total: 14, remark: null });
    const changed = await ok(
      'POST',
      'save_project',
      { ...project, student_id: people.Nabirye, dissemination: 4, remark: 'Presented at the open day.' },
      dos,
    );
    expect(changed.data).toMatchObject({ id: saved.data.id, total: 16, remark: 'Presented at the open day.' });
    const listed = (await ok('POST', 'add_project', { year, term, class_id: s.classes.S1 }, dos)).data;
    expect(listed.title).toBe('S1 Term 3 2026');
    expect(student(listed, people.Nabirye).project).toMatchObject({ dissemination: 4, total: 16 });
  });

  it('refuse projects for old-curriculum classes, impossible counts and those without the flag', async () => {
    const old = await call('POST', 'save_project', { ...project, student_id: people.Akello });
    expect(old.statusCode).toBe(202);
    expect(old.json().message).toContain('S3 follows the old O-level curriculum');
    const list = await call('POST', 'add_project', { year, term, class_id: s.classes.S3 });
    expect(list.statusCode).toBe(202);
    const bad = await call('POST', 'save_project', { ...project, student_id: people.Nabirye, planning: 11 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.planning).toEqual(['Enter 0 to 10 indicators']);
    // The director of studies (exam set-up) in a group that may also write the head teacher's comment.
    const teacher = (
      await staffWith(t.app, t.database, s, ['report_comments', 'view_exam_sets', 'write_head_teacher_comments'])
    ).token;
    expect((await call('POST', 'add_project', { year, term, class_id: s.classes.S1 }, teacher)).statusCode).toBe(403);
  });
});
