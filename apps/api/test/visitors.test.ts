import { visitorsCalls, visitorVisits } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
import { audits } from '../src/db/schema.js';
import { fillDemoVisitors } from '../src/modules/visitors/index.js';
import { pdfPages } from './pdf-text.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

const t = useTestApp();

const parent = (studentId: number, extra: Json = {}) => ({
  visitor_name: 'Mukasa Joseph',
  phone: '0772 123456',
  id_type: 'nin',
  id_number: 'CM80012345ABCD',
  from_where: 'Mukono',
  visitor_type: 'parent',
  purpose: 'Brought pocket money',
  whom: 'student',
  student_id: studentId,
  relationship: 'Father',
  items_brought: 'Sugar and soap',
  ...extra,
});

describe('visitors book', () => {
  let s: RegisterSchool;
  let sarah: number;
  let teacher: number;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    sarah = (await admit(s)).id as number;
    const res = await s.api.post('/staff', { name: unique('Mr. Ouma '), initials: unique('O').slice(0, 6) });
    teacher = res.json().data.id;
  });

  it('records a visit at the server time, the phone in one form, the notice text, and audits it', async () => {
    const before = now().getTime();
    const res = await s.api.post('/visitors', parent(sarah));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Visit Recorded Successfully');
    const v = res.json().data;
    expect(v).toMatchObject({
      visitor_name: 'Mukasa Joseph',
      phone: '+256772123456',
      whom: 'student',
      student_name: 'Nakato Sarah',
      class_name: 'S1',
      visited: 'Nakato Sarah',
      relationship: 'Father',
      status: 'open',
      time_out: null,
      minutes: null,
      recorded_by: 'Head Administrator',
    });
    expect(Date.parse(v.time_in)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(v.time_in)).toBeLessThanOrEqual(now().getTime() + 1000);
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, s.schoolId), eq(audits.entity, 'visitor_visits'), eq(audits.entityId, v.id)));
    expect(audit?.action).toBe('create');
  });

  it('refuses bad input with field messages (422), never a server fault', async () => {
    const bad = async (body: Json, field: string) => {
      const res = await s.api.post('/visitors', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    await bad(parent(sarah, { visitor_name: '' }), 'visitor_name');
    await bad(parent(sarah, { phone: '12ab' }), 'phone');
    await bad(parent(sarah, { purpose: '' }), 'purpose');
    await bad(parent(sarah, { visitor_type: 'alien' }), 'visitor_type');
    await bad(parent(sarah, { student_id: null }), 'student_id');
    await bad(parent(sarah, { whom: 'staff', staff_id: null }), 'staff_id');
    await bad(parent(sarah, { whom: 'office', office: '' }), 'office');
    await bad(parent(sarah, { id_type: null }), 'id_type');
    // Another number for the student is not this school's student: refused on the field.
    await bad(parent(sarah + 100_000), 'student_id');
  });

  it('lists open visits first, closes a visit once (202 the second time) with its duration', async () => {
    const office = await s.api.post('/visitors', {
      visitor_name: 'Okello Patrick',
      phone: '+256 701 552810',
      visitor_type: 'supplier',
      purpose: 'Delivery of sugar',
      whom: 'office',
      office: 'Store',
      vehicle_reg: 'uba 412k',
    });
    expect(office.statusCode, office.body).toBe(200);
    expect(office.json().data).toMatchObject({ visited: 'Store', vehicle_reg: 'UBA 412K', phone: '+256701552810' });
    const id = office.json().data.id;
    const staffVisit = await s.api.post('/visitors', {
      visitor_name: 'Acheng Florence',
      visitor_type: 'other',
      purpose: 'Job application',
      whom: 'staff',
      staff_id: teacher,
    });
    expect(staffVisit.statusCode, staffVisit.body).toBe(200);

    const close = await s.api.put(`/close_visit/${id}`, { remarks: 'Delivered 20 bags' });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().data).toMatchObject({ status: 'closed', remarks: 'Delivered 20 bags', minutes: 0 });
    expect(close.json().data.closed_by).toBe('Head Administrator');
    const again = await s.api.put(`/close_visit/${id}`, {});
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe('This visit is already closed.');

    const list = (await s.api.get('/visitors')).json();
    const statuses = list.data.map((r: Json) => r.status);
    expect(statuses.indexOf('closed')).toBeGreaterThan(statuses.lastIndexOf('open'));
    expect(list.data.filter((r: Json) => r.status === 'open')).toHaveLength(2);
    // Search by phone in any form, and by whom visited.
    expect((await s.api.get('/visitors?search=0701552810')).json().data.map((r: Json) => r.id)).toEqual([id]);
    expect((await s.api.get('/visitors?search=nakato')).json().data).toHaveLength(1);
    expect((await s.api.get('/visitors?status=open&whom=staff')).json().data).toHaveLength(1);
  });

  it('edits details but not times; delete keeps the visit marked deleted with its reason', async () => {
    const made = (await s.api.post('/visitors', parent(sarah, { visitor_name: 'Mukasa Josef' }))).json().data;
    const edit = await s.api.put(
      `/visitors/${made.id}`,
      parent(sarah, { visitor_name: 'Mukasa Joseph', time_in: '2020-01-01T00:00:00Z' }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ visitor_name: 'Mukasa Joseph', time_in: made.time_in });

    expect((await s.api.del(`/visitors/${made.id}`)).statusCode).toBe(422); // no reason
    const del = await s.api.del(`/visitors/${made.id}?reason=${encodeURIComponent('Recorded twice')}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toMatchObject({ status: 'deleted', delete_reason: 'Recorded twice' });
    expect((await s.api.del(`/visitors/${made.id}?reason=Again`)).json().message).toBe(
      'This visit is already deleted.',
    );
    const closeDeleted = await s.api.put(`/close_visit/${made.id}`, {});
    expect(closeDeleted.statusCode).toBe(202);
    expect((await s.api.put(`/visitors/${made.id}`, parent(sarah))).statusCode).toBe(202);
    // Out of the book's list unless asked for; still in the database.
    expect((await s.api.get('/visitors')).json().data.map((r: Json) => r.id)).not.toContain(made.id);
    expect((await s.api.get('/visitors?status=deleted')).json().data.map((r: Json) => r.id)).toEqual([made.id]);
    const kept = await t.database.db.select().from(visitorVisits).where(eq(visitorVisits.id, made.id));
    expect(kept).toHaveLength(1);
  });

  it("shows a student's visits on the profile to view_students, deleted ones left out", async () => {
    const clerk = client(t.app, (await staffWith(t.app, t.database, s, ['view_students'])).token);
    const res = await clerk.get(`/get_visitors?student_id=${sarah}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: Json) => [r.visitor_name, r.status])).toEqual([['Mukasa Joseph', 'open']]);
    expect((await clerk.get('/get_visitors')).statusCode).toBe(422);
  });

  it('refuses without each flag (403) and another school’s ids (404)', async () => {
    const gate = client(t.app, (await staffWith(t.app, t.database, s, ['visitors_navigation'])).token);
    expect((await gate.get('/visitors')).statusCode).toBe(403);
    expect((await gate.post('/visitors', parent(sarah))).statusCode).toBe(403);
    expect((await gate.get(`/get_visitors?student_id=${sarah}`)).statusCode).toBe(403);
    const guard = client(t.app, (await staffWith(t.app, t.database, s, ['manage_visitors'])).token);
    expect((await guard.post('/visitors', parent(sarah))).statusCode).toBe(200);
    // The gate finds the student and the staff member visited.
    expect((await guard.get('/students?search=Nakato')).json().data.map((r: Json) => r.id)).toContain(sarah);
    expect((await guard.get('/staff')).statusCode).toBe(200);
    expect((await guard.post('/staff', { name: 'Gate Made', initials: 'GM' })).statusCode).toBe(403);
    expect((await guard.post('/visit_report', { from: '2026-01-01', to: '2026-01-31' })).statusCode).toBe(403);
    const head = client(t.app, (await staffWith(t.app, t.database, s, ['view_visitors_report'])).token);
    expect((await head.post('/visit_report', { from: '2026-01-01', to: '2026-01-31' })).statusCode).toBe(200);
    expect((await head.get('/visitors')).statusCode).toBe(403);

    const other = await registerSchool(t.app, t.database);
    const mine = (await s.api.get('/visitors')).json().data[0].id;
    expect((await other.api.put(`/close_visit/${mine}`, {})).statusCode).toBe(404);
    expect((await other.api.put(`/visitors/${mine}`, parent(sarah))).statusCode).toBe(404);
    expect((await other.api.del(`/visitors/${mine}?reason=Not%20ours`)).statusCode).toBe(404);
    expect((await other.api.get(`/get_visitors?student_id=${sarah}`)).statusCode).toBe(404);
    expect((await other.api.post('/visitors', parent(sarah))).statusCode).toBe(422);
    expect((await other.api.get('/visitors')).json().data).toEqual([]);
  });

  it('reports by day, whom visited, kind of visitor and purpose in Kampala days; xlsx read back', async () => {
    const r = await registerSchool(t.app, t.database);
    const pupil = (await admit(r)).id as number;
    const at = async (body: Json, timeIn: string, timeOut: string | null) => {
      const res = await r.api.post('/visitors', body);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as number;
      if (timeOut) expect((await r.api.put(`/close_visit/${id}`, {})).statusCode).toBe(200);
      await t.database.db
        .update(visitorVisits)
        .set({ timeIn: new Date(timeIn), timeOut: timeOut ? new Date(timeOut) : null })
        .where(eq(visitorVisits.id, id));
      return id;
    };
    const store = {
      visitor_name: 'Okello',
      visitor_type: 'supplier',
      purpose: 'Delivery',
      whom: 'office',
      office: 'Store',
    };
    await at(parent(pupil, { purpose: 'Visiting day' }), '2026-03-08T09:00:00+03:00', '2026-03-08T10:30:00+03:00');
    await at(parent(pupil, { purpose: 'visiting day ' }), '2026-03-08T11:00:00+03:00', '2026-03-08T11:30:00+03:00');
    await at(store, '2026-03-09T08:00:00+03:00', '2026-03-09T08:45:00+03:00');
    // 23:30 on 10 Mar in Kampala is 20:30 UTC: the 10th, still open.
    await at(
      { ...store, office: 'Bursar', purpose: 'Paying fees', visitor_type: 'parent' },
      '2026-03-10T20:30:00Z',
      null,
    );
    // 00:30 on 11 Mar in Kampala: outside the range.
    await at(store, '2026-03-10T21:30:00Z', null);
    const gone = await at(store, '2026-03-09T09:00:00+03:00', '2026-03-09T09:10:00+03:00');
    expect((await r.api.del(`/visitors/${gone}?reason=Recorded%20twice`)).statusCode).toBe(200);

    const res = await r.api.post('/visit_report', { from: '2026-03-08', to: '2026-03-10' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ total: 4, still_in: 1, average_minutes: 55 }); // (90 + 30 + 45) / 3
    expect(d.by_period.map((l: Json) => [l.label, l.count])).toEqual([
      ['8 Mar 2026', 2],
      ['9 Mar 2026', 1],
      ['10 Mar 2026', 1],
    ]);
    expect(d.by_whom.map((l: Json) => [l.label, l.count])).toEqual([
      ['Students', 2],
      ['Bursar', 1],
      ['Store', 1],
    ]);
    expect(d.by_visitor_type.map((l: Json) => [l.label, l.count])).toEqual([
      ['Parent / guardian', 3],
      ['Supplier', 1],
    ]);
    expect(d.by_purpose[0]).toMatchObject({ label: 'Visiting day', count: 2 });
    const weekly = (await r.api.post('/visit_report', { from: '2026-03-08', to: '2026-03-10', period: 'week' })).json()
      .data;
    expect(weekly.by_period.map((l: Json) => [l.label, l.count])).toEqual([
      ['Week of 2 Mar 2026', 2],
      ['Week of 9 Mar 2026', 2],
    ]);
    expect((await r.api.post('/visit_report', { from: '2026-03-10', to: '2026-03-01' })).statusCode).toBe(422);

    const sheet = await r.api.post('/visit_report', { from: '2026-03-08', to: '2026-03-10', format: 'xlsx' });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('visitors_report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(rows).toContainEqual(['Visited', 'Students', 2]);
    expect(rows).toContainEqual(['Purpose', 'Visiting day', 2]);
    expect(rows).toContainEqual(['Total visits', '', 4]);

    // The register as printed at the gate: the range's visits in time order, still-in ones marked.
    const pdf = await r.api.post('/visit_report', { from: '2026-03-08', to: '2026-03-10', format: 'pdf' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('4 visits, 1 still in');
    expect(text).toContain('0772 123456');
    expect(text).toContain('Still in');
    expect(text).toContain('1 h 30 min');
    expect(text).not.toContain('Recorded twice');
    expect(text.indexOf('8 Mar, 09:00')).toBeLessThan(text.indexOf('9 Mar, 08:00'));
  });

  it('fills the demo school with weeks of visits: visiting day, suppliers, some still in today', async () => {
    const d = await registerSchool(t.app, t.database);
    for (let i = 0; i < 5; i++) await admit(d, { surname: `Demo${i}` });
    await fillDemoVisitors(t.database.db, d.schoolId, d.adminId);
    const all = (await d.api.get('/visitors?per_page=500')).json();
    expect(all.total).toBeGreaterThan(40);
    expect(all.data.every((v: Json) => Date.parse(v.time_in) <= now().getTime())).toBe(true);
    expect(all.data.some((v: Json) => v.status === 'open')).toBe(true);
    expect(all.data.some((v: Json) => v.visitor_type === 'supplier')).toBe(true);
    expect(all.data.filter((v: Json) => v.purpose === 'Visiting day').length).toBeGreaterThan(20);
    expect((await d.api.get('/visitors?status=deleted')).json().total).toBe(1);
  });

  it('keeps the visiting hours: a student visited outside them only with a reason, which the book keeps', async () => {
    const v = await registerSchool(t.app, t.database);
    const pupil = (await admit(v)).id as number;
    const details = (await v.api.get('/school_details')).json().data;
    expect(details.visiting_hours).toBeNull();
    const { id, logo_file_id: _, ...rest } = details;
    // Every day but today (Kampala), so now is outside the hours.
    const todayDay = new Date(now().getTime() + 3 * 3600_000).getUTCDay();
    const days = [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== todayDay);
    const bad = await v.api.put(`/school/${id}`, { ...rest, visiting_hours: { days: [], from: '17:00', to: '14:00' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['visiting_hours.days', 'visiting_hours.to']);
    const set = await v.api.put(`/school/${id}`, { ...rest, visiting_hours: { days, from: '14:00', to: '17:00' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.visiting_hours).toEqual({ days, from: '14:00', to: '17:00' });

    const refused = await v.api.post('/visitors', parent(pupil));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.outside_hours_reason[0]).toMatch(
      /^Visiting hours are \w+days(, \w+days)* and \w+days, 14:00–17:00: give the reason for this visit now$/,
    );
    const reason = 'Emergency: her grandmother died';
    const let_in = await v.api.post('/visitors', parent(pupil, { outside_hours_reason: reason }));
    expect(let_in.statusCode, let_in.body).toBe(200);
    expect(let_in.json().data.outside_hours_reason).toBe(reason);
    // Editing the visit keeps the reason; the printed book shows it with the purpose.
    const edited = await v.api.put(`/visitors/${let_in.json().data.id}`, parent(pupil, { remarks: 'Left with her' }));
    expect(edited.json().data.outside_hours_reason).toBe(reason);
    const day = new Date(now().getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    const pdf = await v.api.post('/visit_report', { from: day, to: day, format: 'pdf' });
    const printed = (await pdfPages(pdf.rawPayload)).join(' ').replace(/\s+/g, ' ');
    expect(printed).toContain('(outside visiting hours:');
    expect(printed).toContain('Emergency: her grandmother died)');
    // A supplier at the bursar's office keeps office hours, not visiting hours: no reason asked or kept.
    const supplier = await v.api.post('/visitors', {
      ...parent(pupil, { visitor_type: 'supplier', whom: 'office', office: 'Bursar', student_id: null }),
      outside_hours_reason: 'not needed',
    });
    expect(supplier.statusCode, supplier.body).toBe(200);
    expect(supplier.json().data.outside_hours_reason).toBeNull();
    // No visiting hours (null): any time, and no reason kept.
    const off = await v.api.put(`/school/${id}`, { ...rest, visiting_hours: null });
    expect(off.json().data.visiting_hours).toBeNull();
    const any = await v.api.post('/visitors', parent(pupil, { outside_hours_reason: 'late' }));
    expect(any.statusCode, any.body).toBe(200);
    expect(any.json().data.outside_hours_reason).toBeNull();
    // Leaving visiting_hours out of the school form changes nothing.
    await v.api.put(`/school/${id}`, { ...rest, visiting_hours: { days, from: '14:00', to: '17:00' } });
    const { visiting_hours: __, ...withoutHours } = rest;
    expect((await v.api.put(`/school/${id}`, withoutHours)).json().data.visiting_hours).toEqual({
      days,
      from: '14:00',
      to: '17:00',
    });
  });

  it('serves every visitors call', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = visitorsCalls.filter((c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(missing).toEqual([]);
  });
});
