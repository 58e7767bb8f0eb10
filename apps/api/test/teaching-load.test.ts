import { beforeAll, describe, expect, it } from 'vitest';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

/**
 * The teaching load as a director of studies sets up a term (issue 25 §1): a class's grid saved a cell
 * at a time, "copy from last term" that fills only empty cells, and a subject of another level refused
 * with the reason wherever a subject is tied to a class.
 */
const t = useTestApp();
let a: RegisterSchool;
let b: RegisterSchool;
/** Three subjects named Mathematics, one per level, as the issue saw them. */
const maths: Record<string, Json> = {};
let physics: Json;
let physicsPapers: Json[];
let english: Json;
let teachers: Json[];

async function ok(res: Awaited<ReturnType<RegisterSchool['api']['get']>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function addSubject(school: RegisterSchool, name: string, level: string) {
  return (await ok(await school.api.post('/subjects', { name, code: unique('').slice(0, 6), level }))).data as Json;
}

beforeAll(async () => {
  a = await registerSchool(t.app, t.database, { year: 2026, term: 2 });
  b = await registerSchool(t.app, t.database);
  for (const level of ['olevel', 'nlsc', 'alevel']) maths[level] = await addSubject(a, 'Mathematics', level);
  english = await addSubject(a, 'English', 'nlsc');
  physics = await addSubject(a, 'Physics', 'alevel');
  physicsPapers = [];
  for (const number of [1, 2]) {
    physicsPapers.push(
      (await ok(await a.api.post('/papers', { subject_id: physics.id, number, name: `Paper ${number}` }))).data,
    );
  }
  teachers = [];
  for (const name of ['Akello Grace', 'Okello Moses', 'Nansubuga Ruth']) {
    teachers.push(
      (await ok(await a.api.post('/staff', { name: unique(`${name} `), initials: unique('').slice(0, 6) }))).data,
    );
  }
});

const grid = async (classId: number, api = a.api) =>
  (await ok(await api.get(`/teaching_load_grid?class_id=${classId}`))).data;
const setCell = (body: Json, api = a.api) => api.post('/set_teaching_load', body);
const teacherOf = (g: Json, subjectId: number, streamId: number | null, paperId: number | null = null) =>
  (g.cells as Json[]).find((c) => c.subject_id === subjectId && c.stream_id === streamId && c.paper_id === paperId)
    ?.staff_ids ?? [];
const audits = async (entity: string) =>
  (await t.database.raw('select action, before, after from audits where school_id = $1 and entity = $2 order by id', [
    a.schoolId,
    entity,
  ])) as Json[];

describe('the teaching load grid', () => {
  it("offers the class's own subjects by stream: S2 the new curriculum's, S5 each A-Level paper", async () => {
    const s2 = await grid(a.classes.S2);
    expect(s2.class).toMatchObject({ name: 'S2', curriculum: 'new' });
    expect(s2.streams.map((s: Json) => s.name)).toEqual(['East', 'West']);
    const s2Subjects = s2.rows.map((r: Json) => r.subject_id);
    expect(s2Subjects).toContain(maths.nlsc.id);
    expect(s2Subjects).not.toContain(maths.alevel.id);
    expect(s2Subjects).not.toContain(maths.olevel.id);
    // The name alone is ambiguous: the row names the code and level too.
    const row = s2.rows.find((r: Json) => r.subject_id === maths.nlsc.id);
    expect(row.subject).toBe(`Mathematics · ${maths.nlsc.code} · Lower secondary (new)`);

    const s5 = await grid(a.classes.S5);
    const physicsRows = s5.rows.filter((r: Json) => r.subject_id === physics.id);
    expect(physicsRows.map((r: Json) => r.paper)).toEqual(['Paper 1', 'Paper 2']);
    expect(s5.rows.map((r: Json) => r.subject_id)).not.toContain(maths.nlsc.id);
    expect(s5.teachers.map((m: Json) => m.id)).toEqual(expect.arrayContaining(teachers.map((m) => m.id)));
  });

  it('saves a cell at once, with an audit row, and answers sensibly when the cell already has that teacher', async () => {
    const cell = { class_id: a.classes.S2, stream_id: a.streams['S2 East'], subject_id: english.id };
    const first = await setCell({ ...cell, staff_id: teachers[0].id });
    const made = await ok(first);
    expect(made.data).toMatchObject({ changed: true, cell: { staff_ids: [teachers[0].id] } });
    expect(made.message).toBe(`${teachers[0].name} teaches English in S2 East.`);
    expect(teacherOf(await grid(a.classes.S2), english.id, a.streams['S2 East'])).toEqual([teachers[0].id]);

    // The same teacher again: nothing changes, nothing is added.
    const again = await ok(await setCell({ ...cell, staff_id: teachers[0].id }));
    expect(again.data.changed).toBe(false);
    expect(again.message).toBe(`${teachers[0].name} already teaches English in S2 East.`);

    // Another teacher replaces the first in the same cell; no teacher empties it.
    await ok(await setCell({ ...cell, staff_id: teachers[1].id }));
    expect(teacherOf(await grid(a.classes.S2), english.id, a.streams['S2 East'])).toEqual([teachers[1].id]);
    const cleared = await ok(await setCell({ ...cell, staff_id: null }));
    expect(cleared.data).toMatchObject({ changed: true, cell: { staff_ids: [] } });
    expect(teacherOf(await grid(a.classes.S2), english.id, a.streams['S2 East'])).toEqual([]);

    const trail = (await audits('staff_subjects')).filter(
      (r) => (r.after ?? r.before)?.subjectId === english.id && (r.after ?? r.before)?.classId === a.classes.S2,
    );
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[1].before.staffId).toBe(teachers[0].id);
    expect(trail[1].after.staffId).toBe(teachers[1].id);
  });

  it('keeps a class-wide cell apart from its streams, and an A-Level paper apart from the subject', async () => {
    await ok(
      await setCell({
        class_id: a.classes.S5,
        stream_id: null,
        subject_id: physics.id,
        paper_id: physicsPapers[0].id,
        staff_id: teachers[2].id,
      }),
    );
    await ok(
      await setCell({
        class_id: a.classes.S5,
        stream_id: null,
        subject_id: physics.id,
        paper_id: physicsPapers[1].id,
        staff_id: teachers[1].id,
      }),
    );
    const s5 = await grid(a.classes.S5);
    expect(teacherOf(s5, physics.id, null, physicsPapers[0].id)).toEqual([teachers[2].id]);
    expect(teacherOf(s5, physics.id, null, physicsPapers[1].id)).toEqual([teachers[1].id]);
    expect(teacherOf(s5, physics.id, a.streams['S5 Sciences'], physicsPapers[0].id)).toEqual([]);
  });

  it('refuses a subject of another level with the reason, in the grid and in the single-row form', async () => {
    const wrong = await setCell({ class_id: a.classes.S2, subject_id: maths.alevel.id, staff_id: teachers[0].id });
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json().message).toBe(
      'Mathematics (A level) is not taught in S2, which follows the new lower secondary curriculum.',
    );
    const form = await a.api.post('/staff_subjects', {
      staff_id: teachers[0].id,
      subject_id: maths.olevel.id,
      class_id: a.classes.S5,
    });
    expect(form.statusCode).toBe(202);
    expect(form.json().message).toBe('Mathematics (old O level) is not taught in S5, which is an A level class.');
    // Nothing was saved by either.
    const held = (await t.database.raw(
      'select count(*)::int as n from staff_subjects where school_id = $1 and subject_id in ($2, $3)',
      [a.schoolId, maths.alevel.id, maths.olevel.id],
    )) as Json[];
    expect(held[0].n).toBe(0);
    // The right Mathematics is taken.
    const right = await a.api.post('/staff_subjects', {
      staff_id: teachers[0].id,
      subject_id: maths.nlsc.id,
      class_id: a.classes.S2,
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  it("refuses another class's stream, a paper of another subject and a teacher who has left", async () => {
    const stream = await setCell({
      class_id: a.classes.S2,
      stream_id: a.streams['S1 East'],
      subject_id: english.id,
      staff_id: teachers[0].id,
    });
    expect(stream.statusCode).toBe(202);
    expect(stream.json().message).toBe('East is not a stream of S2.');
    const paper = await setCell({
      class_id: a.classes.S5,
      subject_id: maths.alevel.id,
      paper_id: physicsPapers[0].id,
      staff_id: teachers[0].id,
    });
    expect(paper.statusCode).toBe(202);
    expect(paper.json().message).toBe('Paper 1 is not a paper of Mathematics.');
    const gone = (
      await ok(await a.api.post('/staff', { name: unique('Opio Left '), initials: unique('').slice(0, 6) }))
    ).data;
    await ok(await a.api.put(`/staff/${gone.id}`, { active: false }));
    const left = await setCell({ class_id: a.classes.S2, subject_id: english.id, staff_id: gone.id });
    expect(left.statusCode).toBe(202);
    expect(left.json().message).toBe(`${gone.name} is no longer on the staff: choose another teacher.`);
  });

  it("answers 404 for another school's class and teacher, and 403 without manage_staff_subjects", async () => {
    expect((await b.api.get(`/teaching_load_grid?class_id=${a.classes.S2}`)).statusCode).toBe(404);
    const theirs = await b.api.post('/set_teaching_load', {
      class_id: b.classes.S2,
      subject_id: english.id,
      staff_id: teachers[0].id,
    });
    expect(theirs.statusCode).toBe(404);
    const clerk = await staffWith(t.app, t.database, a, ['view_staff']);
    const api = client(t.app, clerk.token);
    expect((await api.get(`/teaching_load_grid?class_id=${a.classes.S2}`)).statusCode).toBe(403);
    expect(
      (await api.post('/set_teaching_load', { class_id: a.classes.S2, subject_id: english.id, staff_id: null }))
        .statusCode,
    ).toBe(403);
    expect((await api.post('/copy_teaching_load', {})).statusCode).toBe(403);
    const director = await staffWith(t.app, t.database, a, ['manage_staff_subjects']);
    expect((await client(t.app, director.token).get(`/teaching_load_grid?class_id=${a.classes.S2}`)).statusCode).toBe(
      200,
    );
  });
});

describe('copy from last term', () => {
  it("fills this term's empty cells from last term's load, never changing a cell that has a teacher", async () => {
    const s = await registerSchool(t.app, t.database, { year: 2026, term: 2 });
    const subject = async (name: string) =>
      (await ok(await s.api.post('/subjects', { name, code: unique('').slice(0, 6), level: 'nlsc' }))).data as Json;
    const [bio, chem, geo] = [await subject('Biology'), await subject('Chemistry'), await subject('Geography')];
    const staffOf = async (name: string) =>
      (await ok(await s.api.post('/staff', { name: unique(`${name} `), initials: unique('').slice(0, 6) })))
        .data as Json;
    const [t1, t2, t3] = [await staffOf('Kato'), await staffOf('Auma'), await staffOf('Mugisha')];
    const set = (body: Json) => s.api.post('/set_teaching_load', body).then(ok);
    // Term 2: Biology and Chemistry in S1 (all streams), Geography in S1 East, Biology in S3.
    await set({ class_id: s.classes.S1, subject_id: bio.id, staff_id: t1.id });
    await set({ class_id: s.classes.S1, subject_id: chem.id, staff_id: t2.id });
    await set({ class_id: s.classes.S1, stream_id: s.streams['S1 East'], subject_id: geo.id, staff_id: t3.id });
    await set({ class_id: s.classes.S3, subject_id: bio.id, staff_id: t2.id });

    // Before any term has ended there is nothing kept for Term 1.
    const none = await s.api.post('/copy_teaching_load', {});
    expect(none.statusCode).toBe(202);
    expect(none.json().message).toBe('No teaching load was kept for Term 1 2026.');

    // The school moves to Term 3; the load carries over. The director of studies clears two cells and
    // gives Chemistry to another teacher; Mugisha leaves.
    const details = (await ok(await s.api.get('/school_details'))).data;
    await ok(
      await s.api.put(`/school/${s.schoolId}`, {
        name: details.name,
        currency: 'UGX',
        receipt_format: 'a5',
        current_year: 2026,
        current_term: 3,
      }),
    );
    await set({ class_id: s.classes.S1, subject_id: bio.id, staff_id: null });
    await set({ class_id: s.classes.S3, subject_id: bio.id, staff_id: null });
    await set({ class_id: s.classes.S1, subject_id: chem.id, staff_id: t1.id });
    await set({ class_id: s.classes.S1, stream_id: s.streams['S1 East'], subject_id: geo.id, staff_id: null });
    await ok(await s.api.put(`/staff/${t3.id}`, { active: false }));

    const before = await grid(s.classes.S1, s.api);
    expect(before.last).toEqual({ year: 2026, term: 2, rows: 3 });

    // One class first: only S1's Biology comes back; Chemistry keeps this term's teacher.
    const one = await ok(await s.api.post('/copy_teaching_load', { class_id: s.classes.S1 }));
    expect(one.data).toEqual({ year: 2026, term: 2, copied: 1, kept: 1, left_out: 1 });
    expect(one.message).toBe(
      'Copied 1 teaching load row from Term 2 2026; 1 cell already had a teacher and stayed as they were; 1 left out: the teacher has left or the class no longer takes the subject.',
    );
    const s1 = await grid(s.classes.S1, s.api);
    expect(teacherOf(s1, bio.id, null)).toEqual([t1.id]);
    expect(teacherOf(s1, chem.id, null)).toEqual([t1.id]);
    expect(teacherOf(s1, geo.id, s.streams['S1 East'])).toEqual([]);

    // Then the whole school: S3's Biology; S1 is full now, so nothing there changes.
    const all = await ok(await s.api.post('/copy_teaching_load', {}));
    expect(all.data).toMatchObject({ copied: 1, kept: 2, left_out: 1 });
    expect(teacherOf(await grid(s.classes.S3, s.api), bio.id, null)).toEqual([t2.id]);
    const again = await ok(await s.api.post('/copy_teaching_load', {}));
    expect(again.data).toMatchObject({ copied: 0, kept: 3 });
    const made = (await t.database.raw(
      `select count(*)::int as n from audits where school_id = $1 and entity = 'staff_subjects' and action = 'create'`,
      [s.schoolId],
    )) as Json[];
    // Four cells set in Term 2, one Chemistry change (an update), two copied: six rows made.
    expect(made[0].n).toBe(6);
  });
});

describe('combinations take A-Level subjects only', () => {
  it('refuses an O-Level Mathematics as a principal, saying which one it is', async () => {
    const sub = await addSubject(a, 'General Paper', 'subsidiary');
    const chem = await addSubject(a, 'Chemistry', 'alevel');
    const res = await a.api.post('/combinations', {
      name: unique('PCM').slice(0, 12),
      subject1_id: physics.id,
      subject2_id: chem.id,
      subject3_id: maths.olevel.id,
      subsidiary_id: sub.id,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(
      `Mathematics · ${maths.olevel.code} · O level (old) cannot be the third principal subject of a combination: choose an A level principal subject.`,
    );
    const good = await a.api.post('/combinations', {
      name: unique('PCM').slice(0, 12),
      subject1_id: physics.id,
      subject2_id: chem.id,
      subject3_id: maths.alevel.id,
      subsidiary_id: sub.id,
    });
    expect(good.statusCode, good.body).toBe(200);
  });
});
