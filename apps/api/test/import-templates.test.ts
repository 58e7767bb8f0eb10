import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from '../src/documents/spreadsheet.js';
import { admit, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { unique, useTestApp } from './support.js';

const t = useTestApp();
let school: RegisterSchool;
let student: Json;
beforeAll(async () => {
  school = await registerSchool(t.app, t.database);
  student = await admit(school, { surname: unique('Template') });
});

/** What the school's tables hold that an import could write. */
const written = async () => {
  const [row] = await t.database.raw(
    `select (select count(*) from students where school_id = $1)::int as students,
      (select count(*) from students where school_id = $1 and payment_code is not null)::int as codes,
      (select count(*) from fees_additions where school_id = $1)::int as additions,
      (select count(*) from fees_deductions where school_id = $1)::int as deductions,
      (select coalesce(sum(amount), 0) from previous_debts where school_id = $1)::int as debts,
      (select count(*) from staff where school_id = $1)::int as staff`,
    [school.schoolId],
  );
  return row;
};

/**
 * A filled template as people make them: the template's example (the last row of its Notes sheet) put on
 * the data sheet, in its grey font as older templates had it or pasted as plain values, and real rows after.
 */
async function filled(template: Buffer, { grey = true, example = true, rows = [] as Json[] } = {}) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const [data] = workbook.worksheets;
  const notes = workbook.getWorksheet('Notes');
  const headers = (data.getRow(1).values as unknown[]).slice(1).map(String);
  if (example && notes) {
    // Array.from: a sheet row's values are sparse (an empty cell is a hole), which addRow would close up.
    const values = Array.from((notes.getRow(notes.rowCount).values as unknown[]).slice(1), (v) => v ?? null);
    const row = data.addRow(values);
    if (grey) row.font = { italic: true, color: { argb: 'FF808080' } };
  }
  for (const r of rows) data.addRow(headers.map((h) => r[h] ?? null));
  return { filename: 'filled.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64') };
}

const real = (): Record<string, Json> => ({
  students: { Surname: unique('Real'), 'Other names': 'Pupil', Gender: 'F', Class: 'S1', Stream: 'East' },
  codes: { 'Admission No': student.admission_no, 'Payment code': unique('77') },
  additions: { 'Admission No': student.admission_no, Description: 'Lost book', Amount: 20000, Year: 2026, Term: 2 },
  deductions: { 'Admission No': student.admission_no, Description: 'Sibling', Amount: 30000, Year: 2026, Term: 2 },
  balances: { 'Admission No': student.admission_no, Amount: 370000 },
  staff: { Name: unique('Real Teacher '), Initials: unique('').slice(0, 6) },
});

const imports = [
  ['students', '/student_import_template', '/import_students'],
  ['codes', '/student_codes_template', '/import_student_codes'],
  ['additions', '/fees_additions_template', '/import_fees_additions'],
  ['deductions', '/fees_deductions_template', '/import_fees_deductions'],
  ['balances', '/previous_balances_template', '/import_balances'],
  ['staff', '/staff_import_template', '/import_staff'],
] as const;
/** Whom each import's rows are about, as its example's refusal says. */
const about = (kind: string) => (kind === 'staff' ? 'staff' : 'students');

describe('import templates never import their example rows', () => {
  it('keeps the example on the Notes sheet, under the same headings as the data sheet', async () => {
    for (const [, template] of imports) {
      const res = await school.api.get(template);
      expect(res.statusCode, template).toBe(200);
      const sheet = await readSheet(res.rawPayload);
      expect(sheet.rows, template).toEqual([]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const notes = workbook.getWorksheet('Notes');
      if (!notes) throw new Error(`${template} has no Notes sheet`);
      const headings = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
      expect((notes.getRow(notes.rowCount - 1).values as unknown[]).slice(1), template).toEqual(headings);
    }
  });

  for (const [kind, template, importer] of imports) {
    it(`${kind}: an untouched template imports nothing and says so; an example left in is refused`, async () => {
      const before = await written();
      const blank = (await school.api.get(template)).rawPayload;
      const untouched = await school.api.post(importer, {
        filename: 'template.xlsx',
        data: blank.toString('base64'),
      });
      expect(untouched.statusCode, untouched.body).toBe(200);
      expect(untouched.json().data).toEqual({
        imported: 0,
        rejected: [{ row: 1, errors: ['Nothing to import: the file has no rows below the headings.'] }],
      });
      // The example alone, in its grey font: still nothing to import.
      const onlyExample = (await school.api.post(importer, await filled(blank))).json();
      expect(onlyExample.data.imported).toBe(0);
      expect(onlyExample.data.rejected[0].errors[0]).toMatch(/^Nothing to import: the file holds only the template/);
      // The example left in above real rows, grey or pasted plain: the file is refused, naming the row.
      for (const grey of [true, false]) {
        const res = await school.api.post(importer, await filled(blank, { grey, rows: [real()[kind]] }));
        expect(res.json().data, `${kind} grey=${grey}`).toEqual({
          imported: 0,
          rejected: [
            {
              row: 2,
              errors: [`This is the template's example row: delete it, it is not one of your ${about(kind)}`],
            },
          ],
        });
      }
      expect(await written()).toEqual(before);
      // The same real rows without the example import.
      const good = await school.api.post(importer, await filled(blank, { example: false, rows: [real()[kind]] }));
      expect(good.json().data, good.body).toEqual({ imported: 1, rejected: [] });
    });
  }

  it('a balance of 370,000 stays 370,000 when the balances template comes back with its example in', async () => {
    const debtor = await admit(school, { surname: unique('Owes') });
    const blank = (await school.api.get('/previous_balances_template')).rawPayload;
    const balance = async () =>
      (await school.api.post('/previous_debts', { search: debtor.admission_no })).json().data[0]?.amount;
    const row = { 'Admission No': debtor.admission_no, Amount: 370000 };
    await school.api.post('/import_balances', await filled(blank, { example: false, rows: [row] }));
    expect(await balance()).toBe(370_000);
    // The example names the school's first student; here it is made to name this debtor.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(blank as unknown as ArrayBuffer);
    const notes = workbook.getWorksheet('Notes');
    if (notes) notes.getRow(notes.rowCount).getCell(1).value = debtor.admission_no;
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await school.api.post('/import_balances', await filled(edited));
    expect(res.json().data.imported).toBe(0);
    expect(await balance()).toBe(370_000);
  });
});
