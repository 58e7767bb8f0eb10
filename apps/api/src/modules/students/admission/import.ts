import {
  addStudent,
  guardians,
  importStudentCodes,
  importStudents,
  messages,
  studentCodesTemplate,
  studentImportTemplate,
  students,
} from '@somero/contract';
import { inArray, sql } from 'drizzle-orm';
import { now } from '../../../core/dates.js';
import { Invalid } from '../../../core/errors.js';
import { unstorable } from '../../../core/input.js';
import type { SchoolScope } from '../../../core/scope.js';
import { decodeUpload, exampleRefusals, readSheet, templateSheet } from '../../../documents/spreadsheet.js';
import type { SheetColumn } from '../../../documents/types.js';
import type { ModuleContext } from '../../module.js';
import { schoolTerm } from '../query.js';
import { admissionTaken, numberHolders, Placement, paymentCodeTaken } from '../rules.js';
import type { NewStudent } from './add.js';
import { enrolMany, guardianKey } from './bulk-enrol.js';

/** A school has up to about 3,000 students: a file longer than this is a mistake. */
const maxRows = 5000;

const columns: (SheetColumn & { required?: boolean })[] = [
  { header: 'Admission No', key: 'admission_no', width: 14 },
  { header: 'Surname', key: 'surname', width: 16, required: true },
  { header: 'Other names', key: 'other_names', width: 20, required: true },
  { header: 'Gender', key: 'gender', width: 8, required: true },
  { header: 'Date of birth', key: 'date_of_birth', width: 13 },
  { header: 'Class', key: 'class', width: 8, required: true },
  { header: 'Stream', key: 'stream', width: 10 },
  { header: 'Section', key: 'section', width: 10 },
  { header: 'House', key: 'house', width: 12 },
  { header: 'Payment code', key: 'payment_code', width: 14 },
  { header: 'LIN', key: 'lin', width: 14 },
  { header: 'Nationality', key: 'nationality', width: 12 },
  { header: 'Religion', key: 'religion', width: 12 },
  { header: 'District', key: 'district', width: 12 },
  { header: 'Address', key: 'address', width: 20 },
  { header: 'Admitted on', key: 'admitted_on', width: 13 },
  { header: 'Guardian name', key: 'guardian_name', width: 20 },
  { header: 'Guardian relationship', key: 'guardian_relationship', width: 12 },
  { header: 'Guardian phone', key: 'guardian_phone', width: 16 },
  { header: 'Guardian email', key: 'guardian_email', width: 20 },
];
const headerOf = new Map(columns.map((c) => [c.key, c.header]));

type Rejected = { row: number; errors: string[] };

/** "14/05/2012" (day first, as Ugandan schools write dates) or "2012-05-14" → "2012-05-14". */
function isoDate(text: string): string {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  return text;
}

/** The field of an admission (e.g. `guardians.0.phone`) as the header a person sees in the file. */
function columnName(path: PropertyKey[]): string {
  if (path[0] === 'guardians') return headerOf.get(`guardian_${String(path[2] ?? 'name')}`) ?? 'Guardian';
  if (path[0] === 'class_id') return 'Class';
  if (path[0] === 'stream_id') return 'Stream';
  return headerOf.get(String(path[0])) ?? String(path[0]);
}

/** One row of the file as an admission, with the same rules as the admission form; or its errors. */
function readStudentRow(v: Record<string, string>, placement: Placement): { student?: NewStudent; errors: string[] } {
  const errors: string[] = [];
  const cls = v.class ? placement.classNamed(v.class) : undefined;
  if (!v.class) errors.push('Class: enter the class, e.g. S1');
  else if (!cls) errors.push(`Class: there is no class ${v.class}`);
  let streamId: number | null = null;
  if (v.stream && cls) {
    const stream = placement.streamNamed(cls.id, v.stream);
    if (stream) streamId = stream.id;
    else errors.push(`Stream: ${v.stream} is not a stream of ${cls.name}`);
  }
  const gender = { m: 'M', male: 'M', f: 'F', female: 'F' }[(v.gender ?? '').toLowerCase()] ?? v.gender;
  const section = (v.section || 'day').toLowerCase();
  const hasGuardian = Boolean(v.guardian_name || v.guardian_phone || v.guardian_email);
  const relationship = v.guardian_relationship
    ? v.guardian_relationship.charAt(0).toUpperCase() + v.guardian_relationship.slice(1).toLowerCase()
    : undefined;
  const parsed = addStudent.input.safeParse({
    admission_no: v.admission_no,
    payment_code: v.payment_code,
    surname: v.surname ?? '',
    other_names: v.other_names ?? '',
    gender,
    date_of_birth: isoDate(v.date_of_birth ?? ''),
    class_id: cls?.id ?? 0,
    stream_id: streamId,
    section,
    house: v.house,
    nationality: v.nationality || undefined,
    lin: v.lin,
    religion: v.religion,
    district: v.district,
    address: v.address,
    admitted_on: isoDate(v.admitted_on ?? ''),
    guardians: hasGuardian
      ? [
          {
            name: v.guardian_name ?? '',
            relationship,
            phone: v.guardian_phone ?? '',
            email: v.guardian_email ?? '',
            primary: true,
          },
        ]
      : [],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'class_id' && !cls) continue;
      errors.push(`${columnName(issue.path)}: ${issue.message}`);
    }
  } else {
    // A cell's text goes through the same storable check as every request's input (NUL, 2³¹…).
    for (const issue of unstorable(parsed.data)) {
      const path = issue.instancePath.split('/').filter(Boolean);
      errors.push(`${columnName(path)}: ${issue.message}`);
    }
  }
  return errors.length || !parsed.success ? { errors } : { student: parsed.data, errors };
}

/** The example student of the template (on its Notes sheet); a row the same as it is never imported. */
const exampleStudent = {
  surname: 'Nakato',
  other_names: 'Sarah',
  gender: 'F',
  date_of_birth: '2012-05-14',
  section: 'Boarding',
  nationality: 'Ugandan',
  district: 'Wakiso',
  guardian_name: 'Nakato Grace',
  guardian_relationship: 'Mother',
  guardian_phone: '0772 123456',
};
const isExampleStudent = (v: Record<string, string>) =>
  Object.entries(exampleStudent).every(([k, x]) => (v[k] ?? '').toLowerCase() === x.toLowerCase());

/** The example of the payment codes template. */
const exampleCode = { admission_no: '2026/0001', student: 'Nakato Sarah', payment_code: '1002003004' };
const isExampleCode = (v: Record<string, string>) =>
  v.admission_no === exampleCode.admission_no && v.payment_code === exampleCode.payment_code;

/**
 * The rows of an uploaded sheet, refusing a file that is not one or is far too long; `refused` is set
 * when there is nothing to import or a template's example row was left in.
 */
async function rowsOf(data: string, isExample: (v: Record<string, string>) => boolean) {
  const sheet = await readSheet(decodeUpload(data));
  if (sheet.rows.length > maxRows) throw new Invalid('data', `The file has more than ${maxRows} rows`);
  return { ...sheet, refused: exampleRefusals(sheet, isExample) };
}

/** Marks, on each row, an admission number or payment code used twice in the file or held by another student. */
function duplicates(
  rows: { row: number; admissionNo?: string | null; paymentCode?: string | null; studentId?: number }[],
  holders: Awaited<ReturnType<typeof numberHolders>>,
  errorsOf: (row: number) => string[],
) {
  const firstNo = new Map<string, number>();
  const firstCode = new Map<string, number>();
  for (const r of rows) {
    if (r.admissionNo) {
      const key = r.admissionNo.toLowerCase();
      const earlier = firstNo.get(key);
      const holder = holders.admission.get(key);
      if (earlier) errorsOf(r.row).push(`Admission No: ${r.admissionNo} is also on row ${earlier}`);
      else if (holder && holder.id !== r.studentId)
        errorsOf(r.row).push(`Admission No: ${admissionTaken(r.admissionNo)}`);
      firstNo.set(key, earlier ?? r.row);
    }
    if (r.paymentCode) {
      const earlier = firstCode.get(r.paymentCode);
      const holder = holders.payment.get(r.paymentCode);
      if (earlier) errorsOf(r.row).push(`Payment code: ${r.paymentCode} is also on row ${earlier}`);
      else if (holder && holder.id !== r.studentId) {
        errorsOf(r.row).push(`Payment code: ${paymentCodeTaken(r.paymentCode)} (${holder.name})`);
      }
      firstCode.set(r.paymentCode, earlier ?? r.row);
    }
  }
}

function report(errors: Map<number, string[]>): Rejected[] {
  return [...errors.entries()]
    .filter(([, e]) => e.length)
    .sort(([a], [b]) => a - b)
    .map(([row, e]) => ({ row, errors: e }));
}

/** Guardians already in the school, by name and phone, so an import links siblings to the same parent. */
async function knownGuardians(scope: SchoolScope) {
  const rows = await scope.db
    .select({ id: guardians.id, name: guardians.name, phone: guardians.phone })
    .from(guardians)
    .where(scope.mine(guardians));
  return new Map(rows.map((g) => [guardianKey(g.name, g.phone), g.id]));
}

export function importRoutes({ serve }: ModuleContext) {
  serve(studentImportTemplate, async ({ scope, reply }) => {
    const placement = await Placement.load(scope);
    const classNames = [...placement.classes.values()].map((c) => c.name);
    const first = [...placement.classes.values()][0];
    const firstStream = first ? [...placement.streams.values()].find((s) => s.classId === first.id) : undefined;
    const sheet = await templateSheet(
      'Students',
      columns,
      [{ ...exampleStudent, class: first?.name ?? 'S1', stream: firstStream?.name ?? '' }],
      [
        'One student per row, on the first sheet below its headings. The example below is on this Notes sheet, which is never imported.',
        'Required: Surname, Other names, Gender (M or F) and Class.',
        'Admission No: leave it empty and the next number is given (e.g. 2026/0042).',
        `Class: one of ${classNames.join(', ') || 'the classes under Classes and Streams'}. Stream: a stream of that class, e.g. East.`,
        'Section: Day or Boarding (empty means Day). Dates: YYYY-MM-DD or DD/MM/YYYY.',
        'Guardian: give at least the name and phone, or leave every guardian column empty.',
        'If any row has a mistake, nothing is imported and each row to fix is listed with the reason.',
      ],
    );
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="students-import.xlsx"')
      .send(sheet);
  });

  serve(studentCodesTemplate, async ({ reply }) => {
    const sheet = await templateSheet(
      'Payment codes',
      [
        { header: 'Admission No', key: 'admission_no', width: 14 },
        { header: 'Student', key: 'student', width: 24 },
        { header: 'Payment code', key: 'payment_code', width: 16 },
      ],
      [exampleCode],
      [
        'One student per row, on the first sheet below its headings. The example below is on this Notes sheet, which is never imported.',
        'Required: Admission No (a student of the school) and Payment code (the SchoolPay code, at most 40 characters). The Student column only helps you fill the sheet and is not read.',
        'A code may be given to one student only; a student given a new code loses the old one.',
        'If any row has a mistake, nothing is imported and each row to fix is listed with the reason.',
      ],
    );
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="payment-codes-import.xlsx"')
      .send(sheet);
  });

  /** All or nothing: every row is checked as an admission; one bad row and nothing is written. */
  serve(importStudents, async ({ input, scope }) => {
    const sheet = await rowsOf(input.data, isExampleStudent);
    if (sheet.refused)
      return { data: { imported: 0, rejected: sheet.refused }, message: messages.students.import.failure };
    const missing = columns.filter((c) => c.required && !sheet.headers.includes(c.key));
    if (missing.length) {
      return {
        data: { imported: 0, rejected: [{ row: 1, errors: missing.map((c) => `The column ${c.header} is missing`) }] },
        message: messages.students.import.failure,
      };
    }
    const placement = await Placement.load(scope);
    const errors = new Map<number, string[]>();
    const errorsOf = (row: number) => errors.get(row) ?? (errors.set(row, []).get(row) as string[]);
    const parsed = sheet.rows.map(({ row, values }) => {
      const { student, errors: e } = readStudentRow(values, placement);
      errorsOf(row).push(...e);
      return { row, student };
    });
    const holders = await numberHolders(
      scope,
      parsed.flatMap((p) => (p.student?.admission_no ? [p.student.admission_no] : [])),
      parsed.flatMap((p) => (p.student?.payment_code ? [p.student.payment_code] : [])),
    );
    duplicates(
      parsed.map((p) => ({ row: p.row, admissionNo: p.student?.admission_no, paymentCode: p.student?.payment_code })),
      holders,
      errorsOf,
    );
    const rejected = report(errors);
    if (rejected.length) {
      return { data: { imported: 0, rejected }, message: messages.students.import.failure };
    }

    const term = await schoolTerm(scope);
    const known = await knownGuardians(scope);
    await scope.transaction((tx) =>
      enrolMany(
        tx,
        parsed.map((p) => p.student as NewStudent),
        term,
        known,
      ),
    );
    return { data: { imported: parsed.length, rejected: [] }, message: messages.students.import.success };
  });

  /** Payment codes (SchoolPay) by admission number; all or nothing like the student import. */
  serve(importStudentCodes, async ({ input, scope }) => {
    const sheet = await rowsOf(input.data, isExampleCode);
    if (sheet.refused)
      return { data: { imported: 0, rejected: sheet.refused }, message: messages.students.importCodes.failure };
    const missing = ['admission_no', 'payment_code'].filter((h) => !sheet.headers.includes(h));
    if (missing.length) {
      const names = { admission_no: 'Admission No', payment_code: 'Payment code' } as Record<string, string>;
      return {
        data: { imported: 0, rejected: [{ row: 1, errors: missing.map((h) => `The column ${names[h]} is missing`) }] },
        message: messages.students.importCodes.failure,
      };
    }
    const errors = new Map<number, string[]>();
    const errorsOf = (row: number) => errors.get(row) ?? (errors.set(row, []).get(row) as string[]);
    const nos = sheet.rows.map((r) => r.values.admission_no).filter(Boolean);
    const owners = await scope.db
      .select({
        id: students.id,
        admissionNo: students.admissionNo,
        surname: students.surname,
        otherNames: students.otherNames,
      })
      .from(students)
      .where(
        scope.mine(students, inArray(sql`lower(${students.admissionNo})`, [...nos.map((n) => n.toLowerCase()), ''])),
      );
    const ownerOf = new Map(owners.map((o) => [o.admissionNo.toLowerCase(), o]));
    const changes = sheet.rows.map(({ row, values }) => {
      const owner = values.admission_no ? ownerOf.get(values.admission_no.toLowerCase()) : undefined;
      if (!values.admission_no) errorsOf(row).push('Admission No: enter the admission number');
      else if (!owner) errorsOf(row).push(`Admission No: no student has the admission number ${values.admission_no}`);
      if (!values.payment_code) errorsOf(row).push('Payment code: enter the payment code');
      else if (values.payment_code.length > 40) errorsOf(row).push('Payment code: use at most 40 characters');
      return { row, owner, code: values.payment_code };
    });
    const holders = await numberHolders(
      scope,
      [],
      changes.flatMap((c) => (c.code ? [c.code] : [])),
    );
    // A code held by a student who gets another code in this same file is free to take.
    const movingAway = new Set(changes.flatMap((c) => (c.owner ? [c.owner.id] : [])));
    for (const [code, holder] of holders.payment) if (movingAway.has(holder.id)) holders.payment.delete(code);
    duplicates(
      changes.map((c) => ({
        row: c.row,
        admissionNo: c.owner?.admissionNo,
        paymentCode: c.code,
        studentId: c.owner?.id,
      })),
      { admission: new Map(), payment: holders.payment },
      errorsOf,
    );
    const rejected = report(errors);
    if (rejected.length) {
      return { data: { imported: 0, rejected }, message: messages.students.importCodes.failure };
    }
    await scope.transaction(async (tx) => {
      const ids = changes.map((c) => c.owner!.id);
      const mine = tx.mine(students, inArray(students.id, ids));
      const before = new Map(
        (
          await tx.db
            .select({ id: students.id, paymentCode: students.paymentCode })
            .from(students)
            .where(mine)
            .for('update')
        ).map((r) => [r.id, r.paymentCode]),
      );
      // Cleared first, so that codes swapped between two students never collide half way.
      await tx.db.update(students).set({ paymentCode: null }).where(mine);
      for (const c of changes) {
        const id = c.owner!.id;
        await tx.db
          .update(students)
          .set({ paymentCode: c.code, updatedAt: now() })
          .where(tx.mine(students, inArray(students.id, [id])));
        await tx.audit({
          action: 'payment code',
          module: 'students',
          entity: 'students',
          entityId: id,
          before: { payment_code: before.get(id) ?? null },
          after: { payment_code: c.code },
        });
      }
    });
    return {
      data: { imported: changes.length, rejected: [] },
      message: messages.students.importCodes.success,
    };
  });
}
