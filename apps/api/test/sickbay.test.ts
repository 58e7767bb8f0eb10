import { sickbayCalls } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
import { audits } from '../src/db/schema.js';
import { fillDemoSickbay } from '../src/modules/sickbay/index.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

const t = useTestApp();

/** A school's sick bay set-up: two problems, three students (two in S1, one in S3) and a staff member. */
async function setUp(school: RegisterSchool) {
  const post = async (url: string, body: object) => {
    const res = await school.api.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  // A new school starts with the common problems of a Ugandan sick bay.
  const problems = (await school.api.get('/sickbay_problems?per_page=100')).json().data as Json[];
  expect(problems.map((p) => p.name)).toEqual(expect.arrayContaining(['Malaria', 'Headache', 'Flu/Cough']));
  const malaria = problems.find((p) => p.name === 'Malaria')!.id as number;
  const headache = problems.find((p) => p.name === 'Headache')!.id as number;
  const sarah = (await admit(school)).id as number;
  const brian = (await admit(school, { surname: 'Okello', other_names: 'Brian', gender: 'M' })).id as number;
  const grace = (
    await admit(school, { surname: 'Atim', other_names: 'Grace', class_id: school.classes.S3, stream_id: null })
  ).id as number;
  const teacher = await post('/staff', { name: unique('Mr. Ssemwogerere '), initials: unique('T').slice(0, 6) });
  return { malaria, headache, sarah, brian, grace, teacher };
}

describe('sick bay', () => {
  let s: RegisterSchool;
  let x: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    x = await setUp(s);
  });

  it('records a visit at the server time by default, with the class the student is in, and audits it', async () => {
    const before = now().getTime();
    const res = await s.api.post('/medication', {
      student_id: x.sarah,
      problem_id: x.malaria,
      temperature: 38.6,
      treatment: 'mRDT positive',
      drugs: 'Coartem 4 tabs',
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().data;
    expect(v).toMatchObject({
      patient: 'student',
      name: 'Nakato Sarah',
      class_name: 'S1',
      complaint: 'Malaria',
      temperature: 38.6,
      drugs: 'Coartem 4 tabs',
      status: 'added',
      notes_hidden: false,
      attended_by: 'Head Administrator',
    });
    expect(Date.parse(v.visited_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(v.visited_at)).toBeLessThanOrEqual(now().getTime() + 1000);
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, s.schoolId), eq(audits.entity, 'sickbay_visits'), eq(audits.entityId, v.id)));
    expect(audit?.action).toBe('create');
  });

  it('refuses bad input with field messages: temperature 55, two decimals, no complaint, a referral nowhere', async () => {
    const bad = async (body: Json, field: string) => {
      const res = await s.api.post('/medication', { student_id: x.sarah, ...body });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    await bad({ complaint: 'Fever', temperature: 55 }, 'temperature');
    await bad({ complaint: 'Fever', temperature: 30 }, 'temperature');
    await bad({ complaint: 'Fever', temperature: 37.55 }, 'temperature');
    await bad({ temperature: 37 }, 'complaint');
    await bad({ complaint: 'Fever', outcome: 'referred', close: true }, 'referred_to');
    await bad({ complaint: 'Fever', close: true }, 'outcome');
    await bad({ complaint: 'Fever', visited_at: new Date(now().getTime() + 3600_000).toISOString() }, 'visited_at');
  });

  it('edits an open visit, closes it when the student leaves, then refuses changes; delete keeps it listed', async () => {
    const add = await s.api.post('/medication', {
      student_id: x.brian,
      complaint: 'Swollen ankle from football',
      visited_at: '2026-03-02T07:15:00+03:00',
    });
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().data.id;
    const edit = await s.api.put(`/medication/${id}`, {
      complaint: 'Swollen ankle from football',
      temperature: 36.8,
      treatment: 'Cold compress, bandage',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({
      status: 'edited',
      temperature: 36.8,
      visited_at: '2026-03-02T04:15:00.000Z',
    });
    const close = await s.api.put(`/medication/${id}`, {
      complaint: 'Swollen ankle from football',
      temperature: 36.8,
      treatment: 'Cold compress, bandage',
      outcome: 'referred',
      referred_to: 'Mengo Hospital',
      close: true,
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().data).toMatchObject({ status: 'closed', outcome: 'referred', referred_to: 'Mengo Hospital' });
    expect(close.json().data.closed_at).not.toBeNull();

    const again = await s.api.put(`/medication/${id}`, { complaint: 'Something else' });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe('This visit is closed and cannot be changed.');

    expect((await s.api.del(`/medication/${id}`)).statusCode).toBe(422); // no reason
    const del = await s.api.del(`/medication/${id}?reason=${encodeURIComponent('Wrong student')}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toMatchObject({ status: 'deleted', delete_reason: 'Wrong student' });
    const twice = await s.api.del(`/medication/${id}?reason=Again`);
    expect(twice.statusCode).toBe(202);
    expect(twice.json().message).toBe('This visit is already deleted.');
    expect((await s.api.put(`/medication/${id}`, { complaint: 'x' })).json().message).toMatch(/deleted/);

    const listed = (await s.api.post('/view_medication', { status: 'deleted' })).json();
    expect(listed.data.map((r: Json) => r.id)).toEqual([id]);
    // A student's visit is not a staff visit.
    expect((await s.api.put(`/staff_medication/${id}`, { complaint: 'x' })).statusCode).toBe(404);
  });

  it('records staff visits apart from students', async () => {
    const res = await s.api.post('/staff_medication', { staff_id: x.teacher, problem_id: x.headache, temperature: 37 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ patient: 'staff', complaint: 'Headache', class_name: null });
    const staffList = (await s.api.post('/view_staff_medication', {})).json();
    expect(staffList.data.map((r: Json) => r.id)).toEqual([res.json().data.id]);
    const students = (await s.api.post('/view_medication', {})).json();
    expect(students.data.every((r: Json) => r.patient === 'student')).toBe(true);
    expect((await s.api.post('/staff_medication', { staff_id: x.sarah + 100000, complaint: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('shows medical notes only to manage_medication_center; others see who, when, complaint and status', async () => {
    const teacher = client(t.app, (await staffWith(t.app, t.database, s, ['view_students'])).token);
    const list = await teacher.post('/view_medication', {});
    expect(list.statusCode, list.body).toBe(200);
    const malaria = list.json().data.find((r: Json) => r.complaint === 'Malaria');
    expect(malaria).toMatchObject({ name: 'Nakato Sarah', status: 'added', notes_hidden: true });
    expect(malaria.temperature).toBeNull();
    expect(malaria.treatment).toBeNull();
    expect(malaria.drugs).toBeNull();
    expect(JSON.stringify(list.json())).not.toContain('Coartem');
    const nurse = client(t.app, (await staffWith(t.app, t.database, s, ['manage_medication_center'])).token);
    const full = (await nurse.post('/view_medication', {})).json().data.find((r: Json) => r.complaint === 'Malaria');
    expect(full).toMatchObject({ drugs: 'Coartem 4 tabs', temperature: 38.6, notes_hidden: false });
  });

  it('refuses without the flag (403) and another school ids (404)', async () => {
    const clerk = client(t.app, (await staffWith(t.app, t.database, s, ['view_students'])).token);
    expect((await clerk.post('/medication', { student_id: x.sarah, complaint: 'Fever' })).statusCode).toBe(403);
    expect((await clerk.post('/view_staff_medication', {})).statusCode).toBe(403);
    expect((await clerk.post('/medication_report', { from: '2026-01-01', to: '2026-12-31' })).statusCode).toBe(403);
    expect((await clerk.post('/sickbay_problems', { name: 'Cholera' })).statusCode).toBe(403);
    expect((await clerk.get('/sickbay_problems')).statusCode).toBe(200);
    const nobody = client(t.app, (await staffWith(t.app, t.database, s, ['view_revenues'])).token);
    expect((await nobody.post('/view_medication', {})).statusCode).toBe(403);
    expect((await nobody.get('/sickbay_problems')).statusCode).toBe(403);

    const other = await registerSchool(t.app, t.database);
    const mine = (await s.api.post('/view_medication', {})).json().data[0].id;
    expect((await other.api.post('/medication', { student_id: x.sarah, complaint: 'Fever' })).statusCode).toBe(404);
    const theirMalaria = ((await other.api.get('/sickbay_problems?search=Malaria')).json().data as Json[])[0]!.id;
    const otherStudent = (await admit(other)).id;
    expect((await other.api.post('/medication', { student_id: otherStudent, problem_id: x.malaria })).statusCode).toBe(
      404,
    );
    expect((await s.api.post('/medication', { student_id: x.sarah, problem_id: theirMalaria })).statusCode).toBe(404);
    expect((await other.api.put(`/medication/${mine}`, { complaint: 'x' })).statusCode).toBe(404);
    expect((await other.api.del(`/medication/${mine}?reason=Not%20ours`)).statusCode).toBe(404);
    expect((await other.api.post('/view_medication', {})).json().data).toEqual([]);
  });

  it('reports by problem, class and period in Kampala days, leaving deleted visits out; xlsx too', async () => {
    const r = await registerSchool(t.app, t.database);
    const y = await setUp(r);
    const visit = async (url: string, body: Json) => {
      const res = await r.api.post(url, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    // Mon 2 Mar .. Sun 15 Mar 2026 (ISO weeks 10 and 11).
    await visit('/medication', { student_id: y.sarah, problem_id: y.malaria, visited_at: '2026-03-02T08:00:00+03:00' });
    await visit('/medication', { student_id: y.brian, problem_id: y.malaria, visited_at: '2026-03-03T09:00:00+03:00' });
    await visit('/medication', { student_id: y.grace, complaint: 'malaria', visited_at: '2026-03-10T10:00:00+03:00' });
    await visit('/medication', {
      student_id: y.grace,
      problem_id: y.headache,
      visited_at: '2026-03-09T00:30:00+03:00',
    });
    await visit('/staff_medication', {
      staff_id: y.teacher,
      problem_id: y.headache,
      visited_at: '2026-03-11T12:00:00+03:00',
    });
    const gone = await visit('/medication', {
      student_id: y.sarah,
      problem_id: y.headache,
      visited_at: '2026-03-12T08:00:00+03:00',
    });
    expect((await r.api.del(`/medication/${gone}?reason=Recorded%20twice`)).statusCode).toBe(200);
    // Sun 15 Mar 23:30 in Kampala is 20:30 UTC: still in the range; 16 Mar 00:30 is not.
    await visit('/medication', { student_id: y.brian, problem_id: y.headache, visited_at: '2026-03-15T20:30:00Z' });
    await visit('/medication', { student_id: y.brian, problem_id: y.headache, visited_at: '2026-03-15T21:30:00Z' });

    const report = await r.api.post('/medication_report', { from: '2026-03-01', to: '2026-03-15' });
    expect(report.statusCode, report.body).toBe(200);
    const d = report.json().data;
    expect(d.total).toBe(6);
    expect(d.by_problem.map((l: Json) => [l.label, l.count])).toEqual([
      ['Headache', 3],
      ['Malaria', 3], // the free-text "malaria" counts with the listed problem
    ]);
    expect(d.by_class.map((l: Json) => [l.label, l.count])).toEqual([
      ['S1', 3],
      ['S3', 2],
      ['Staff', 1],
    ]);
    expect(d.by_month).toEqual([{ key: '2026-03', label: 'Mar 2026', count: 6 }]);
    const studentsOnly = (
      await r.api.post('/medication_report', { from: '2026-03-01', to: '2026-03-15', patients: 'students' })
    ).json().data;
    expect(studentsOnly.total).toBe(5);

    const weekly = (
      await r.api.post('/medication_periodic', { from: '2026-03-02', to: '2026-03-15', period: 'week' })
    ).json().data;
    expect(weekly.periods.map((p: Json) => [p.key, p.students, p.staff])).toEqual([
      ['2026-W10', 2, 0],
      ['2026-W11', 3, 1],
    ]);
    const daily = (
      await r.api.post('/medication_periodic', { from: '2026-03-09', to: '2026-03-10', period: 'day' })
    ).json().data;
    expect(daily.periods.map((p: Json) => [p.label, p.students])).toEqual([
      ['9 Mar 2026', 1],
      ['10 Mar 2026', 1],
    ]);
    expect(
      (await r.api.post('/medication_periodic', { from: '2026-03-15', to: '2026-03-01', period: 'day' })).statusCode,
    ).toBe(422);

    const sheet = await r.api.post('/medication_periodic', {
      from: '2026-03-02',
      to: '2026-03-15',
      period: 'week',
      format: 'xlsx',
    });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('sick_bay_periodic.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]
      .getSheetValues()
      .flat()
      .filter((v) => v !== undefined && v !== null);
    expect(values).toContain('Week 11 (from 9 Mar 2026)');
    const xlsx = await r.api.post('/medication_report', { from: '2026-03-01', to: '2026-03-15', format: 'xlsx' });
    expect(xlsx.headers['content-disposition']).toContain('sick_bay_report.xlsx');
  });

  it('fills the demo school with the problems list and weeks of visits, none in the future', async () => {
    const d = await registerSchool(t.app, t.database);
    for (let i = 0; i < 5; i++) await admit(d, { surname: `Demo${i}` });
    await fillDemoSickbay(t.database.db, d.schoolId, d.adminId);
    const problems = (await d.api.get('/sickbay_problems?per_page=100')).json().data.map((p: Json) => p.name);
    expect(problems).toEqual(
      expect.arrayContaining(['Malaria', 'Headache', 'Flu/Cough', 'Menstrual pain', 'Toothache']),
    );
    const all = (await d.api.post('/view_medication', { per_page: 500 })).json();
    expect(all.total).toBeGreaterThan(60);
    expect(all.data.every((v: Json) => Date.parse(v.visited_at) <= now().getTime())).toBe(true);
    expect(all.data.filter((v: Json) => v.status === 'deleted')).toHaveLength(1);
    expect(all.data.filter((v: Json) => v.outcome === 'referred').every((v: Json) => v.referred_to)).toBe(true);
  });

  it('keeps a problem that visits name: deleting it is refused, never a server fault', async () => {
    const res = await s.api.del(`/sickbay_problems/${x.malaria}`);
    expect(res.statusCode, res.body).toBe(202);
    expect((await s.api.get('/sickbay_problems')).json().data.map((p: Json) => p.name)).toContain('Malaria');
  });

  it('serves every sick bay call', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = sickbayCalls.filter((c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(missing).toEqual([]);
  });
});
