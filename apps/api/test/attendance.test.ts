import { attendanceCalls, consideredSets, gateAttendance } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { now, today } from '../src/core/dates.js';
import { audits } from '../src/db/schema.js';
import { fillDemoAttendance } from '../src/modules/attendance/index.js';
import { pdfPages } from './pdf-text.js';
import { admit, client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

const t = useTestApp();

describe('attendance at the gate', () => {
  let s: RegisterSchool;
  let amina: Json;
  let brian: Json;
  let teacher: number;

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    amina = await admit(s, { surname: 'Nambi', other_names: 'Amina' });
    brian = await admit(s, { surname: 'Okello', other_names: 'Brian', gender: 'M' });
    const res = await s.api.post('/staff', { name: unique('Mr. Ssemwogerere '), initials: unique('T').slice(0, 6) });
    expect(res.statusCode, res.body).toBe(200);
    teacher = res.json().data.id;
  });

  it('checks a student in by the admission number the scanner types, at the server time, and audits it', async () => {
    const before = now().getTime();
    const res = await s.api.post('/student/attendance', { code: ` ${String(amina.admission_no).toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({ name: 'Nambi Amina', number: amina.admission_no, class_name: 'S1', day: today() });
    expect(Date.parse(row.checked_in_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json().message).toMatch(/^Nambi Amina checked in at \d\d:\d\d$/);
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.schoolId, s.schoolId), eq(audits.entity, 'gate_attendance'), eq(audits.entityId, row.id)));
    expect(audit?.action).toBe('create');
  });

  it('refuses a second check-in the same day with 202 saying when, and finds a student by name', async () => {
    const again = await s.api.post('/student/attendance', { code: amina.admission_no });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toMatch(/^Nambi Amina already checked in today at \d\d:\d\d\.$/);
    const byName = await s.api.post('/student/attendance', { code: 'okello bri' });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.name).toBe('Okello Brian');
    const list = (await s.api.get('/student/attendance')).json();
    expect(list.total).toBe(2);
    expect(list.data.map((r: Json) => r.name)).toEqual(['Okello Brian', 'Nambi Amina']);
  });

  it('refuses what it cannot find or read: 422 with a field message, never 500', async () => {
    const none = await s.api.post('/student/attendance', { code: 'NO-SUCH-99' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.code[0]).toContain('NO-SUCH-99');
    const empty = await s.api.post('/student/attendance', { code: '' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['code']);
    expect((await s.api.post('/student/attendance', { student_id: 'x' })).statusCode).toBe(422);
    expect((await s.api.post('/student/attendance/summary', { from: '2026-13-01', to: '2026-03-01' })).statusCode).toBe(
      422,
    );
  });

  it('checks out only who checked in today, once; the to-check-out list empties', async () => {
    expect((await s.api.get('/student/tocheckout')).json().total).toBe(2);
    const out = await s.api.post('/student/checkout', { code: amina.admission_no });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.checked_out_at).not.toBeNull();
    const twice = await s.api.post('/student/checkout', { code: amina.admission_no });
    expect(twice.statusCode).toBe(202);
    expect(twice.json().message).toMatch(/already checked out today at/);
    const carol = await admit(s, { surname: 'Atim', other_names: 'Carol' });
    const notIn = await s.api.post('/student/checkout', { student_id: carol.id });
    expect(notIn.statusCode).toBe(202);
    expect(notIn.json().message).toBe('Atim Carol has not checked in today.');
    const left = (await s.api.get('/student/tocheckout')).json();
    expect(left.data.map((r: Json) => r.name)).toEqual(['Okello Brian']);
    // A mistaken check-in is removed; the student may then check in again.
    const removed = await s.api.del(`/student/attendance/${left.data[0].id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await s.api.post('/student/attendance', { student_id: brian.id })).statusCode).toBe(200);
  });

  it('checks staff in by initials and out, and refuses a repeat', async () => {
    const member = (await s.api.get(`/staff/${teacher}`)).json().data ?? { initials: undefined };
    const code = member.initials as string;
    const res = await s.api.post('/staff/attendance', { code });
    expect(res.statusCode, res.body).toBe(200);
    expect((await s.api.post('/staff/attendance', { staff_id: teacher })).statusCode).toBe(202);
    expect((await s.api.get('/staff/attendance?status=in')).json().total).toBe(1);
    expect((await s.api.post('/staff/checkout', { id: res.json().data.id })).statusCode).toBe(200);
    expect((await s.api.get('/staff/attendance?status=in')).json().total).toBe(0);
  });

  it('needs manage_attendance', async () => {
    const clerk = await staffWith(t.app, t.database, s, ['view_students']);
    const api = client(t.app, clerk.token);
    expect((await api.post('/student/attendance', { code: amina.admission_no })).statusCode).toBe(403);
    expect((await api.get('/student/attendance')).statusCode).toBe(403);
    expect((await api.post('/take/rollcall', { category_id: 1, class_id: 1 })).statusCode).toBe(403);
    const keeper = await staffWith(t.app, t.database, s, ['manage_attendance']);
    expect((await client(t.app, keeper.token).get('/student/attendance')).statusCode).toBe(200);
  });

  it('serves every attendance call', () => {
    const served = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = attendanceCalls.filter(
      (c) => !served.has(`${c.method} /api/${c.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('attendance summaries', () => {
  let s: RegisterSchool;
  const ids: Record<string, number> = {};

  /** A check-in on a past day, as the gate would have written it then. */
  const gate = (studentId: number, classId: number, day: string) =>
    t.database.db.insert(gateAttendance).values({
      schoolId: s.schoolId,
      person: 'student',
      studentId,
      classId,
      day,
      checkedInAt: new Date(`${day}T04:10:00Z`),
      checkedInBy: 'Gate',
    });

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    ids.a = (await admit(s, { surname: 'Akello', other_names: 'Ann' })).id;
    ids.b = (await admit(s, { surname: 'Byaruhanga', other_names: 'Ben', gender: 'M' })).id;
    ids.c = (await admit(s, { surname: 'Chemutai', other_names: 'Cissy', class_id: s.classes.S2, stream_id: null })).id;
    // Term 1 of 2026 opens on 2 Feb: the week of 2–6 March, and Saturday the 7th.
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'])
      await gate(ids.a, s.classes.S1, day);
    await gate(ids.b, s.classes.S1, '2026-03-02');
    await gate(ids.b, s.classes.S1, '2026-03-03');
    await gate(ids.c, s.classes.S2, '2026-03-02');
    // The S1 register: Ann came through the gate on the 4th but was sent home; Ben missed the gate, late.
    const marked = await s.api.post('/attendance', {
      class_id: s.classes.S1,
      date: '2026-03-04',
      marks: [
        { student_id: ids.a, status: 'absent' },
        { student_id: ids.b, status: 'late' },
      ],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.students.map((r: Json) => [r.name, r.status, Boolean(r.checked_in_at)])).toEqual([
      ['Akello Ann', 'absent', true],
      ['Byaruhanga Ben', 'late', false],
    ]);
    await s.api.post('/attendance', {
      class_id: s.classes.S1,
      date: '2026-03-05',
      marks: [{ student_id: ids.b, status: 'excused' }],
    });
  });

  it('counts days present and absent per student over the school days (weekends left out)', async () => {
    const res = await s.api.post('/student/attendance/summary', { from: '2026-03-01', to: '2026-03-31' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.school_days).toBe(5);
    const figures = d.rows.map((r: Json) => [r.name, r.present, r.absent, r.late, r.excused, r.percent]);
    expect(figures).toEqual([
      ['Akello Ann', 4, 1, 0, 0, 80],
      ['Byaruhanga Ben', 3, 2, 1, 1, 60],
      ['Chemutai Cissy', 1, 4, 0, 0, 20],
    ]);
    expect(d.classes).toEqual([
      { class_name: 'S1', people: 2, present: 7, possible: 10, percent: 70 },
      { class_name: 'S2', people: 1, present: 1, possible: 5, percent: 20 },
    ]);
    const s1 = (
      await s.api.post('/student/attendance/summary', { from: '2026-03-01', to: '2026-03-31', class_id: s.classes.S1 })
    ).json().data;
    expect(s1.rows).toHaveLength(2);
  });

  it("counts a staff member's days from the gate over the same school days", async () => {
    const res = await s.api.post('/staff', { name: unique('Ms. Nabirye '), initials: unique('N').slice(0, 6) });
    const member = res.json().data.id as number;
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-07'])
      await t.database.db.insert(gateAttendance).values({
        schoolId: s.schoolId,
        person: 'staff',
        staffId: member,
        day,
        checkedInAt: new Date(`${day}T04:30:00Z`),
        checkedInBy: 'Gate',
      });
    const d = (await s.api.post('/staff/attendance/summary', { from: '2026-03-01', to: '2026-03-31' })).json().data;
    expect(d.school_days).toBe(5);
    const row = d.rows.find((r: Json) => r.person_id === member);
    expect([row.present, row.absent, row.percent]).toEqual([2, 3, 40]); // Saturday the 7th not counted
    const report = (await s.api.post('/staff/attendance/report', { from: '2026-03-02', to: '2026-03-03' })).json().data;
    expect(report.rows.filter((r: Json) => r.person_id === member).map((r: Json) => r.status)).toEqual([
      'present',
      'present',
    ]);
  });

  it('exports the summary as a workbook and a PDF with the school header, and the day-by-day report', async () => {
    const sheet = await s.api.post('/student/attendance/summary', {
      from: '2026-03-01',
      to: '2026-03-31',
      format: 'xlsx',
    });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('student_attendance_summary.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows).toContainEqual(['Byaruhanga Ben', expect.any(String), 'S1', 3, 2, 1, 1, 60]);
    const pdf = await s.api.post('/student/attendance/summary', {
      from: '2026-03-01',
      to: '2026-03-31',
      format: 'pdf',
    });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('STUDENT ATTENDANCE SUMMARY');
    expect(text).toContain('Chemutai'); // the name wraps in its column
    const report = (
      await s.api.post('/student/attendance/report', { from: '2026-03-02', to: '2026-03-08', class_id: s.classes.S1 })
    ).json().data;
    expect(report.school_days).toHaveLength(5);
    expect(report.rows.filter((r: Json) => r.day === '2026-03-04').map((r: Json) => [r.name, r.status])).toEqual([
      ['Akello Ann', 'absent'],
      ['Byaruhanga Ben', 'late'],
    ]);
  });

  it('prints "Days present N of M" for the term on the report card', async () => {
    const set = await s.api.post('/exam_sets', {
      name: unique('EOT'),
      year: 2026,
      term: 1,
      max_mark: 100,
      curriculum: 'all',
    });
    expect(set.statusCode, set.body).toBe(200);
    await t.database.db.insert(consideredSets).values({
      schoolId: s.schoolId,
      year: 2026,
      term: 1,
      classId: s.classes.S1,
      examSetId: set.json().data.id,
      weight: 100,
    });
    const res = await s.api.post('/new_report', { year: 2026, term: 1, class_id: s.classes.S1 });
    expect(res.statusCode, res.body).toBe(200);
    const cards = res.json().data.cards.map((c: Json) => [c.student.name, c.attendance]);
    expect(cards).toEqual([
      ['Akello Ann', { present: 4, of: 5 }],
      ['Byaruhanga Ben', { present: 3, of: 5 }],
    ]);
    const pdf = await s.api.post('/reports_updated', {
      kind: 'new_report',
      year: 2026,
      term: 1,
      class_id: s.classes.S1,
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect((await pdfPages(pdf.rawPayload)).join('\n')).toContain('Days present 4 of 5');
  });
});

describe('roll-calls', () => {
  let s: RegisterSchool;
  let prep: number;
  const kids: number[] = [];

  beforeAll(async () => {
    s = await registerSchool(t.app, t.database);
    // A new school starts with the usual roll-calls; a second 'Morning prep' is refused as a duplicate.
    const cats = (await s.api.get('/rollcal/categories?per_page=100')).json().data as Json[];
    expect(cats.map((c) => c.name).sort()).toEqual(['Chapel', 'Dormitory', 'Evening prep', 'Games', 'Morning prep']);
    expect((await s.api.post('/rollcal/categories', { name: 'morning PREP' })).statusCode).toBe(202);
    prep = cats.find((c) => c.name === 'Morning prep')!.id as number;
    for (const name of ['Amony', 'Birungi', 'Kato']) kids.push((await admit(s, { surname: name })).id);
  });

  it('answers the list to tick, takes it with the absentees, refuses taking it twice, changes a mark', async () => {
    const blank = (
      await s.api.post('/take/rollcall', { category_id: prep, class_id: s.classes.S1, date: '2026-03-03' })
    ).json().data;
    expect(blank.id).toBeNull();
    expect(blank.students.map((r: Json) => r.present)).toEqual([true, true, true]);
    const taken = await s.api.post('/take/rollcall', {
      category_id: prep,
      class_id: s.classes.S1,
      date: '2026-03-03',
      absent: [kids[1]],
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const roll = taken.json().data;
    expect([roll.present, roll.absent, roll.group, roll.category]).toEqual([2, 1, 'S1', 'Morning prep']);
    const again = await s.api.post('/take/rollcall', {
      category_id: prep,
      class_id: s.classes.S1,
      date: '2026-03-03',
      absent: [],
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toMatch(/already taken/);
    // Birungi came late: her mark changes to present.
    const mark = roll.students.find((r: Json) => r.student_id === kids[1]).mark_id;
    const changed = await s.api.del(`/change/rollcall/${mark}`);
    expect(changed.statusCode, changed.body).toBe(200);
    expect([changed.json().data.present, changed.json().data.absent]).toEqual([3, 0]);
    await s.api.del(`/change/rollcall/${roll.students[2].mark_id}`);
    const commented = await s.api.post('/rollcall/comment', { rollcall_id: roll.id, comment: 'Kato in the sick bay' });
    expect(commented.json().data.comment).toBe('Kato in the sick bay');

    const report = await s.api.post('/rollcall/report', { from: '2026-03-01', to: '2026-03-31' });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.rows.map((r: Json) => [r.category, r.group, r.present, r.absent, r.absentees])).toEqual([
      ['Morning prep', 'S1', 2, 1, 'Kato Sarah'],
    ]);
    const xlsx = await s.api.post('/rollcall/report', { from: '2026-03-01', to: '2026-03-31', format: 'xlsx' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].getSheetValues().flat()).toContain('Kato in the sick bay');
    // A category in use is kept.
    expect((await s.api.del(`/rollcal/categories/${prep}`)).statusCode).toBe(202);
  });

  it('refuses a roll-call with no class or house (422) and a future day', async () => {
    const none = await s.api.post('/take/rollcall', { category_id: prep });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['class_id']);
    expect(
      (await s.api.post('/take/rollcall', { category_id: prep, class_id: s.classes.S1, date: '2099-01-05' }))
        .statusCode,
    ).toBe(422);
  });

  it('fills the demo school: a month of gate check-ins, the register, staff, categories and a week of roll-calls', async () => {
    const d = await registerSchool(t.app, t.database);
    for (let i = 0; i < 6; i++) await admit(d, { surname: `Demo${i}`, class_id: d.classes.S2, stream_id: null });
    await d.api.post('/staff', { name: unique('Ms. Demo '), initials: unique('D').slice(0, 6) });
    await fillDemoAttendance(t.database.db, d.schoolId, d.adminId);
    const categories = (await d.api.get('/rollcal/categories')).json().data.map((c: Json) => c.name);
    expect(categories).toEqual(expect.arrayContaining(['Morning prep', 'Dormitory', 'Chapel']));
    const to = today();
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
    const summary = (await d.api.post('/student/attendance/summary', { from, to })).json().data;
    if (summary.school_days > 0) {
      expect(summary.rows).toHaveLength(6);
      expect(summary.rows.some((r: Json) => r.present > 0)).toBe(true);
      const rolls = (await d.api.post('/rollcall/report', { from, to })).json().data;
      expect(rolls.rows.length).toBeGreaterThan(0);
    }
  });
});
