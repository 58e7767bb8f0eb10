import { staff } from '@somero/contract';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, type Json } from './students-fixtures.js';
import { newSchool, staffWith, type TestSchool, useTestApp } from './support.js';

const t = useTestApp();

const dataUrl = (bytes: Uint8Array | Buffer, mime = 'application/octet-stream') =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

async function pdf(text: string) {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return doc.save();
}

async function workbook() {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Marks').addRow(['Name', 'Mark']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A school with an administrator, a teacher who heads Sciences, and a teacher with no department. */
async function setUp() {
  const school = await newSchool(t.app, t.database);
  const admin = client(t.app, school.adminToken);
  const head = await staffWith(t.app, t.database, school, []);
  const teacher = await staffWith(t.app, t.database, school, []);
  const [okello] = await t.database.db
    .insert(staff)
    .values({ schoolId: school.schoolId, name: 'Okello Peter', initials: 'OP', userId: head.userId })
    .returning();
  const sciences = await admin.post('/departments', { name: 'Sciences', head_staff_id: okello.id });
  expect(sciences.statusCode, sciences.body).toBe(200);
  return {
    school,
    admin,
    head: client(t.app, head.token),
    teacher: client(t.app, teacher.token),
    sciences: sciences.json().data.id as number,
  };
}

describe('Download Center', () => {
  let x: Awaited<ReturnType<typeof setUp>>;
  let other: { school: TestSchool; admin: ReturnType<typeof client> };
  let scheme: number;
  const bytes: Record<string, Uint8Array | Buffer> = {};

  beforeAll(async () => {
    x = await setUp();
    const school = await newSchool(t.app, t.database);
    other = { school, admin: client(t.app, school.adminToken) };
    bytes.pdf = await pdf('Scheme of work S1 Biology');
    bytes.xlsx = await workbook();
  });

  it('any signed-in teacher shares a PDF; everyone lists it and downloads the same bytes under its name', async () => {
    const res = await x.teacher.post('/staff_resources', {
      title: 'S1 Biology scheme of work',
      category: 'scheme_of_work',
      file: { filename: 'Biology S1.pdf', data: dataUrl(bytes.pdf, 'application/pdf') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      filename: 'Biology S1.pdf',
      mime: 'application/pdf',
      size: bytes.pdf.length,
      uploaded_by: 'Staff Member',
      mine: true,
    });
    scheme = res.json().data.id;

    const listed = (await x.head.get('/staff_resources')).json().data as Json[];
    expect(listed.map((r) => [r.title, r.mine])).toEqual([['S1 Biology scheme of work', false]]);

    const download = await x.head.get(`/staff_resources/${scheme}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="Biology S1.pdf"');
    expect(Buffer.compare(download.rawPayload, Buffer.from(bytes.pdf))).toBe(0);
  });

  it('takes an Excel workbook named anything, and files it by category', async () => {
    const res = await x.admin.post('/staff_resources', {
      title: 'Term 2 timetable',
      category: 'timetable',
      file: { filename: 'timetable.bin', data: dataUrl(bytes.xlsx) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      filename: 'timetable.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const timetables = (await x.teacher.get('/staff_resources?category=timetable')).json().data as Json[];
    expect(timetables.map((r) => r.title)).toEqual(['Term 2 timetable']);
    const found = (await x.teacher.get('/staff_resources?search=biology')).json().data as Json[];
    expect(found.map((r) => r.title)).toEqual(['S1 Biology scheme of work']);
  });

  it('refuses a program dressed as a PDF, an oversized file and plain text with 422', async () => {
    const send = (filename: string, data: string) =>
      x.teacher.post('/staff_resources', { title: 'Circular', category: 'circular', file: { filename, data } });
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const disguised = await send('circular.pdf', dataUrl(exe, 'application/pdf'));
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().errors.file[0]).toBe('circular.pdf: This file is a program; programs cannot be shared');

    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const oversized = await send('big.pdf', dataUrl(big));
    expect(oversized.statusCode).toBe(422);
    expect(oversized.json().errors.file[0]).toBe('big.pdf is 10.0 MB; files are at most 10.0 MB');

    const text = await send('notes.pdf', dataUrl(Buffer.from('just some notes')));
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file[0]).toMatch(/Only PDF, Word \(\.docx\), Excel/);
    expect(((await x.admin.get('/staff_resources')).json().data as Json[]).length).toBe(2);
  });

  it('only the uploader or an administrator changes or removes a file', async () => {
    const edit = { id: scheme, title: 'S1 Biology scheme, revised', category: 'scheme_of_work' };
    const refused = await x.head.post('/staff_resources_edit', edit);
    expect(refused.statusCode).toBe(202);
    expect(refused.json().message).toBe('Only the person who shared this file, or an administrator, may change it.');
    expect((await x.head.del(`/staff_resources/${scheme}`)).statusCode).toBe(202);

    const replaced = await x.teacher.post('/staff_resources_edit', {
      ...edit,
      file: { filename: 'revised.pdf', data: dataUrl(await pdf('Revised')) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ title: 'S1 Biology scheme, revised', filename: 'revised.pdf' });
    const again = await x.teacher.get(`/staff_resources/${scheme}/download`);
    expect(Buffer.from(again.rawPayload).subarray(0, 5).toString()).toBe('%PDF-');
    expect(again.rawPayload.length).toBe(replaced.json().data.size);

    expect((await x.admin.del(`/staff_resources/${scheme}`)).statusCode).toBe(200);
    expect((await x.teacher.get(`/staff_resources/${scheme}/download`)).statusCode).toBe(404);
    expect(((await x.admin.get('/staff_resources')).json().data as Json[]).map((r) => r.title)).toEqual([
      'Term 2 timetable',
    ]);
  });

  it("answers 404 for another school's file", async () => {
    const [mine] = (await x.admin.get('/staff_resources')).json().data as Json[];
    expect((await other.admin.get(`/staff_resources/${mine.id}/download`)).statusCode).toBe(404);
    expect(
      (await other.admin.post('/staff_resources_edit', { id: mine.id, title: 'Ours', category: 'other' })).statusCode,
    ).toBe(404);
    expect((await other.admin.del(`/staff_resources/${mine.id}`)).statusCode).toBe(404);
    expect((await other.admin.get('/staff_resources')).json().data).toEqual([]);
  });
});

describe('departments and their reports', () => {
  let x: Awaited<ReturnType<typeof setUp>>;
  let other: ReturnType<typeof client>;
  let report: number;

  beforeAll(async () => {
    x = await setUp();
    other = client(t.app, (await newSchool(t.app, t.database)).adminToken);
  });

  it('every user sees the departments; only administrators and staff-register keepers change them', async () => {
    const listed = (await x.teacher.get('/departments')).json().data as Json[];
    expect(listed.map((d) => d.name)).toEqual(['Sciences']);
    expect((await x.teacher.post('/departments', { name: 'Languages' })).statusCode).toBe(403);
    const keeper = client(t.app, (await staffWith(t.app, t.database, x.school, ['view_staff'])).token);
    expect((await keeper.post('/departments', { name: 'Languages' })).statusCode).toBe(200);
    expect((await x.admin.post('/departments', { name: 'languages' })).statusCode).toBe(202);
    expect((await other.put(`/departments/${x.sciences}`, { name: 'Ours' })).statusCode).toBe(404);
  });

  it('the head of a department writes its report with an attachment; another teacher may not', async () => {
    const results = await workbook();
    const body = {
      department_id: x.sciences,
      title: 'Sciences, weeks 1 to 6',
      body: 'Practicals are on schedule.',
      attachments: [{ filename: 'results.xlsx', data: dataUrl(results) }],
    };
    const refused = await x.teacher.post('/department_reports', body);
    expect(refused.statusCode).toBe(202);
    expect(refused.json().message).toBe('Only the head of Sciences writes its reports.');
    expect((await other.post('/department_reports', body)).statusCode).toBe(404);

    const res = await x.head.post('/department_reports', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      department_name: 'Sciences',
      status: 'added',
      written_by: 'Staff Member',
      can_edit: true,
      can_review: false,
      can_delete: true,
    });
    report = res.json().data.id;
    const [file] = res.json().data.attachments;
    expect(file.filename).toBe('results.xlsx');
    const download = await x.teacher.get(`/department_report_files/${file.file_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('filename="results.xlsx"');
    expect(Buffer.compare(download.rawPayload, results)).toBe(0);
    expect((await other.get(`/department_report_files/${file.file_id}`)).statusCode).toBe(404);

    const exe = await x.head.post('/department_reports', {
      ...body,
      attachments: [{ filename: 'notes.docx', data: dataUrl(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 1, 1])) }],
    });
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors['attachments.0'][0]).toMatch(/program/);
  });

  it('is edited by its writer until the head teacher reviews it; then no more', async () => {
    const edit = { id: report, title: 'Sciences, weeks 1 to 6', body: 'Practicals done; burners needed.' };
    expect((await x.teacher.post('/edit_department_reports', edit)).statusCode).toBe(202);
    const edited = await x.head.post('/edit_department_reports', edit);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ status: 'edited', body: 'Practicals done; burners needed.' });
    expect(edited.json().data.attachments).toHaveLength(1);

    expect((await x.head.put(`/review_department_reports/${report}`, { remark: 'Fine' })).statusCode).toBe(403);
    expect((await other.put(`/review_department_reports/${report}`, { remark: 'Fine' })).statusCode).toBe(404);
    const reviewed = await x.admin.put(`/review_department_reports/${report}`, { remark: 'Buy the burners.' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().data).toMatchObject({
      status: 'reviewed',
      remark: 'Buy the burners.',
      reviewed_by: 'Head Administrator',
      can_edit: false,
      can_review: false,
    });

    const late = await x.head.post('/edit_department_reports', edit);
    expect(late.statusCode).toBe(202);
    expect(late.json().message).toBe('This report has been reviewed and can no longer be changed.');
    const twice = await x.admin.put(`/review_department_reports/${report}`, { remark: 'Again' });
    expect(twice.json().message).toBe('This report has already been reviewed.');
  });

  it('is deleted with a reason and stays listed as deleted', async () => {
    expect((await x.teacher.del(`/department_reports/${report}?reason=Not%20mine`)).statusCode).toBe(202);
    expect((await other.del(`/department_reports/${report}?reason=Not%20ours`)).statusCode).toBe(404);
    expect((await x.head.del(`/department_reports/${report}`)).statusCode).toBe(422);
    const gone = await x.head.del(`/department_reports/${report}?reason=Sent%20twice`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().data).toMatchObject({ status: 'deleted', delete_reason: 'Sent twice', can_delete: false });

    const listed = (await x.teacher.post('/view_department_reports', {})).json().data as Json[];
    expect(listed.map((r) => [r.title, r.status, r.delete_reason])).toEqual([
      ['Sciences, weeks 1 to 6', 'deleted', 'Sent twice'],
    ]);
    expect((await x.teacher.post('/view_department_reports', { status: 'reviewed' })).json().data).toEqual([]);
    expect((await other.post('/view_department_reports', {})).json().data).toEqual([]);
    expect((await x.head.del(`/department_reports/${report}?reason=Again`)).json().message).toBe(
      'This report was already deleted.',
    );
  });
});
