import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

/**
 * Subjects and combinations (issue 10 §3): subject lists by level, who takes which optional subject,
 * which A-Level papers count, and each S5–S6 student's combination.
 */
const t = useTestApp();
let a: RegisterSchool;
let b: RegisterSchool;
const ids: Record<string, number> = {};

const ok = async (res: Promise<{ statusCode: number; body: string; json: () => Json }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Json;
};
const subject = async (school: RegisterSchool, level: string, name: string, compulsory = false) =>
  (await ok(school.api.post('/subjects', { name: unique(name), code: unique(''), level, compulsory }))).data
    .id as number;
const auditCount = async (entity: string) =>
  (
    await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, a.schoolId), eq(audits.entity, entity)))
  ).length;

beforeAll(async () => {
  a = await registerSchool(t.app, t.database);
  b = await registerSchool(t.app, t.database);
  ids.math = await subject(a, 'nlsc', 'Mathematics ', true);
  ids.lit = await subject(a, 'nlsc', 'Literature ');
  ids.french = await subject(a, 'nlsc', 'French ');
  ids.oldArt = await subject(a, 'olevel', 'Fine Art ');
  ids.phy = await subject(a, 'alevel', 'Physics ');
  ids.chem = await subject(a, 'alevel', 'Chemistry ');
  ids.pmath = await subject(a, 'alevel', 'Mathematics ');
  ids.gp = await subject(a, 'subsidiary', 'General Paper ', true);
  ids.ict = await subject(a, 'subsidiary', 'Sub ICT ');
  for (const n of [1, 2, 3]) {
    ids[`p${n}`] = (await ok(a.api.post('/papers', { subject_id: ids.phy, number: n, name: `Paper ${n}` }))).data.id;
  }
  ids.pcm = (
    await ok(
      a.api.post('/combinations', {
        name: unique('PCM'),
        subject1_id: ids.phy,
        subject2_id: ids.chem,
        subject3_id: ids.pmath,
        subsidiary_id: ids.ict,
      }),
    )
  ).data.id;
  ids.amina = (await admit(a, { surname: 'Akello', other_names: 'Amina' })).id;
  ids.brian = (await admit(a, { surname: 'Byaruhanga', other_names: 'Brian', stream_id: a.streams['S1 West'] })).id;
  ids.eva = (
    await admit(a, { surname: 'Auma', other_names: 'Eva', class_id: a.classes.S5, stream_id: a.streams['S5 Sciences'] })
  ).id;
  ids.bStudent = (await admit(b, { surname: 'Other', other_names: 'School' })).id;
  ids.bSubject = await subject(b, 'nlsc', 'Kiswahili ');
}, 120_000);

describe('subject lists', () => {
  it('answers each level on its own', async () => {
    const codes = async (path: string) => (await ok(a.api.get(path))).data.map((s: Json) => s.id);
    expect(await codes('/alevel_subjects')).toEqual(expect.arrayContaining([ids.phy, ids.chem, ids.pmath]));
    expect(await codes('/alevel_subjects')).not.toContain(ids.gp);
    expect((await codes('/subsidiaries')).sort()).toEqual([ids.gp, ids.ict].sort());
    expect((await codes('/new_cur_subjects')).sort()).toEqual([ids.math, ids.lit, ids.french].sort());
  });

  it("gives a class's optional subjects from its curriculum, never the compulsory ones", async () => {
    const s1 = (await ok(a.api.get(`/optional_subjects?class_id=${a.classes.S1}`))).data.map((s: Json) => s.id);
    expect(s1.sort()).toEqual([ids.lit, ids.french].sort());
    const s5 = (await ok(a.api.get(`/optional_subjects?class_id=${a.classes.S5}`))).data.map((s: Json) => s.id);
    expect(s5).toContain(ids.ict);
    expect(s5).not.toContain(ids.gp);
    const old = (await ok(a.api.get('/optional_subjects?level=olevel'))).data.map((s: Json) => s.id);
    expect(old).toEqual([ids.oldArt]);
  });

  it("lists a subject's papers with the subject's name", async () => {
    const list = (await ok(a.api.get(`/subject_papers?subject_id=${ids.phy}`))).data;
    expect(list.map((p: Json) => p.number)).toEqual([1, 2, 3]);
    expect(list[0].subject_name).toMatch(/^Physics/);
    expect((await a.api.get(`/subject_papers?subject_id=${ids.bSubject}`)).statusCode).toBe(404);
  });
});

describe('optional subjects', () => {
  it('saves the ticks of a class and reads them back, auditing only changes', async () => {
    const before = await auditCount('student_subjects');
    const saved = await ok(
      a.api.post('/save_optional_subjects', {
        class_id: a.classes.S1,
        choices: [
          { student_id: ids.amina, subject_ids: [ids.lit, ids.french] },
          { student_id: ids.brian, subject_ids: [] },
        ],
      }),
    );
    expect(saved.data).toEqual({ added: 2, removed: 0 });
    expect(saved.message).toBe('Optional Subjects Saved Successfully');
    expect(await auditCount('student_subjects')).toBe(before + 2);

    const again = await ok(
      a.api.post('/save_optional_subjects', {
        class_id: a.classes.S1,
        choices: [{ student_id: ids.amina, subject_ids: [ids.lit] }],
      }),
    );
    expect(again.data).toEqual({ added: 0, removed: 1 });
    expect(await auditCount('student_subjects')).toBe(before + 3);

    const read = (await ok(a.api.post('/get_optional_subjects', { class_id: a.classes.S1 }))).data;
    expect(read.subjects.map((s: Json) => s.id).sort()).toEqual([ids.lit, ids.french].sort());
    const row = (id: number) => read.students.find((s: Json) => s.id === id);
    expect(row(ids.amina).subject_ids).toEqual([ids.lit]);
    expect(row(ids.brian).subject_ids).toEqual([]);
    const west = (
      await ok(a.api.post('/get_optional_subjects', { class_id: a.classes.S1, stream_id: a.streams['S1 West'] }))
    ).data;
    expect(west.students.map((s: Json) => s.id)).toEqual([ids.brian]);
  });

  it("refuses a subject of another curriculum than the class's", async () => {
    const res = await a.api.post('/save_optional_subjects', {
      class_id: a.classes.S1,
      choices: [{ student_id: ids.amina, subject_ids: [ids.oldArt] }],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/is not a subject of S1's curriculum/);
    const compulsory = await a.api.post('/save_optional_subjects', {
      class_id: a.classes.S1,
      choices: [{ student_id: ids.amina, subject_ids: [ids.math] }],
    });
    expect(compulsory.statusCode).toBe(202);
    expect(compulsory.json().message).toMatch(/compulsory in S1/);
  });

  it("says 404 for another school's student or subject, and 422 for a student not in the class", async () => {
    const other = await a.api.post('/save_optional_subjects', {
      class_id: a.classes.S1,
      choices: [{ student_id: ids.bStudent, subject_ids: [] }],
    });
    expect(other.statusCode).toBe(404);
    const otherSubject = await a.api.post('/save_optional_subjects', {
      class_id: a.classes.S1,
      choices: [{ student_id: ids.amina, subject_ids: [ids.bSubject] }],
    });
    expect(otherSubject.statusCode).toBe(404);
    const wrongClass = await a.api.post('/save_optional_subjects', {
      class_id: a.classes.S1,
      choices: [{ student_id: ids.eva, subject_ids: [] }],
    });
    expect(wrongClass.statusCode).toBe(422);
    expect(wrongClass.json().errors['choices.0.student_id'][0]).toMatch(/not in S1/);
    expect((await a.api.post('/get_optional_subjects', { class_id: b.classes.S1 })).statusCode).toBe(404);
  });
});

describe('considered papers', () => {
  it('counts every paper until some are chosen, and again when all are chosen', async () => {
    const view = async () =>
      (await ok(a.api.post('/view_considered_papers', { class_id: a.classes.S5, subject_id: ids.phy }))).data[0];
    expect((await view()).all_count).toBe(true);
    const before = await auditCount('considered_papers');
    const changed = await ok(
      a.api.post('/change_considered_papers', {
        class_id: a.classes.S5,
        subject_id: ids.phy,
        paper_ids: [ids.p1, ids.p2],
      }),
    );
    expect(changed.data[0].all_count).toBe(false);
    expect(changed.data[0].papers.map((p: Json) => p.considered)).toEqual([true, true, false]);
    expect(await auditCount('considered_papers')).toBe(before + 2);
    await ok(
      a.api.post('/change_considered_papers', {
        class_id: a.classes.S5,
        subject_id: ids.phy,
        paper_ids: [ids.p1, ids.p2, ids.p3],
      }),
    );
    expect((await view()).all_count).toBe(true);
    expect(await auditCount('considered_papers')).toBe(before + 4);
  });

  it('refuses no paper, a paper of another subject and an O-Level class', async () => {
    const none = await a.api.post('/change_considered_papers', {
      class_id: a.classes.S5,
      subject_id: ids.phy,
      paper_ids: [],
    });
    expect(none.statusCode).toBe(202);
    expect(none.json().message).toMatch(/at least one paper/);
    const olevel = await a.api.post('/view_considered_papers', { class_id: a.classes.S1 });
    expect(olevel.statusCode).toBe(202);
    expect(olevel.json().message).toMatch(/O-Level class/);
    const wrong = await a.api.post('/change_considered_papers', {
      class_id: a.classes.S5,
      subject_id: ids.chem,
      paper_ids: [ids.p1],
    });
    expect(wrong.statusCode).toBe(202);
  });
});

describe('combinations', () => {
  it("lists an A-Level class's students and gives one a combination, with an audit row", async () => {
    const before = await auditCount('students');
    const saved = await ok(
      a.api.post('/assign_combinations', { choices: [{ student_id: ids.eva, combination_id: ids.pcm }] }),
    );
    expect(saved.data.updated).toBe(1);
    expect(saved.message).toBe('Combinations Saved Successfully');
    expect(await auditCount('students')).toBe(before + 1);
    const list = (await ok(a.api.post('/class_combinations', { class_id: a.classes.S5 }))).data;
    expect(list.find((s: Json) => s.id === ids.eva).combination_id).toBe(ids.pcm);
  });

  it('refuses a combination for an O-Level student, and another school’s student is 404', async () => {
    const res = await a.api.post('/assign_combinations', {
      choices: [{ student_id: ids.amina, combination_id: ids.pcm }],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/Akello Amina is in S1, an O-Level class/);
    const other = await a.api.post('/assign_combinations', {
      choices: [{ student_id: ids.bStudent, combination_id: null }],
    });
    expect(other.statusCode).toBe(404);
    expect((await a.api.post('/class_combinations', { class_id: a.classes.S1 })).statusCode).toBe(202);
  });
});

describe('flags', () => {
  it('lets each screen’s flag in and keeps others out', async () => {
    const only = async (flag: Parameters<typeof staffWith>[3][number]) =>
      client(t.app, (await staffWith(t.app, t.database, a, [flag])).token);
    const optional = await only('manage_optional_subjects');
    expect((await optional.post('/get_optional_subjects', { class_id: a.classes.S1 })).statusCode).toBe(200);
    expect((await optional.get('/optional_subjects')).statusCode).toBe(200);
    expect((await optional.post('/assign_combinations', { choices: [] })).statusCode).toBe(403);
    const papers = await only('manage_considered_papers');
    expect((await papers.get(`/subject_papers?subject_id=${ids.phy}`)).statusCode).toBe(200);
    expect((await papers.post('/save_optional_subjects', { class_id: a.classes.S1, choices: [] })).statusCode).toBe(
      403,
    );
    const editor = await only('edit_students');
    expect((await editor.post('/class_combinations', { class_id: a.classes.S5 })).statusCode).toBe(200);
    expect(
      (await editor.post('/change_considered_papers', { class_id: 1, subject_id: 1, paper_ids: [] })).statusCode,
    ).toBe(403);
  });
});
