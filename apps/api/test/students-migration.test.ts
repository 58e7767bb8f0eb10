import { beforeAll, describe, expect, it } from 'vitest';
import { admit, type Json, newPhone, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { unique, useTestApp } from './support.js';

const t = useTestApp();
let school: RegisterSchool;
beforeAll(async () => {
  school = await registerSchool(t.app, t.database, { year: 2026, term: 3 });
});

const inClass = async (s: RegisterSchool, name: string) =>
  (await s.api.post('/view_students', { class_id: s.classes[name], per_page: 500 })).json().data as Json[];

describe('migration', () => {
  it('shows where a class goes and who is in it', async () => {
    const s = await registerSchool(t.app, t.database);
    const pupil = await admit(s);
    const res = (await s.api.post('/to_migrate', { class_id: s.classes.S1 })).json().data;
    expect(res.from).toEqual({ id: s.classes.S1, name: 'S1' });
    expect(res.to).toEqual({ id: s.classes.S2, name: 'S2' });
    expect(res.students.map((x: Json) => x.id)).toEqual([pupil.id]);
    expect((await s.api.post('/to_migrate', { class_id: s.classes.S4 })).json().data.to).toBeNull();
  });

  it('promotes S1 to S2 into the stream of the same name, and keeps repeaters', async () => {
    const s = await registerSchool(t.app, t.database);
    const east = await admit(s, { other_names: 'East' });
    const west = await admit(s, { other_names: 'West', stream_id: s.streams['S1 West'] });
    const none = await admit(s, { other_names: 'None', stream_id: null });
    const repeater = await admit(s, { other_names: 'Repeater' });
    const res = await s.api.post('/migrate_students', { class_id: s.classes.S1, repeaters: [repeater.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { promoted: 3, left: 0, repeated: 1 },
      message: 'Students Migrated Successfully',
    });
    const s2 = await inClass(s, 'S2');
    const where = (id: number) => s2.find((x) => x.id === id)?.stream_name;
    expect(s2).toHaveLength(3);
    expect([where(east.id), where(west.id), where(none.id)]).toEqual(['East', 'West', null]);
    expect((await inClass(s, 'S1')).map((x) => x.id)).toEqual([repeater.id]);
    const audited = await t.database.raw(
      `select entity_id from audits where school_id = $1 and action = 'migrate' order by entity_id::int`,
      [s.schoolId],
    );
    expect(audited.map((r) => Number((r as Json).entity_id))).toEqual(
      [east.id, west.id, none.id].sort((x, y) => x - y),
    );
  });

  it('makes S4 leavers old students with their class and year; repeaters stay', async () => {
    const phone = newPhone();
    const surname = unique('Leaver');
    const leaver = await admit(school, {
      surname,
      class_id: school.classes.S4,
      stream_id: school.streams['S4 East'],
      guardians: [{ name: 'Parent', relationship: 'Mother', phone }],
    });
    const repeater = await admit(school, {
      surname,
      other_names: 'Repeats',
      class_id: school.classes.S4,
      stream_id: null,
    });
    const res = await school.api.post('/migrate_students', { class_id: school.classes.S4, repeaters: [repeater.id] });
    expect(res.json().data).toEqual({ promoted: 0, left: 1, repeated: 1 });

    const gone = (await school.api.get(`/students/${leaver.id}`)).json().data;
    expect(gone).toMatchObject({ status: 'left', left_reason: 'Completed S4', class_name: 'S4' });
    expect(gone.left_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await inClass(school, 'S4')).map((x) => x.id)).toEqual([repeater.id]);
    const old = (await school.api.get(`/old_students?search=${surname}`)).json().data;
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({
      student_id: leaver.id,
      name: leaver.name,
      admission_no: leaver.admission_no,
      class_left: 'S4',
      year_left: 2026,
      phone,
    });
    // A student who has left cannot simply be put back on the register.
    expect((await school.api.put(`/students/${leaver.id}`, { status: 'current' })).statusCode).toBe(202);
  });

  it('moves nobody when a repeater is not in the class', async () => {
    const s = await registerSchool(t.app, t.database);
    const pupil = await admit(s);
    const other = await admit(s, { class_id: s.classes.S2, stream_id: null });
    const res = await s.api.post('/migrate_students', { class_id: s.classes.S1, repeaters: [other.id] });
    expect(res.statusCode).toBe(422);
    expect((await inClass(s, 'S1')).map((x) => x.id)).toEqual([pupil.id]);
  });

  it('is all or nothing: when one student cannot move, nobody moves', async () => {
    const s = await registerSchool(t.app, t.database);
    const pupils = [];
    for (const stream of ['S1 East', 'S1 West', 'S1 East', 'S1 West']) {
      pupils.push(await admit(s, { stream_id: s.streams[stream] }));
    }
    // The database refuses to change the last student, as a failure half way through would.
    const stuck = pupils[3].id;
    const fn = unique('refuse_move_');
    await t.database.raw(
      `create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'cannot move'; end $$`,
    );
    await t.database.raw(
      `create trigger ${fn} before update on students for each row when (old.id = ${stuck}) execute function ${fn}()`,
    );
    try {
      const res = await s.api.post('/migrate_students', { class_id: s.classes.S1 });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.raw(`drop trigger ${fn} on students`);
      await t.database.raw(`drop function ${fn}()`);
    }
    const s1 = await inClass(s, 'S1');
    expect(s1).toHaveLength(4);
    expect((await inClass(s, 'S2')).length).toBe(0);
    // Afterwards the same migration goes through.
    const again = await s.api.post('/migrate_students', { class_id: s.classes.S1 });
    expect(again.json().data.promoted).toBe(4);
  });
});

describe('bulk edit', () => {
  it('changes many students at once', async () => {
    const s = await registerSchool(t.app, t.database);
    const one = await admit(s);
    const two = await admit(s, { other_names: 'Grace' });
    const res = await s.api.post('/modify_student', {
      students: [
        { id: one.id, stream_id: s.streams['S1 West'], house: 'Kabalega' },
        { id: two.id, class_id: s.classes.S2, stream_id: s.streams['S2 East'], payment_code: unique('200') },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { updated: 2 }, message: 'Student Details Updated Successfully' });
    expect((await s.api.get(`/students/${one.id}`)).json().data).toMatchObject({
      stream_name: 'West',
      house: 'Kabalega',
    });
    expect((await s.api.get(`/students/${two.id}`)).json().data).toMatchObject({
      class_name: 'S2',
      stream_name: 'East',
    });
  });

  it('changes nothing when one row is bad, and names the student and the field', async () => {
    const s = await registerSchool(t.app, t.database);
    const one = await admit(s, { surname: 'Okello', other_names: 'John', gender: 'M' });
    const two = await admit(s, { surname: 'Auma', other_names: 'Grace' });
    const res = await s.api.post('/modify_student', {
      students: [
        { id: one.id, house: 'Mutesa' },
        { id: two.id, stream_id: s.streams['S3 West'] },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'students.1.stream_id': ['Row 2 (Auma Grace): Stream West is not a stream of S1'],
    });
    expect((await s.api.get(`/students/${one.id}`)).json().data.house).toBeNull();

    const clash = await s.api.post('/modify_student', {
      students: [
        { id: one.id, admission_no: 'KHS/1' },
        { id: two.id, admission_no: 'khs/1' },
      ],
    });
    expect(clash.statusCode).toBe(422);
    expect(Object.keys(clash.json().errors)).toEqual(['students.1.admission_no']);
    const taken = await s.api.post('/modify_student', { students: [{ id: one.id, admission_no: two.admission_no }] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe(`Row 1 (Okello John): Admission number ${two.admission_no} already exists`);
    // Two students may swap numbers in one edit.
    const swap = await s.api.post('/modify_student', {
      students: [
        { id: one.id, admission_no: 'TMP/1' },
        { id: two.id, admission_no: one.admission_no },
      ],
    });
    expect(swap.statusCode, swap.body).toBe(200);
  });
});
