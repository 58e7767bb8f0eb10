import { beforeAll, describe, expect, it } from 'vitest';
import { now as clockNow } from '../src/core/dates.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { unique, useTestApp } from './support.js';

const t = useTestApp();
let school: RegisterSchool;
beforeAll(async () => {
  school = await registerSchool(t.app, t.database);
});

const isPdf = (body: Buffer) => body.subarray(0, 5).toString() === '%PDF-';

describe('student portal accounts', () => {
  it('are made when a password is first set, named by admission number, and turned off and on', async () => {
    const s = await admit(school, { surname: unique('Account') });
    const before = (await school.api.post('/view_student_accounts', { search: s.surname })).json();
    expect(before.data).toEqual([expect.objectContaining({ student_id: s.id, username: null, active: null })]);

    const set = await school.api.put(`/student_accounts/${s.id}`, { password: 'first-pass-1' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: 'Student Password Changed Successfully',
      data: { student_id: s.id, username: s.admission_no, active: true, class_name: 'S1', stream_name: 'East' },
    });
    expect((await school.api.put(`/student_accounts/${s.id}`, { password: 'second-pass-2' })).statusCode).toBe(200);
    expect((await school.api.put(`/student_accounts/${s.id}`, { password: '123' })).statusCode).toBe(422);

    const off = await school.api.del(`/student_accounts/${s.id}`);
    expect(off.json()).toMatchObject({ message: 'Account changed Successfully', data: { active: false } });
    expect((await school.api.del(`/student_accounts/${s.id}`)).json().data.active).toBe(true);
    expect((await school.api.get(`/students/${s.id}`)).json().data.account).toEqual({
      username: s.admission_no,
      active: true,
    });
    // The password hash never reaches the audit trail.
    const [audit] = await t.database.raw(
      `select after from audits where school_id = $1 and entity = 'student_accounts' limit 1`,
      [school.schoolId],
    );
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('a student without one cannot be switched', async () => {
    const s = await admit(school);
    const res = await school.api.del(`/student_accounts/${s.id}`);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain('no portal account');
  });
});

describe('pass-outs', () => {
  const pass = (studentId: number, fields: Json = {}) =>
    school.api.post('/pass_outs', {
      student_id: studentId,
      type: 'Medical',
      reason: 'Referred to Mulago hospital',
      destination: 'Mulago',
      time_out: '2026-03-02T09:00:00+03:00',
      expected_return: '2026-03-02T17:00:00+03:00',
      collector_name: 'Ssali Moses',
      collector_relationship: 'Father',
      authorised_by: 'Nurse Auma',
      ...fields,
    });

  it('take the next pass number, list newest first, and show the overdue ones', async () => {
    const s = await registerSchool(t.app, t.database);
    const pupil = await admit(s);
    const add = (fields: Json) =>
      s.api.post('/pass_outs', {
        student_id: pupil.id,
        type: 'Home visit',
        reason: 'Family function',
        authorised_by: 'Deputy Head Teacher',
        ...fields,
      });
    const first = await add({ time_out: '2026-03-02T09:00:00+03:00', expected_return: '2026-03-04T17:00:00+03:00' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Pass Out added Successfully');
    expect(first.json().data).toMatchObject({ pass_no: 1, status: 'out', overdue: true, class_name: 'S1 East' });
    const future = new Date(clockNow().getTime() + 86_400_000).toISOString();
    const second = await add({ time_out: clockNow().toISOString(), expected_return: future });
    expect(second.json().data).toMatchObject({ pass_no: 2, overdue: false });
    await s.api.put(`/pass_outs/${second.json().data.id}`, { status: 'returned' });

    const all = (await s.api.post('/view_pass_outs', {})).json();
    expect(all.total).toBe(2);
    expect(all.data.map((p: Json) => p.pass_no)).toEqual([2, 1]);
    const overdue = (await s.api.post('/view_pass_outs', { status: 'overdue' })).json();
    expect(overdue.data.map((p: Json) => p.pass_no)).toEqual([1]);
    const march = (await s.api.post('/view_pass_outs', { from: '2026-03-01', to: '2026-03-02' })).json();
    expect(march.data.map((p: Json) => p.pass_no)).toEqual([1]);
    const byName = (await s.api.post('/view_pass_outs', { search: 'nakato sarah', status: 'returned' })).json();
    expect(byName.data.map((p: Json) => p.pass_no)).toEqual([2]);
  });

  it('are refused for a student who is not current, and a return before the time out', async () => {
    const s = await admit(school);
    expect((await pass(s.id, { expected_return: '2026-03-01T09:00:00+03:00' })).statusCode).toBe(422);
    await school.api.del(`/students/${s.id}`);
    const res = await pass(s.id);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain('not a current student');
  });

  it('print as a PDF', async () => {
    const s = await admit(school);
    const created = (await pass(s.id)).json().data;
    const res = await school.api.get(`/pass_outs/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(isPdf(res.rawPayload)).toBe(true);
    expect((await school.api.get('/pass_outs/999999999')).statusCode).toBe(404);
  });
});

describe('ID cards', () => {
  it('print the chosen students as a PDF, and refuse an empty selection', async () => {
    const s = await registerSchool(t.app, t.database);
    await admit(s);
    await admit(s, { other_names: 'Grace', stream_id: s.streams['S1 West'] });
    const res = await s.api.post('/student_ids', { class_id: s.classes.S1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="student-ids.pdf"');
    expect(isPdf(res.rawPayload)).toBe(true);
    const none = await s.api.post('/student_ids', { class_id: s.classes.S5 });
    expect(none.statusCode).toBe(202);
    expect(none.json().message).toBe('No students match');
  });
});

describe('summary and periodic report', () => {
  it('count current students by class, stream, gender and section', async () => {
    const s = await registerSchool(t.app, t.database);
    await admit(s);
    await admit(s, { gender: 'M', section: 'boarding' });
    await admit(s, { stream_id: s.streams['S1 West'] });
    await admit(s, { stream_id: null, class_id: s.classes.S3 });
    const trashed = await admit(s);
    await s.api.del(`/students/${trashed.id}`);
    const res = (await s.api.post('/student_summary', {})).json().data;
    expect(res.totals).toEqual({ male: 1, female: 3, day: 3, boarding: 1, total: 4 });
    const s1 = res.classes.find((c: Json) => c.class_name === 'S1');
    expect(s1).toMatchObject({ male: 1, female: 2, total: 3 });
    expect(s1.streams.map((x: Json) => [x.stream_name, x.total])).toEqual([
      ['East', 2],
      ['West', 1],
    ]);
    const s3 = res.classes.find((c: Json) => c.class_name === 'S3');
    expect(s3.streams).toEqual([expect.objectContaining({ stream_id: null, stream_name: 'No stream', total: 1 })]);
    expect(res.classes.map((c: Json) => c.class_name)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
  });

  it('lists who was admitted and who left between two dates', async () => {
    const s = await registerSchool(t.app, t.database);
    await admit(s, { admitted_on: '2026-02-10' });
    await admit(s, { admitted_on: '2026-05-26', class_id: s.classes.S4, stream_id: null });
    await admit(s, { admitted_on: '2025-02-10' });
    await s.api.post('/migrate_students', { class_id: s.classes.S4, confirm: true });
    const year = (await s.api.post('/students_periodic_report', { from: '2026-01-01', to: '2026-12-31' })).json().data;
    expect(year.admitted).toHaveLength(2);
    expect(year.classes.find((c: Json) => c.class_name === 'S1')).toMatchObject({ admitted: 1, left: 0 });
    const leftToday = year.left.length;
    expect(leftToday).toBe(clockNow().getFullYear() === 2026 ? 1 : 0);
    // The S4 leaver left today, whatever the year.
    const thisYear = clockNow().getFullYear();
    const now = await s.api.post('/students_periodic_report', { from: `${thisYear}-01-01`, to: `${thisYear}-12-31` });
    expect(now.json().data.left).toHaveLength(1);
    const bad = await s.api.post('/students_periodic_report', { from: '2026-12-31', to: '2026-01-01' });
    expect(bad.statusCode).toBe(422);
  });
});
