import { staffCalls } from '@somero/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../src/core/http.js';
import { SchoolScope } from '../src/core/scope.js';
import { staffOfUser } from '../src/modules/staff/index.js';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { login, staffWith, unique, useTestApp } from './support.js';

/** The staff register as a head teacher and a Director of Studies meet it (issue 10 §2). */
const t = useTestApp();
let a: RegisterSchool;
let b: RegisterSchool;
let teacherPosition: Json;
beforeAll(async () => {
  a = await registerSchool(t.app, t.database);
  b = await registerSchool(t.app, t.database);
  teacherPosition = (await a.api.post('/staff_positions', { name: 'Teacher' })).json().data;
});

async function addStaff(school: RegisterSchool, fields: Json = {}): Promise<Json> {
  const res = await school.api.post('/staff', {
    name: unique('Okello Moses '),
    initials: unique('').slice(0, 6),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const profile = async (id: number, api = a.api) => (await api.get(`/staff/${id}`)).json().data;
const countStaff = async (schoolId: number) =>
  ((await t.database.raw('select count(*)::int as n from staff where school_id = $1', [schoolId])) as Json[])[0]
    .n as number;

describe('the staff profile', () => {
  it('shows the details, the position and the teaching load by name', async () => {
    const member = await addStaff(a, {
      position_id: teacherPosition.id,
      gender: 'Female',
      phone: '0772 345678',
      joined_on: '2024-02-05',
      basic_salary: 1_200_000,
    });
    const physics = (
      await a.api.post('/subjects', { name: unique('Physics '), code: unique(''), level: 'alevel' })
    ).json().data;
    const paper = (await a.api.post('/papers', { subject_id: physics.id, number: 2, name: 'Paper 2' })).json().data;
    const maths = (
      await a.api.post('/subjects', { name: unique('Mathematics '), code: unique(''), level: 'nlsc' })
    ).json().data;
    for (const load of [
      { subject_id: physics.id, class_id: a.classes.S5, paper_id: paper.id },
      { subject_id: maths.id, class_id: a.classes.S1, stream_id: a.streams['S1 East'] },
    ]) {
      const res = await a.api.post('/staff_subjects', { staff_id: member.id, ...load });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await a.api.get(`/staff/${member.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: member.name,
      position: 'Teacher',
      gender: 'Female',
      phone: '+256772345678',
      joined_on: '2024-02-05',
      basic_salary: 1_200_000,
      sign_in: null,
    });
    expect(p.teaching_load).toEqual([
      expect.objectContaining({ subject: maths.name, class: 'S1', stream: 'East', paper: null }),
      expect.objectContaining({ subject: physics.name, class: 'S5', stream: null, paper: 'Paper 2' }),
    ]);
  });

  it("answers 404 for another school's staff member and asks for view_staff", async () => {
    const theirs = await addStaff(b);
    expect((await a.api.get(`/staff/${theirs.id}`)).statusCode).toBe(404);
    const mine = await addStaff(a);
    const none = await staffWith(t.app, t.database, a, []);
    expect((await client(t.app, none.token).get(`/staff/${mine.id}`)).statusCode).toBe(403);
    const viewer = await staffWith(t.app, t.database, a, ['view_staff']);
    expect((await client(t.app, viewer.token).get(`/staff/${mine.id}`)).statusCode).toBe(200);
    // Only the holders of manage_staff_subjects beside: they pick teachers but do not open profiles.
    const loader = await staffWith(t.app, t.database, a, ['manage_staff_subjects']);
    expect((await client(t.app, loader.token).get('/staff')).statusCode).toBe(200);
    expect((await client(t.app, loader.token).get(`/staff/${mine.id}`)).statusCode).toBe(403);
    expect((await client(t.app, loader.token).post('/staff', { name: 'X Y', initials: 'XY' })).statusCode).toBe(403);
  });
});

describe('a teaching load', () => {
  it('is shown by name (GET staff_subjects/{id}) to whoever manages the teaching load, in its school only', async () => {
    const member = await addStaff(a);
    const physics = (
      await a.api.post('/subjects', { name: unique('Physics '), code: unique(''), level: 'alevel' })
    ).json().data;
    const paper = (await a.api.post('/papers', { subject_id: physics.id, number: 1, name: 'Paper 1' })).json().data;
    const added = await a.api.post('/staff_subjects', {
      staff_id: member.id,
      subject_id: physics.id,
      class_id: a.classes.S5,
      stream_id: a.streams['S5 Sciences'],
      paper_id: paper.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id;
    const res = await a.api.get(`/staff_subjects/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id,
      staff_id: member.id,
      staff: member.name,
      subject_id: physics.id,
      subject: physics.name,
      class_id: a.classes.S5,
      class: 'S5',
      stream_id: a.streams['S5 Sciences'],
      stream: 'Sciences',
      paper_id: paper.id,
      paper: 'Paper 1',
    });
    // Every stream and every paper: none named.
    const whole = await a.api.post('/staff_subjects', {
      staff_id: member.id,
      subject_id: physics.id,
      class_id: a.classes.S6,
    });
    expect((await a.api.get(`/staff_subjects/${whole.json().data.id}`)).json().data).toMatchObject({
      class: 'S6',
      stream_id: null,
      stream: null,
      paper_id: null,
      paper: null,
    });
    // The list's access: manage_staff_subjects, not view_staff.
    const loader = client(t.app, (await staffWith(t.app, t.database, a, ['manage_staff_subjects'])).token);
    expect((await loader.get(`/staff_subjects/${id}`)).statusCode).toBe(200);
    const viewer = client(t.app, (await staffWith(t.app, t.database, a, ['view_staff'])).token);
    expect((await viewer.get('/staff_subjects')).statusCode).toBe(403);
    expect((await viewer.get(`/staff_subjects/${id}`)).statusCode).toBe(403);
    // Another school's load is not found; a removed one neither.
    const bad = await b.api.get(`/staff_subjects/${id}`);
    expect(bad.statusCode).toBe(404);
    expect(bad.body).not.toContain(member.name);
    expect((await a.api.del(`/staff_subjects/${id}`)).statusCode).toBe(200);
    expect((await a.api.get(`/staff_subjects/${id}`)).statusCode).toBe(404);
  });

  it('is refused when the teacher already has it, all streams and papers or one (202, never 500)', async () => {
    const member = await addStaff(a);
    const maths = (
      await a.api.post('/subjects', { name: unique('Mathematics '), code: unique(''), level: 'alevel' })
    ).json().data;
    const paper = (await a.api.post('/papers', { subject_id: maths.id, number: 1, name: 'Paper 1' })).json().data;
    const whole = {
      staff_id: member.id,
      subject_id: maths.id,
      class_id: a.classes.S5,
      stream_id: null,
      paper_id: null,
    };
    const one = { ...whole, stream_id: a.streams['S5 Arts'], paper_id: paper.id };
    for (const body of [whole, one]) {
      expect((await a.api.post('/staff_subjects', body)).statusCode).toBe(200);
      const again = await a.api.post('/staff_subjects', body);
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json()).toEqual({ message: 'This teacher already teaches this subject in this class' });
    }
    // A stream or paper left out is none, as null is.
    const omitted = await a.api.post('/staff_subjects', {
      staff_id: member.id,
      subject_id: maths.id,
      class_id: a.classes.S5,
    });
    expect(omitted.statusCode).toBe(202);
    // The same subject in one stream beside all streams, or for another teacher, is another load.
    expect((await a.api.post('/staff_subjects', { ...whole, stream_id: a.streams['S5 Arts'] })).statusCode).toBe(200);
    const colleague = await addStaff(a);
    expect((await a.api.post('/staff_subjects', { ...whole, staff_id: colleague.id })).statusCode).toBe(200);
    const rows = await t.database.raw('select count(*)::int as n from staff_subjects where staff_id = $1', [member.id]);
    expect((rows as Json[])[0].n).toBe(3);
    // Two at once (a double click): one is added, the other refused in the same words, whichever
    // the check or the index refuses.
    const twice = { ...whole, class_id: a.classes.S6 };
    const both = await Promise.all([a.api.post('/staff_subjects', twice), a.api.post('/staff_subjects', twice)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 202]);
    expect(both.find((r) => r.statusCode === 202)?.json().message).toBe(
      'This teacher already teaches this subject in this class',
    );
  });
});

describe('initials are unique in a school', () => {
  it('refuses initials held by another staff member on adding and on changing, naming the holder', async () => {
    const initials = unique('').slice(0, 5).toUpperCase();
    const holder = await addStaff(a, { initials });
    const dup = await a.api.post('/staff', { name: unique('Other '), initials: initials.toLowerCase() });
    expect(dup.statusCode).toBe(202);
    expect(dup.json().message).toBe(
      `Initials ${initials.toLowerCase()} are already used by ${holder.name}; each staff member needs their own, as marksheets print them.`,
    );
    const other = await addStaff(a);
    const edit = await a.api.put(`/staff/${other.id}`, { initials });
    expect(edit.statusCode).toBe(202);
    expect(edit.json().message).toContain(`already used by ${holder.name}`);
    expect((await profile(other.id)).initials).toBe(other.initials);
    // Keeping one's own initials while changing the rest is no clash.
    const own = await a.api.put(`/staff/${holder.id}`, { initials, phone: '0701 222333' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().message).toBe(`Staff Member ${holder.name} updated Successfully`);
    // Another school may use the same initials.
    expect((await b.api.post('/staff', { name: unique('Theirs '), initials })).statusCode).toBe(200);
  });

  it('refuses a name already on the register, and bad input field by field', async () => {
    const member = await addStaff(a);
    const dup = await a.api.post('/staff', { name: member.name.toUpperCase(), initials: 'ZQ1' });
    expect(dup.statusCode).toBe(202);
    expect(dup.json().message).toBe(`Staff Member ${member.name.toUpperCase()} already exists`);
    const bad = await a.api.post('/staff', { name: '', initials: '', phone: '12', position_id: 999999 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['initials', 'name', 'phone']);
    const theirPosition = (await b.api.post('/staff_positions', { name: unique('Bursar ') })).json().data;
    const foreign = await a.api.post('/staff', { name: unique('N '), initials: 'QQ9', position_id: theirPosition.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.position_id).toEqual(['No such position']);
  });
});

describe("a staff member's sign-in", () => {
  it('links an existing user, refuses linking them twice, and unlinks; every change is audited', async () => {
    const teacher = await addStaff(a);
    const other = await addStaff(a);
    const user = await staffWith(t.app, t.database, a, ['record_staff_marks']);
    const linked = await a.api.put(`/staff_sign_in/${teacher.id}`, { user_id: user.userId });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.sign_in).toMatchObject({ username: user.username, manageable: true });
    expect(linked.json().message).toBe(`${teacher.name} now signs in as ${user.username}`);

    const scope = new SchoolScope(t.database.db, a.schoolId, { userId: null, name: null });
    expect(await staffOfUser(scope, user.userId)).toEqual({
      id: teacher.id,
      name: teacher.name,
      initials: teacher.initials,
    });
    // The same user for another staff member: refused, naming who signs in with it.
    const twice = await a.api.put(`/staff_sign_in/${other.id}`, { user_id: user.userId });
    expect(twice.statusCode).toBe(202);
    expect(twice.json().message).toBe(`The user ${user.username} is already the sign-in of ${teacher.name}.`);
    // A second sign-in for the same staff member: unlink the first.
    const second = await staffWith(t.app, t.database, a, []);
    const again = await a.api.put(`/staff_sign_in/${teacher.id}`, { user_id: second.userId });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe(
      `${teacher.name} already signs in as ${user.username}; unlink that sign-in first.`,
    );

    const unlinked = await a.api.del(`/staff_sign_in/${teacher.id}`);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().data.sign_in).toBeNull();
    expect(await staffOfUser(scope, user.userId)).toBeNull();
    // The user itself stays and still signs in.
    await login(t.app, user.username);

    const audits = await t.database.raw(
      `select action from audits where school_id = $1 and entity = 'staff' and entity_id = $2 order by id`,
      [a.schoolId, String(teacher.id)],
    );
    expect((audits as Json[]).map((r) => r.action)).toEqual(['create', 'link sign-in', 'unlink sign-in']);
  });

  it('loses its sign-in, and keeps its record, when the user is deleted', async () => {
    const teacher = await addStaff(a);
    const user = await staffWith(t.app, t.database, a, ['record_staff_marks']);
    expect((await a.api.put(`/staff_sign_in/${teacher.id}`, { user_id: user.userId })).statusCode).toBe(200);
    const gone = await a.api.del(`/users/${user.userId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const profile = await a.api.get(`/staff/${teacher.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ name: teacher.name, sign_in: null });
    // The link itself is gone, with its audit row, so a user made later with that number is nobody's.
    const [row] = (await t.database.raw('select user_id from staff where school_id = $1 and id = $2', [
      a.schoolId,
      teacher.id,
    ])) as Json[];
    expect(row?.user_id).toBeNull();
  });

  it("answers 404 for another school's user or staff member", async () => {
    const mine = await addStaff(a);
    const theirUser = await staffWith(t.app, t.database, b, []);
    const res = await a.api.put(`/staff_sign_in/${mine.id}`, { user_id: theirUser.userId });
    expect(res.statusCode).toBe(404);
    expect((await profile(mine.id)).sign_in).toBeNull();
    const theirs = await addStaff(b);
    const myUser = await staffWith(t.app, t.database, a, []);
    expect((await a.api.put(`/staff_sign_in/${theirs.id}`, { user_id: myUser.userId })).statusCode).toBe(404);
    expect((await a.api.del(`/staff_sign_in/${theirs.id}`)).statusCode).toBe(404);
  });

  it('creates a staff user for the staff member, who then signs in as themselves', async () => {
    const member = await addStaff(a, { phone: '0772 998877' });
    const group = (await a.api.get('/roles')).json().data.find((r: Json) => r.name === 'Teacher');
    const username = unique('teacher');
    const res = await a.api.post(`/staff_sign_in/${member.id}`, {
      username,
      password: 'chalk-and-board-7',
      role_id: group.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sign_in).toMatchObject({ username, name: member.name, role: 'Teacher', type: 2 });
    const token = await login(t.app, username, 'chalk-and-board-7');
    const me = (await client(t.app, token).get('/user')).json();
    expect(JSON.stringify(me)).toContain(member.name);
    // The user name is someone else's: refused, and no second user is made.
    const other = await addStaff(a);
    const taken = await a.api.post(`/staff_sign_in/${other.id}`, {
      username,
      password: 'chalk-and-board-7',
      role_id: group.id,
    });
    expect(taken.statusCode).toBe(202);
    expect((await profile(other.id)).sign_in).toBeNull();
    const bad = await a.api.post(`/staff_sign_in/${other.id}`, { username: 'x', password: '1', role_id: 0 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['password', 'role_id', 'username']);
  });

  it('lets a user manager link only users and groups whose flags they hold, and needs view_users', async () => {
    const member = await addStaff(a);
    const manager = await staffWith(t.app, t.database, a, ['view_users', 'view_staff', 'record_staff_marks']);
    const api = client(t.app, manager.token);
    const bursar = await staffWith(t.app, t.database, a, ['pay_fees']);
    const beyond = await api.put(`/staff_sign_in/${member.id}`, { user_id: bursar.userId });
    expect(beyond.statusCode).toBe(202);
    expect(beyond.json().message).toMatch(/holds permissions you do not hold\.$/);
    const owner = await api.put(`/staff_sign_in/${member.id}`, { user_id: a.adminId });
    expect(owner.statusCode).toBe(202);
    expect(owner.json().message).toBe("Only the owner can change the owner's account.");
    const bursarGroup = (await a.api.get('/roles')).json().data.find((r: Json) => r.name === 'Bursar');
    const create = await api.post(`/staff_sign_in/${member.id}`, {
      username: unique('x'),
      password: 'chalk-and-board-7',
      role_id: bursarGroup.id,
    });
    expect(create.statusCode).toBe(202);
    expect(create.json().message).toBe('The user group Bursar holds permissions you do not hold.');
    expect((await profile(member.id)).sign_in).toBeNull();
    // Within what they hold, they may.
    const teacher = await staffWith(t.app, t.database, a, ['record_staff_marks']);
    expect((await api.put(`/staff_sign_in/${member.id}`, { user_id: teacher.userId })).statusCode).toBe(200);
    // Viewing staff is not managing users.
    const viewer = client(t.app, (await staffWith(t.app, t.database, a, ['view_staff'])).token);
    expect((await viewer.del(`/staff_sign_in/${member.id}`)).statusCode).toBe(403);
    expect((await profile(member.id)).sign_in.username).toBe(teacher.username);
  });
});

/** A filled copy of the downloaded template: `rows` by header under the template's headings. */
async function filled(rows: Json[]) {
  const template = (await a.api.get('/staff_import_template')).rawPayload;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const [sheet] = workbook.worksheets;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  for (const r of rows) sheet.addRow(headers.map((h) => r[h] ?? null));
  return { filename: 'staff.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64') };
}

describe('importing staff', () => {
  it('offers a template with the columns in words and the school’s positions in its notes', async () => {
    const res = await a.api.get('/staff_import_template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('staff-import.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      'Name',
      'Initials',
      'Position',
      'Gender',
      'Phone',
      'E-mail',
      'NIN',
      'TIN',
      'NSSF number',
      'Bank',
      'Account number',
      'Date joined',
      'Basic salary',
    ]);
    const notes = workbook.getWorksheet('Notes')!;
    const text = (notes.getColumn(1).values as unknown[]).join('\n');
    expect(text).toContain('Position: one of Teacher');
  });

  it('imports nothing when one row is wrong, naming each row and column to fix', async () => {
    const before = await countStaff(a.schoolId);
    const taken = await addStaff(a);
    const initials = unique('').slice(0, 4).toUpperCase();
    const res = await a.api.post(
      '/import_staff',
      await filled([
        { Name: unique('Good '), Initials: initials, Position: 'teacher', Phone: '0772 111222' },
        { Name: unique('Bad '), Initials: unique('').slice(0, 4), Position: 'Chaplain', Phone: '12345' },
        { Name: unique('Twin '), Initials: initials.toLowerCase(), Gender: 'Boy', 'Basic salary': 'a lot' },
        { Name: unique('Clash '), Initials: taken.initials, 'Date joined': '31/02/2024' },
        { Initials: 'ZZ' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Staff Not Imported');
    expect(res.json().data).toEqual({
      imported: 0,
      rejected: [
        {
          row: 3,
          errors: [
            'Position: there is no position Chaplain; add it under Staff Positions first',
            'Phone: Enter a phone number such as 0772 123456',
          ],
        },
        {
          row: 4,
          errors: ['Gender: Choose one of: Male, Female', 'Basic salary: Basic salary (UGX) must be a whole number'],
        },
        {
          row: 5,
          errors: [expect.stringMatching(/^Date joined: /)],
        },
        { row: 6, errors: ['Name: Enter the name'] },
      ],
    });
    expect(await countStaff(a.schoolId)).toBe(before + 1);
  });

  it('refuses initials used twice in the file or already held, then imports a clean file whole', async () => {
    const taken = await addStaff(a);
    const initials = unique('').slice(0, 4).toUpperCase();
    const dup = await a.api.post(
      '/import_staff',
      await filled([
        { Name: unique('One '), Initials: initials },
        { Name: unique('Two '), Initials: initials.toLowerCase() },
        { Name: unique('Three '), Initials: taken.initials },
      ]),
    );
    expect(dup.json().data.rejected).toEqual([
      { row: 3, errors: [`Initials: ${initials.toLowerCase()} are also on row 2`] },
      {
        row: 4,
        errors: [
          `Initials: Initials ${taken.initials} are already used by ${taken.name}; each staff member needs their own, as marksheets print them.`,
        ],
      },
    ]);

    const before = await countStaff(a.schoolId);
    const name = unique('Nakimuli Joan ');
    const ok = await a.api.post(
      '/import_staff',
      await filled([
        {
          Name: name,
          Initials: initials,
          Position: 'Teacher',
          Gender: 'F',
          Phone: '+256 772 123 400',
          'E-mail': 'joan@school.example',
          NIN: 'CF85012345ABCD',
          'Date joined': '05/02/2024',
          'Basic salary': '1,200,000',
        },
        { Name: unique('Kato Ronald '), Initials: unique('').slice(0, 4) },
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: { imported: 2, rejected: [] }, message: 'Staff Imported Successfully' });
    expect(await countStaff(a.schoolId)).toBe(before + 2);
    const found = (await a.api.get(`/staff?search=${encodeURIComponent(name)}`)).json().data[0];
    expect(await profile(found.id)).toMatchObject({
      initials,
      position: 'Teacher',
      gender: 'Female',
      phone: '+256772123400',
      email: 'joan@school.example',
      joined_on: '2024-02-05',
      basic_salary: 1_200_000,
    });
    const audited = await t.database.raw(
      `select count(*)::int as n from audits where school_id = $1 and entity = 'staff' and action = 'import'`,
      [a.schoolId],
    );
    expect((audited as Json[])[0].n).toBe(2);
  });

  it('asks for view_staff to import or download the template', async () => {
    const none = client(t.app, (await staffWith(t.app, t.database, a, ['view_users'])).token);
    expect((await none.get('/staff_import_template')).statusCode).toBe(403);
    expect((await none.post('/import_staff', await filled([{ Name: 'A B', Initials: 'AB' }]))).statusCode).toBe(403);
  });
});

it('serves every staff call of the contract', () => {
  const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
  expect(staffCalls.filter((c) => !served.has(`${c.method} ${apiUrl(c.path)}`))).toEqual([]);
});
