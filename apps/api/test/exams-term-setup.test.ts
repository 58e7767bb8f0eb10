import { classes, examMarks, examSetIsFor, staff, staffSubjects } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolePresets } from '../src/modules/users/presets.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { bearer, newSchool, staffWith, unique, useTestApp } from './support.js';

/**
 * A director of studies setting up a term (issue 25 §1): who writes which report comment, an exam set
 * for chosen classes (marks entry, missing marks, marksheets and cards follow it), a term outside 1–3
 * refused, and a class's curriculum changed only after seeing what it does to the term's marks.
 */
const t = useTestApp();
let s: RegisterSchool;
const year = 2026;
const term = 3;
const people: Record<string, number> = {};
const subject: Record<string, number> = {};
const set: Record<string, number> = {};
const users: Record<string, string> = {};
const staffIds: Record<string, number> = {};

const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: Json, token = s.adminToken) =>
  t.app.inject({ method, url: `/api/${path}`, headers: bearer(token), ...(body ? { payload: body } : {}) });
const ok = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: Json, token = s.adminToken) => {
  const res = await call(method, path, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
};
const refused = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(202);
  return res.json().message as string;
};

/** A staff member (name unique to the run) with a sign-in whose group holds `flags`. */
async function member(key: string, name: string, flags: Parameters<typeof staffWith>[3]) {
  const user = await staffWith(t.app, t.database, s, flags);
  const [row] = await t.database.db
    .insert(staff)
    .values({ schoolId: s.schoolId, name: unique(`${name} `), initials: unique('X').slice(0, 8), userId: user.userId })
    .returning();
  users[key] = user.token;
  staffIds[key] = row.id;
  return row;
}

beforeAll(async () => {
  s = await registerSchool(t.app, t.database, { year, term });
  // S3 and S4 follow the old O-Level curriculum; S1 and S2 the new (the fixture's default).
  for (const name of ['S3', 'S4'])
    await t.database.db
      .update(classes)
      .set({ curriculum: 'old' })
      .where(eq(classes.id, s.classes[name] as number));
  subject.English = (
    await ok('POST', 'subjects', {
      code: unique('112'),
      name: unique('English '),
      level: 'olevel',
      subject_group: 'english',
      compulsory: true,
    })
  ).id;
  people.Akello = (await admit(s, { surname: 'Akello', class_id: s.classes.S3, stream_id: s.streams['S3 East'] })).id;
  people.Opio = (await admit(s, { surname: 'Opio', class_id: s.classes.S4, stream_id: s.streams['S4 East'] })).id;
  set.BOT = (await ok('POST', 'exam_sets', { name: unique('BOT'), year, term, max_mark: 100, rank: 1 })).id;

  // Staff: Okello is S3 East's class teacher; Achieng teaches English in S3 (all streams).
  await member('okello', 'Okello Moses', ['exams_navigation', 'report_comments', 'record_staff_marks']);
  await member('achieng', 'Achieng Rose', ['exams_navigation', 'report_comments', 'record_staff_marks']);
  await member('head', 'Ssemakula John', ['report_comments', 'write_head_teacher_comments']);
  await member('dos', 'Nabukenya Harriet', ['report_comments', 'view_exam_sets', 'manage_exam_marks']);
  await ok('PUT', `streams/${s.streams['S3 East']}`, { class_teacher_id: staffIds.okello });
  await t.database.db.insert(staffSubjects).values({
    schoolId: s.schoolId,
    staffId: staffIds.achieng as number,
    subjectId: subject.English as number,
    classId: s.classes.S3 as number,
  });
});

describe('who writes which report comment', () => {
  const comment = (student: number, class_teacher: string | null, head_teacher: string | null) => ({
    year,
    term,
    comments: [{ student_id: student, class_teacher, head_teacher }],
  });

  it("gives the class teacher's comment to the stream's class teacher and the director of studies", async () => {
    const stranger = await refused(
      await call('POST', 'report_comments', comment(people.Akello, 'Well done.', null), users.achieng),
    );
    expect(stranger).toMatch(
      /^Only the class teacher of S3 East, Okello Moses \S+, or the director of studies may write the class teacher's comment\.$/,
    );
    await ok('POST', 'report_comments', comment(people.Akello, 'A model student.', null), users.okello);
    await ok('POST', 'report_comments', comment(people.Akello, 'A model student, truly.', null), users.dos);
    // Opio's stream has no class teacher: only the director of studies (or an administrator) writes it.
    const none = await refused(
      await call('POST', 'report_comments', comment(people.Opio, 'Good.', null), users.okello),
    );
    expect(none).toContain('S4 East has no class teacher yet');
  });

  it("keeps the head teacher's comment for those allowed to write it, and lets others save around it", async () => {
    await ok('POST', 'report_comments', comment(people.Akello, 'A model student, truly.', 'Excellent.'), users.head);
    for (const who of ['okello', 'achieng', 'dos']) {
      const message = await refused(
        await call('POST', 'report_comments', comment(people.Akello, 'A model student, truly.', 'Weak.'), users[who]),
      );
      expect(message).toBe(
        "Only the head teacher, or a user group allowed to write the head teacher's comment, may write it.",
      );
    }
    const sheet = await ok(
      'GET',
      `report_comments?year=${year}&term=${term}&class_id=${s.classes.S3}`,
      undefined,
      users.okello,
    );
    const akello = sheet.students.find((x: Json) => x.id === people.Akello);
    expect(akello).toMatchObject({ head_teacher: 'Excellent.', may_write_class_teacher: true });
    expect(akello.class_teacher_name).toMatch(/^Okello Moses/);
    expect(sheet.may_write_head_teacher).toBe(false);
    // The class teacher saves the class with the head teacher's comment as it is: that is no change.
    await ok('POST', 'report_comments', comment(people.Akello, 'Keep it up.', 'Excellent.'), users.okello);
    const edit = await call('PUT', `report_comments/${akello.comment_id}`, { head_teacher: 'Weak.' }, users.okello);
    expect(await refused(edit)).toContain("head teacher's comment");
    const ownEdit = await ok('PUT', `report_comments/${akello.comment_id}`, { head_teacher: 'Superb.' }, users.head);
    expect(ownEdit).toMatchObject({ class_teacher: 'Keep it up.', head_teacher: 'Superb.' });
    // An administrator may write either.
    await ok('POST', 'report_comments', comment(people.Akello, 'Keep it up!', 'Superb!'));
  });

  it("gives a subject's remark to its teacher, and the conduct to the class teacher", async () => {
    const remark = (comment: string) => ({
      year,
      term,
      student_id: people.Akello,
      subject_id: subject.English,
      kind: 'remark',
      comment,
    });
    await ok('POST', 'save_student_comment', remark('A fluent reader.'), users.achieng);
    const notHis = await refused(await call('POST', 'save_student_comment', remark('Reads well.'), users.okello));
    expect(notHis).toMatch(
      /^Only the teacher of English \S+ in S3 East or the director of studies may write its remarks\.$/,
    );
    const conduct = { year, term, student_id: people.Akello, kind: 'conduct', comment: 'Polite and punctual.' };
    expect(await refused(await call('POST', 'save_student_comment', conduct, users.achieng))).toBe(
      'Only the class teacher of S3 East, ' +
        (
          await t.database.db
            .select()
            .from(staff)
            .where(eq(staff.id, staffIds.okello as number))
        )[0]?.name +
        ', or the director of studies may write the conduct.',
    );
    await ok('POST', 'save_student_comment', conduct, users.okello);
    const list = await ok(
      'POST',
      'add_student_comment',
      { year, term, class_id: s.classes.S3, kind: 'remark', subject_id: subject.English },
      users.okello,
    );
    expect(list.students.find((x: Json) => x.id === people.Akello)).toMatchObject({
      comment: 'A fluent reader.',
      may_write: false,
    });
  });

  it('gives the Head Teacher group of a new school the head teacher comment flag, and no other group', () => {
    const holders = rolePresets.filter((r) => r.flags.includes('write_head_teacher_comments')).map((r) => r.name);
    expect(holders).toEqual(['Head Teacher']);
  });
});

describe('an exam set for chosen classes', () => {
  it('is sat by a class of its curriculum that it names, or by every such class when it names none', () => {
    const s4 = { id: 4, curriculum: 'old' };
    expect(examSetIsFor({ curriculum: 'all', classIds: [] }, s4)).toBe(true);
    expect(examSetIsFor({ curriculum: 'all', classIds: [4, 6] }, s4)).toBe(true);
    expect(examSetIsFor({ curriculum: 'all', classIds: [6] }, s4)).toBe(false);
    expect(examSetIsFor({ curriculum: 'new', classIds: [] }, s4)).toBe(false);
    expect(examSetIsFor({ curriculum: 'new', classIds: [4] }, s4)).toBe(false);
    expect(examSetIsFor({ curriculum: 'old', classIds: [4] }, s4)).toBe(true);
  });

  beforeAll(async () => {
    set.Mock = (
      await ok('POST', 'exam_sets', {
        name: unique('Mock'),
        year,
        term,
        max_mark: 100,
        rank: 2,
        class_ids: [s.classes.S4, s.classes.S6],
      })
    ).id;
    await t.database.db.insert(examMarks).values([
      {
        schoolId: s.schoolId,
        examSetId: set.BOT as number,
        studentId: people.Akello as number,
        subjectId: subject.English as number,
        mark: 70,
      },
      {
        schoolId: s.schoolId,
        examSetId: set.BOT as number,
        studentId: people.Opio as number,
        subjectId: subject.English as number,
        mark: 60,
      },
    ]);
  });

  it("keeps the classes chosen, refuses another school's class, and refuses term 5 instead of saving term 3", async () => {
    const list = await ok('GET', `exam_sets?year=${year}&term=${term}`);
    expect(list.find((x: Json) => x.id === set.Mock).class_ids).toEqual([s.classes.S4, s.classes.S6]);
    const other = await newSchool(t.app, t.database);
    const theirs = (await (await call('GET', 'classes', undefined, other.adminToken)).json()).data[0].id;
    const foreign = await call('POST', 'exam_sets', { name: unique('X'), year, term, class_ids: [theirs] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.class_ids).toEqual(['No such for classes']);
    const five = await call('POST', 'exam_sets', { name: unique('EOT'), year, term: 5 });
    expect(five.statusCode).toBe(422);
    expect(five.json().errors.term).toEqual(['Term must be at most 3']);
    const changed = await call('PUT', `exam_sets/${set.BOT}`, { term: 5 });
    expect(changed.statusCode).toBe(422);
    expect((await ok('GET', `exam_sets?year=${year}&term=${term}`)).find((x: Json) => x.id === set.BOT).term).toBe(3);
  });

  it('opens and saves marks only for the classes that sit it (202 elsewhere)', async () => {
    const grid = { exam_set_id: set.Mock, class_id: s.classes.S3, subject_id: subject.English };
    const opened = await refused(await call('POST', 'fetch_students', grid));
    expect(opened).toMatch(/is for S4 and S6 only: S3 does not sit it\.$/);
    const saving = await call('POST', 'save_exam_mark', {
      ...grid,
      marks: [{ student_id: people.Akello, mark: 55, version: null }],
    });
    expect(await refused(saving)).toMatch(/S3 does not sit it/);
    await ok('POST', 'save_exam_mark', {
      ...grid,
      class_id: s.classes.S4,
      marks: [{ student_id: people.Opio, mark: 64, version: null }],
    });
    const choices = await ok('GET', 'marks_choices');
    expect(choices.exam_sets.find((x: Json) => x.id === set.Mock).class_ids).toEqual([s.classes.S4, s.classes.S6]);
  });

  it('chases missing marks of the set in its classes only', async () => {
    const school = await ok('POST', 'missing/marks', { exam_set_id: set.Mock });
    const classesChased = new Set(school.teachers.flatMap((g: Json) => g.lines.map((l: Json) => l.class_name)));
    expect([...classesChased]).not.toContain('S3');
    expect(school.totals).toMatchObject({ takers: 1, entered: 1, missing: 0 });
    const s3 = await call('POST', 'class_missing_marks', { exam_set_id: set.Mock, class_id: s.classes.S3 });
    expect(await refused(s3)).toMatch(/S3 does not sit it/);
  });

  it('counts the set on marksheets and cards of its classes only', async () => {
    const all = await call('POST', 'considered_sets', {
      year,
      term,
      class_id: null,
      sets: [
        { exam_set_id: set.BOT, weight: 50 },
        { exam_set_id: set.Mock, weight: 50 },
      ],
    });
    // S1 and S2 sit BOT alone; S4 sits both (100 %), S3 only BOT.
    expect(await refused(all)).toBe(
      'For classes of the new lower secondary curriculum the weights total 50%; they must total 100%.',
    );
    await ok('POST', 'considered_sets', { year, term, class_id: null, sets: [{ exam_set_id: set.BOT, weight: 100 }] });
    const s3Mock = await call('POST', 'considered_sets', {
      year,
      term,
      class_id: s.classes.S3,
      sets: [{ exam_set_id: set.Mock, weight: 100 }],
    });
    expect(await refused(s3Mock)).toMatch(/S3 does not sit it/);
    await ok('POST', 'considered_sets', {
      year,
      term,
      class_id: s.classes.S4,
      sets: [
        { exam_set_id: set.BOT, weight: 40 },
        { exam_set_id: set.Mock, weight: 60 },
      ],
    });
    const s4 = await ok('POST', 'oLevel_marksheet', { year, term, class_id: s.classes.S4 });
    expect(s4.sets.map((x: Json) => x.id)).toEqual([set.BOT, set.Mock]);
    const s3 = await ok('POST', 'oLevel_marksheet', { year, term, class_id: s.classes.S3 });
    expect(s3.sets.map((x: Json) => x.id)).toEqual([set.BOT]);
    // Opio: BOT 60 × 40 % + Mock 64 × 60 % = 62.4 on the card.
    const s4Cards = await ok('POST', 'old_reports', { year, term, class_id: s.classes.S4 });
    expect(s4Cards.sets.map((x: Json) => x.weight)).toEqual([40, 60]);
    const s3Cards = await ok('POST', 'old_reports', { year, term, class_id: s.classes.S3 });
    expect(s3Cards.sets).toHaveLength(1);
  });

  it('keeps a class a set names', async () => {
    const removed = await call('DELETE' as 'GET', `classes/${s.classes.S6}`);
    expect(await refused(removed)).toMatch(/cannot be removed/);
  });
});

describe("changing a class's curriculum", () => {
  const change = (curriculum: string, confirm?: boolean) =>
    call('POST', 'curriculum', { classes: [{ id: s.classes.S4, curriculum }], ...(confirm ? { confirm } : {}) });

  it('says what the change does to the term before making it, and keeps the marks for a switch back', async () => {
    const asked = await change('new');
    expect(asked.statusCode).toBe(202);
    const body = asked.json();
    expect(body.confirm).toBe(true);
    expect(body.changes).toEqual([
      expect.objectContaining({
        class_name: 'S4',
        from: 'old',
        to: 'new',
        report_cards: 1,
        marks_hidden: [
          { exam_set: expect.stringMatching(/^BOT/), marks: 1 },
          { exam_set: expect.stringMatching(/^Mock/), marks: 1 },
        ],
        marks_shown: [],
      }),
    ]);
    expect(body.message).toContain('2 marks of BOT');
    expect(body.message).toContain('They are kept, not deleted: changing S4 back shows them again.');
    // Nothing changed yet: the old marksheet still shows Opio's marks.
    expect((await ok('POST', 'oLevel_marksheet', { year, term, class_id: s.classes.S4 })).students).toHaveLength(1);

    await ok('POST', 'curriculum', { classes: [{ id: s.classes.S4, curriculum: 'new' }], confirm: true });
    expect(await refused(await call('POST', 'oLevel_marksheet', { year, term, class_id: s.classes.S4 }))).toMatch(
      /^S4 follows the new lower secondary curriculum/,
    );
    const back = (await change('old')).json();
    expect(back.changes[0].marks_shown.map((m: Json) => m.marks)).toEqual([1, 1]);
    expect(back.message).toContain('entered earlier in old O Level subjects show again');
    await ok('POST', 'curriculum', { classes: [{ id: s.classes.S4, curriculum: 'old' }], confirm: true });
    const sheet = await ok('POST', 'oLevel_marksheet', { year, term, class_id: s.classes.S4 });
    expect(sheet.students[0].results.filter((r: Json | null) => r !== null)).toHaveLength(1);
  });

  it('refuses the class form a curriculum change that would hide marks', async () => {
    const res = await call('PUT', `classes/${s.classes.S4}`, { curriculum: 'new' });
    expect(await refused(res)).toBe(
      'S4 has marks this term: change its curriculum on the Curriculum screen, which shows which marks and report cards the change affects before you confirm.',
    );
    const [row] = await t.database.db
      .select()
      .from(classes)
      .where(eq(classes.id, s.classes.S4 as number));
    expect(row?.curriculum).toBe('old');
  });
});
