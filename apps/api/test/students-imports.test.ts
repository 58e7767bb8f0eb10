import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSheet, writeSheet } from '../src/documents/spreadsheet.js';
import { admit, type Json, newPhone, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { unique, useTestApp } from './support.js';

const t = useTestApp();
let school: RegisterSchool;
beforeAll(async () => {
  school = await registerSchool(t.app, t.database);
});

const headers = [
  'Admission No',
  'Surname',
  'Other names',
  'Gender',
  'Date of birth',
  'Class',
  'Stream',
  'Section',
  'Payment code',
  'Guardian name',
  'Guardian relationship',
  'Guardian phone',
];

/** An .xlsx upload made as a school secretary would fill the template. */
async function upload(rows: Json[], columns = headers) {
  const sheet = await writeSheet(
    'Students',
    columns.map((header) => ({ header, key: header })),
    rows,
  );
  return { filename: 'students.xlsx', data: sheet.toString('base64') };
}

const count = async (s: RegisterSchool, search: string) =>
  (await s.api.post('/view_students', { search })).json().total as number;

describe('student import', () => {
  it('offers a template with the columns to fill', async () => {
    const res = await school.api.get('/student_import_template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.headers).toEqual(
      expect.arrayContaining(['admission_no', 'surname', 'other_names', 'gender', 'class', 'stream', 'guardian_phone']),
    );
  });

  it('rejects a file with bad rows, saying why for each, and keeps nothing', async () => {
    const surname = unique('Import');
    const taken = await admit(school);
    const good = { Surname: surname, 'Other names': 'Good', Gender: 'F', Class: 'S1', Stream: 'East' };
    const res = await school.api.post(
      '/import_students',
      await upload([
        good,
        { ...good, 'Other names': 'Bad class', Class: 'S9' },
        { ...good, 'Other names': 'Bad stream', Stream: 'Sciences', Gender: 'girl' },
        { ...good, 'Other names': 'Taken', 'Admission No': taken.admission_no },
        { ...good, 'Other names': 'Twice A', 'Admission No': 'IMP/1' },
        { ...good, 'Other names': 'Twice B', 'Admission No': 'imp/1' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Students Not Imported');
    expect(res.json().data).toEqual({
      imported: 0,
      rejected: [
        { row: 3, errors: ['Class: there is no class S9'] },
        { row: 4, errors: ['Stream: Sciences is not a stream of S1', 'Gender: Choose Male or Female'] },
        { row: 5, errors: [`Admission No: Admission number ${taken.admission_no} already exists`] },
        { row: 7, errors: ['Admission No: imp/1 is also on row 6'] },
      ],
    });
    expect(await count(school, surname)).toBe(0);
  });

  it('imports a good file: classes and streams by name, guardians linked, siblings sharing one', async () => {
    const s = await registerSchool(t.app, t.database);
    const surname = unique('Import');
    const phone = newPhone();
    const res = await s.api.post(
      '/import_students',
      await upload([
        {
          Surname: surname,
          'Other names': 'Sarah',
          Gender: 'Female',
          'Date of birth': '14/05/2012',
          Class: 's1',
          Stream: 'east',
          Section: 'Boarding',
          'Guardian name': 'Ssali Moses',
          'Guardian relationship': 'father',
          'Guardian phone': phone,
        },
        {
          Surname: surname,
          'Other names': 'John',
          Gender: 'M',
          Class: 'S2',
          'Guardian name': 'Ssali Moses',
          'Guardian phone': phone,
        },
        { Surname: surname, 'Other names': 'Typed', Gender: 'M', Class: 'S3', 'Admission No': 'OLD/77' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { imported: 3, rejected: [] }, message: 'Students Imported Successfully' });
    const list = (await s.api.post('/view_students', { search: surname, sort: 'class' })).json().data as Json[];
    expect(list.map((x) => [x.other_names, x.class_name, x.stream_name, x.admission_no])).toEqual([
      ['Sarah', 'S1', 'East', '2026/0001'],
      ['John', 'S2', null, '2026/0002'],
      ['Typed', 'S3', null, 'OLD/77'],
    ]);
    const sarah = (await s.api.get(`/students/${list[0].id}`)).json().data;
    const john = (await s.api.get(`/students/${list[1].id}`)).json().data;
    expect(sarah).toMatchObject({ date_of_birth: '2012-05-14', section: 'boarding', gender: 'F' });
    expect(sarah.guardians[0]).toMatchObject({ name: 'Ssali Moses', relationship: 'Father', primary: true });
    expect(john.guardians[0].id).toBe(sarah.guardians[0].id);
    // Every student, guardian and link is in the audit trail.
    const audited = await t.database.raw(
      `select entity, count(*)::int as n from audits where school_id = $1 and action = 'create' and module = 'students' group by entity order by entity`,
      [s.schoolId],
    );
    expect(audited).toEqual([
      { entity: 'guardians', n: 1 },
      { entity: 'student_guardians', n: 2 },
      { entity: 'students', n: 3 },
    ]);
  });

  it('refuses a file that is not a spreadsheet, and one without the needed columns', async () => {
    const notSheet = await school.api.post('/import_students', {
      filename: 'x.xlsx',
      data: Buffer.from('hello').toString('base64'),
    });
    expect(notSheet.statusCode).toBe(422);
    const missing = await school.api.post('/import_students', await upload([{ Surname: 'X' }], ['Surname']));
    expect(missing.json().data.rejected[0].errors).toEqual([
      'The column Other names is missing',
      'The column Gender is missing',
      'The column Class is missing',
    ]);
  });
});

describe('payment code import', () => {
  it('sets codes by admission number, all or nothing', async () => {
    const s = await registerSchool(t.app, t.database);
    const one = await admit(s);
    const two = await admit(s, { payment_code: unique('9') });
    const [c1, c2] = [unique('100'), unique('100')];
    const columns = ['Admission No', 'Payment code'];
    const bad = await s.api.post(
      '/import_student_codes',
      await upload(
        [
          { 'Admission No': one.admission_no, 'Payment code': c1 },
          { 'Admission No': 'NOBODY/1', 'Payment code': c2 },
        ],
        columns,
      ),
    );
    expect(bad.json()).toMatchObject({
      message: 'Error Importing Student Codes',
      data: {
        imported: 0,
        rejected: [{ row: 3, errors: ['Admission No: no student has the admission number NOBODY/1'] }],
      },
    });
    expect((await s.api.get(`/students/${one.id}`)).json().data.payment_code).toBeNull();

    // Codes may move between students in one file.
    const good = await s.api.post(
      '/import_student_codes',
      await upload(
        [
          { 'Admission No': one.admission_no, 'Payment code': two.payment_code },
          { 'Admission No': two.admission_no, 'Payment code': c2 },
        ],
        columns,
      ),
    );
    expect(good.json()).toEqual({
      data: { imported: 2, rejected: [] },
      message: 'Student Codes Imported Successfully',
    });
    expect((await s.api.get(`/students/${one.id}`)).json().data.payment_code).toBe(two.payment_code);
    expect((await s.api.get(`/students/${two.id}`)).json().data.payment_code).toBe(c2);
  });
});

describe('photos', () => {
  it('stores each photo on the student its file name names, and reports the rest with reasons', async () => {
    const s = await registerSchool(t.app, t.database);
    const one = await admit(s);
    const two = await admit(s, { admission_no: 'KHS-12' });
    await admit(s, { admission_no: 'KHS-13' });
    const png = (
      await sharp({ create: { width: 60, height: 80, channels: 3, background: '#c33' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const res = await s.api.post('/student_image', {
      photos: [
        { filename: `${one.admission_no.replace('/', '-')}.png`, data: png },
        { filename: 'khs-12.PNG', data: png },
        { filename: '2026-9999.jpg', data: png },
        { filename: `${one.admission_no.replace('/', '_')}.jpg`, data: png },
        { filename: 'KHS-13.jpg', data: Buffer.from('not an image').toString('base64') },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Photo uploaded successfully');
    const { matched, unmatched } = res.json().data;
    expect(matched).toEqual([one.admission_no, 'KHS-12']);
    expect(unmatched.map((u: Json) => u.filename)).toEqual([
      '2026-9999.jpg',
      `${one.admission_no.replace('/', '_')}.jpg`,
      'KHS-13.jpg',
    ]);
    expect(unmatched.map((u: Json) => u.reason)).toEqual([
      'No student has the admission number 2026/9999',
      `Another photo of ${one.admission_no} came first`,
      'This file is not a JPEG, PNG or WebP image',
    ]);
    const photo = (await s.api.get(`/students/${one.id}`)).json().data.photo_file_id;
    expect(photo).toEqual(expect.any(Number));
    expect((await s.api.get(`/students/${two.id}`)).json().data.photo_file_id).toEqual(expect.any(Number));
  });
});
