import { readdirSync, readFileSync } from 'node:fs';
import { phoneMessage, studentCalls } from '@somero/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../src/core/http.js';
import { readSheet } from '../src/documents/spreadsheet.js';
import { admit, client, type Json, newPhone, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

const t = useTestApp();
let a: RegisterSchool;
let b: RegisterSchool;

beforeAll(async () => {
  a = await registerSchool(t.app, t.database, { year: 2026, term: 2 });
  b = await registerSchool(t.app, t.database);
});

describe('admission', () => {
  it('numbers students 2026/0001, 0002… and gives two admissions at once different numbers', async () => {
    const school = await registerSchool(t.app, t.database);
    const first = await admit(school);
    const second = await admit(school, { surname: 'Okello', other_names: 'John', gender: 'M' });
    expect([first.admission_no, second.admission_no]).toEqual(['2026/0001', '2026/0002']);
    const together = await Promise.all([1, 2, 3, 4].map((i) => admit(school, { other_names: `Twin ${i}` })));
    expect(together.map((s) => s.admission_no).sort()).toEqual(['2026/0003', '2026/0004', '2026/0005', '2026/0006']);
    // The year is the year of admission.
    expect((await admit(school, { admitted_on: '2027-01-20' })).admission_no).toBe('2027/0007');
  });

  it('keeps a typed admission number, and refuses one or a payment code that is taken', async () => {
    const no = unique('KHS/');
    const code = unique('100');
    const added = await admit(a, { admission_no: no, payment_code: code });
    expect(added).toMatchObject({ admission_no: no, payment_code: code, status: 'current' });
    const again = await a.api.post('/students', { ...added, admission_no: no.toLowerCase(), payment_code: null });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe(`Admission number ${no.toLowerCase()} already exists`);
    const codeAgain = await a.api.post('/students', { ...added, admission_no: null, payment_code: code });
    expect(codeAgain.statusCode).toBe(202);
    expect(codeAgain.json().message).toBe(`Payment code ${code} already exists`);
    // Another school may use the same numbers.
    expect((await admit(b, { admission_no: no, payment_code: code })).admission_no).toBe(no);
  });

  it("takes the school's current year and term, today's date when none is given, and says so", async () => {
    const res = await a.api.post('/students', {
      surname: 'Mukasa',
      other_names: 'Peter',
      gender: 'M',
      class_id: a.classes.S2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Student Added Successfully');
    const s = res.json().data;
    expect(s).toMatchObject({ entry_year: 2026, entry_term: 2, class_name: 'S2', stream_id: null, section: 'day' });
    expect(s.admitted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a stream of another class, and a class or guardian of another school', async () => {
    const wrong = await a.api.post('/students', {
      surname: 'Kato',
      other_names: 'Ivan',
      gender: 'M',
      class_id: a.classes.S1,
      stream_id: a.streams['S2 East'],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.stream_id).toEqual(['Stream East is not a stream of S1']);
    const theirClass = await a.api.post('/students', {
      surname: 'Kato',
      other_names: 'Ivan',
      gender: 'M',
      class_id: b.classes.S1,
    });
    expect(theirClass.statusCode).toBe(422);
    const theirGuardian = (
      await b.api.post('/guardians', { name: 'Their Parent', relationship: 'Father', phone: newPhone() })
    ).json().data;
    const linked = await a.api.post('/students', {
      surname: 'Kato',
      other_names: 'Ivan',
      gender: 'M',
      class_id: a.classes.S1,
      guardians: [{ guardian_id: theirGuardian.id }],
    });
    expect(linked.statusCode).toBe(422);
    expect(linked.json().errors['guardians.0.guardian_id']).toBeDefined();
  });

  it('refuses a second guardian with a phone already on record, naming the one to pick', async () => {
    const phone = newPhone();
    const digits = phone.replace(/\D/g, '').slice(3);
    const first = await admit(a, {
      surname: unique('Kato'),
      guardians: [{ name: 'Kato Paul', relationship: 'Father', phone }],
    });
    // The same number typed as 07…: the same parent, not a new one.
    const again = await a.api.post('/students', {
      surname: first.surname,
      other_names: 'Sibling',
      gender: 'M',
      class_id: a.classes.S1,
      guardians: [{ name: 'Paul Kato', relationship: 'Father', phone: `0${digits}` }],
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().message).toContain('Kato Paul');
    expect((await a.api.post('/view_students', { search: first.surname })).json().total).toBe(1);
    const linked = await a.api.post('/students', {
      surname: first.surname,
      other_names: 'Sibling',
      gender: 'M',
      class_id: a.classes.S1,
      guardians: [{ guardian_id: first.guardians[0].id }],
    });
    expect(linked.statusCode, linked.body).toBe(200);
  });

  it('links a new and an existing guardian, and a search by guardian phone finds the child', async () => {
    const phone = newPhone();
    const digits = phone.replace(/\D/g, '').slice(3);
    const sibling = await admit(a, {
      surname: unique('Ssali'),
      guardians: [{ name: 'Ssali Moses', relationship: 'Father', phone }],
    });
    const father = sibling.guardians[0];
    expect(father).toMatchObject({
      name: 'Ssali Moses',
      relationship: 'Father',
      phone: phone.replace(/ /g, ''),
      primary: true,
    });
    const child = await admit(a, {
      surname: sibling.surname,
      other_names: 'Brian',
      gender: 'M',
      guardians: [
        { name: 'Nambooze Joan', relationship: 'Mother', phone: newPhone(), primary: true },
        { guardian_id: father.id },
      ],
    });
    expect(child.guardians.map((g: Json) => [g.name, g.primary])).toEqual([
      ['Nambooze Joan', true],
      ['Ssali Moses', false],
    ]);
    // Typed as a person would: with a leading 0 and spaces.
    const search = `0${digits.slice(0, 3)} ${digits.slice(3)}`;
    const found = await a.api.get(`/students?search=${encodeURIComponent(search)}`);
    expect(
      found
        .json()
        .data.map((s: Json) => s.id)
        .sort(),
    ).toEqual([sibling.id, child.id].sort());
    // A fragment of the number, as remembered at the desk, finds them too, even one starting with 0.
    const fragment = await a.api.get(`/students?search=${digits.slice(-6)}`);
    expect(fragment.json().data.map((s: Json) => s.id)).toEqual(expect.arrayContaining([sibling.id, child.id]));
    const zeroes = await admit(a, {
      guardians: [{ name: 'Opio Denis', relationship: 'Father', phone: '+256 701 091723' }],
    });
    const byZeroFragment = await a.api.get('/students?search=091723');
    expect(byZeroFragment.json().data.map((s: Json) => s.id)).toContain(zeroes.id);
    const profile = (await a.api.get(`/students/${child.id}`)).json().data;
    expect(profile).toMatchObject({ id: child.id, name: `${sibling.surname} Brian`, account: null });
    expect(profile.guardians).toHaveLength(2);
  });
});

describe('phones kept in one form', () => {
  it('stores a typed guardian phone as +256…, finds it by 07…, and refuses a new guardian typing it as +256…', async () => {
    const s = await registerSchool(t.app, t.database);
    const first = await admit(s, {
      surname: unique('Achen'),
      guardians: [{ name: 'Achen Grace', relationship: 'Mother', phone: '0772 123 456' }],
    });
    const mother = first.guardians[0];
    expect(mother.phone).toBe('+256772123456');
    const listed = (await s.api.get('/guardians?search=0772123456')).json().data;
    expect(listed.map((g: Json) => [g.id, g.phone])).toEqual([[mother.id, '+256772123456']]);
    expect((await s.api.get(`/guardians?search=${encodeURIComponent('+256 772 123456')}`)).json().total).toBe(1);
    expect((await s.api.get('/students?search=0772123456')).json().data.map((x: Json) => x.id)).toEqual([first.id]);
    const again = await s.api.post('/students', {
      surname: first.surname,
      other_names: 'Sibling',
      gender: 'M',
      class_id: s.classes.S1,
      guardians: [{ name: 'Grace Achen', relationship: 'Mother', phone: '+256772123456' }],
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().message).toContain('Achen Grace');
    expect(again.json().message).toContain('0772 123456');
    // What is not a phone is refused with the field's message; the generic form's phones follow the same rule.
    const junk = await s.api.post('/students', {
      surname: 'Okot',
      other_names: 'Sam',
      gender: 'M',
      class_id: s.classes.S1,
      guardians: [{ name: 'Okot Peter', relationship: 'Father', phone: 'call the office' }],
    });
    expect(junk.statusCode, junk.body).toBe(422);
    expect(junk.json().errors['guardians.0.phone']).toEqual([phoneMessage]);
    const alt = await s.api.put(`/guardians/${mother.id}`, { alt_phone: '0701-000 111' });
    expect(alt.statusCode, alt.body).toBe(200);
    expect(alt.json().data.alt_phone).toBe('+256701000111');
    const badAlt = await s.api.put(`/guardians/${mother.id}`, { alt_phone: '12345' });
    expect(badAlt.statusCode).toBe(422);
    expect(badAlt.json().errors.alt_phone).toEqual([phoneMessage]);
  });

  it('the phones_one_form migration rewrites phones stored in another form and leaves what it cannot read', async () => {
    const s = await registerSchool(t.app, t.database);
    const [oldForm, unreadable] = (await t.database.raw(
      `insert into guardians (school_id, name, phone, alt_phone) values
         ($1, 'Old Form', '0772 000 999', '256 701 000999'),
         ($1, 'Unreadable', 'ask the office', '+254 712 345678')
       returning id`,
      [s.schoolId],
    )) as { id: number }[];
    const [supplier] = (await t.database.raw(
      `insert into suppliers (school_id, name, phone) values ($1, 'Old Supplier', '(0414) 123-456') returning id`,
      [s.schoolId],
    )) as { id: number }[];
    const folder = new URL('../drizzle/', import.meta.url);
    const file = readdirSync(folder).find((f) => f.endsWith('_phones_one_form.sql'));
    expect(file).toBeDefined();
    for (const statement of readFileSync(new URL(String(file), folder), 'utf8').split('--> statement-breakpoint'))
      await t.database.raw(statement);
    const rows = (await t.database.raw('select id, phone, alt_phone from guardians where school_id = $1 order by id', [
      s.schoolId,
    ])) as Json[];
    expect(rows).toEqual([
      { id: oldForm.id, phone: '+256772000999', alt_phone: '+256701000999' },
      { id: unreadable.id, phone: 'ask the office', alt_phone: '+254712345678' },
    ]);
    expect(
      await t.database.raw('select phone from suppliers where id = $1 and school_id = $2', [supplier.id, s.schoolId]),
    ).toEqual([{ phone: '+256414123456' }]);
  });
});

describe('student lists', () => {
  let school: RegisterSchool;
  beforeAll(async () => {
    school = await registerSchool(t.app, t.database, { year: 2026, term: 2 });
    const plan: [string, string | null, 'M' | 'F', 'day' | 'boarding'][] = [
      ['S1', 'East', 'F', 'day'],
      ['S1', 'East', 'M', 'boarding'],
      ['S1', 'West', 'F', 'boarding'],
      ['S1', 'West', 'M', 'day'],
      ['S1', null, 'F', 'day'],
      ['S2', 'East', 'M', 'boarding'],
      ['S2', 'West', 'F', 'day'],
    ];
    for (const [i, [cls, stream, gender, section]] of plan.entries()) {
      await admit(school, {
        surname: `Pupil${String.fromCharCode(71 - i)}`,
        other_names: `Number ${i + 1}`,
        class_id: school.classes[cls],
        stream_id: stream ? school.streams[`${cls} ${stream}`] : null,
        gender,
        section,
      });
    }
    // Admitted last term: not a new student.
    await t.database.raw(
      `update students set entry_term = 1 where school_id = $1 and other_names in ('Number 1', 'Number 2')`,
      [school.schoolId],
    );
  });

  it('filter by class, stream, gender and section with the right counts', async () => {
    const view = async (body: Json) => (await school.api.post('/view_students', body)).json();
    expect((await view({})).total).toBe(7);
    expect((await view({ class_id: school.classes.S1 })).total).toBe(5);
    expect((await view({ stream_id: school.streams['S1 West'] })).total).toBe(2);
    expect((await view({ class_id: school.classes.S1, gender: 'F' })).total).toBe(3);
    expect((await view({ section: 'boarding' })).total).toBe(3);
    expect((await view({ status: 'trashed' })).total).toBe(0);
    const s1 = (await view({ class_id: school.classes.S1, gender: 'F' })).data;
    expect(s1.every((s: Json) => s.class_name === 'S1' && s.gender === 'F')).toBe(true);
  });

  it('page in a stable order, sorted by name, admission number or class', async () => {
    const page1 = (await school.api.post('/view_students', { per_page: 3, page: 1 })).json();
    const page3 = (await school.api.post('/view_students', { per_page: 3, page: 3 })).json();
    expect(page1).toMatchObject({ page: 1, per_page: 3, total: 7 });
    expect(page1.data.map((s: Json) => s.surname)).toEqual(['PupilA', 'PupilB', 'PupilC']);
    expect(page3.data.map((s: Json) => s.surname)).toEqual(['PupilG']);
    const byNo = (await school.api.post('/view_students', { sort: 'admission_no', order: 'desc' })).json().data;
    expect(byNo.map((s: Json) => s.admission_no)).toEqual([...byNo.map((s: Json) => s.admission_no)].sort().reverse());
    const byClass = (await school.api.post('/view_students', { sort: 'class' })).json().data;
    expect(byClass.map((s: Json) => `${s.class_name} ${s.stream_name ?? '-'}`)).toEqual([
      'S1 East',
      'S1 East',
      'S1 West',
      'S1 West',
      'S1 -',
      'S2 East',
      'S2 West',
    ]);
    const get = (await school.api.get(`/students?class_id=${school.classes.S2}&per_page=1&page=2`)).json();
    expect(get).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(get.data).toHaveLength(1);
  });

  it('search by name in either order, admission number or payment code', async () => {
    const found = async (search: string) =>
      (await school.api.post('/view_students', { search })).json().data.map((s: Json) => s.other_names);
    expect(await found('number 3 pupile')).toEqual(['Number 3']);
    expect(await found('2026/0004')).toEqual(['Number 4']);
    expect(await found('no such child')).toEqual([]);
  });

  it('new students are those who entered this term', async () => {
    const fresh = (await school.api.post('/new_students', {})).json();
    expect(fresh.total).toBe(5);
    expect(fresh.data.every((s: Json) => s.entry_term === 2 && s.entry_year === 2026)).toBe(true);
  });

  it('export the whole filtered list as students.xlsx', async () => {
    const res = await school.api.post('/view_students', { class_id: school.classes.S1, per_page: 2, format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('students.xlsx');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rows).toHaveLength(5);
    expect(sheet.headers).toEqual(expect.arrayContaining(['admission_no', 'surname', 'class', 'stream']));
    expect(sheet.rows.find((r) => r.values.surname === 'PupilG')?.values).toMatchObject({
      other_names: 'Number 1',
      class: 'S1',
      stream: 'East',
      gender: 'Female',
    });
  });
});

describe('changing, trashing, restoring and deleting', () => {
  it('changes only the fields given; a new class drops a stream it does not have', async () => {
    const s = await admit(a, { section: 'boarding', nationality: 'Kenyan', house: 'Mutesa' });
    const res = await a.api.put(`/students/${s.id}`, { other_names: 'Sarah Grace', class_id: a.classes.S2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Student Details Updated Successfully');
    expect(res.json().data).toMatchObject({
      other_names: 'Sarah Grace',
      class_name: 'S2',
      stream_id: null,
      section: 'boarding',
      nationality: 'Kenyan',
      house: 'Mutesa',
    });
    const bad = await a.api.put(`/students/${s.id}`, { stream_id: a.streams['S3 East'] });
    expect(bad.statusCode).toBe(422);
    const cleared = await a.api.put(`/students/${s.id}`, { admission_no: '' });
    expect(cleared.statusCode).toBe(422);
  });

  it('replaces guardian links when guardians are given', async () => {
    const s = await admit(a, { guardians: [{ name: 'Old Guardian', phone: newPhone() }] });
    const res = await a.api.put(`/students/${s.id}`, {
      guardians: [{ name: 'New Guardian', relationship: 'Aunt', phone: newPhone() }],
    });
    expect(res.json().data.guardians.map((g: Json) => g.name)).toEqual(['New Guardian']);
  });

  it('trashes a current student, restores them, and deletes a trashed one for good', async () => {
    const s = await admit(a, { surname: unique('Trash') });
    const trashed = await a.api.del(`/students/${s.id}`);
    expect(trashed.statusCode).toBe(200);
    expect(trashed.json().message).toBe(`Student ${s.name} deleted successfully`);
    expect((await a.api.get(`/students?search=${s.surname}`)).json().total).toBe(0);
    const bin = (await a.api.post('/trashed_students', { search: s.surname })).json();
    expect(bin.data.map((x: Json) => x.id)).toEqual([s.id]);

    const restored = await a.api.put(`/students/${s.id}`, { status: 'current' });
    expect(restored.json().data.status).toBe('current');
    expect((await a.api.get(`/students?search=${s.surname}`)).json().total).toBe(1);

    await a.api.del(`/students/${s.id}`);
    const gone = await a.api.del(`/students/${s.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(`Student ${s.name} deleted for good`);
    expect((await a.api.get(`/students/${s.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete for good a student that records refer to, naming them', async () => {
    const s = await admit(a);
    const pass = await a.api.post('/pass_outs', {
      student_id: s.id,
      type: 'Medical',
      reason: 'Clinic visit',
      time_out: '2026-03-02T09:00:00+03:00',
      expected_return: '2026-03-02T17:00:00+03:00',
      authorised_by: 'Deputy Head Teacher',
    });
    expect(pass.statusCode, pass.body).toBe(200);
    await a.api.del(`/students/${s.id}`);
    const refused = await a.api.del(`/students/${s.id}`);
    expect(refused.statusCode).toBe(202);
    expect(refused.json().message).toBe(`Student ${s.name} cannot be deleted for good: used by 1 pass out.`);
    expect((await a.api.get(`/students/${s.id}`)).json().data.status).toBe('trashed');
  });
});

describe("another school's students", () => {
  it('answer 404 on every call with a student id', async () => {
    const theirs = await admit(b);
    const calls = [
      a.api.get(`/students/${theirs.id}`),
      a.api.put(`/students/${theirs.id}`, { surname: 'Hijacked' }),
      a.api.del(`/students/${theirs.id}`),
      a.api.put(`/student_accounts/${theirs.id}`, { password: 'secret-123' }),
      a.api.del(`/student_accounts/${theirs.id}`),
      a.api.post('/modify_student', { students: [{ id: theirs.id, surname: 'Hijacked' }] }),
      a.api.post('/pass_outs', {
        student_id: theirs.id,
        type: 'Medical',
        reason: 'Clinic visit',
        time_out: '2026-03-02T09:00:00+03:00',
        expected_return: '2026-03-02T17:00:00+03:00',
        authorised_by: 'Deputy',
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const theirPass = await b.api.post('/pass_outs', {
      student_id: theirs.id,
      type: 'Medical',
      reason: 'Clinic visit',
      time_out: '2026-03-02T09:00:00+03:00',
      expected_return: '2026-03-02T17:00:00+03:00',
      authorised_by: 'Deputy',
    });
    expect((await a.api.get(`/pass_outs/${theirPass.json().data.id}`)).statusCode).toBe(404);
    expect((await a.api.post('/student_ids', { student_ids: [theirs.id] })).statusCode).toBe(404);
    expect((await a.api.get(`/students/${theirs.id}`)).statusCode).toBe(404);
    expect((await b.api.get(`/students/${theirs.id}`)).json().data.surname).toBe('Nakato');
  });

  it('never show in lists or searches', async () => {
    const theirs = await admit(b, { surname: unique('Hidden') });
    expect((await a.api.post('/view_students', { search: theirs.surname })).json().total).toBe(0);
    expect((await b.api.post('/view_students', { search: theirs.surname })).json().total).toBe(1);
  });
});

describe('the register', () => {
  it('serves every student call of the contract', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = studentCalls.filter((c) => !served.has(`${c.method} ${apiUrl(c.path)}`));
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});

describe('permissions', () => {
  it('a user group that may view students cannot add, change or delete them', async () => {
    const viewer = client(t.app, (await staffWith(t.app, t.database, a, ['view_students'])).token);
    const s = await admit(a);
    expect((await viewer.get(`/students/${s.id}`)).statusCode).toBe(200);
    expect((await viewer.post('/students', { surname: 'X' })).statusCode).toBe(403);
    expect((await viewer.put(`/students/${s.id}`, { surname: 'X' })).statusCode).toBe(403);
    expect((await viewer.del(`/students/${s.id}`)).statusCode).toBe(403);
    expect((await viewer.post('/migrate_students', { class_id: a.classes.S1 })).statusCode).toBe(403);
  });
});
