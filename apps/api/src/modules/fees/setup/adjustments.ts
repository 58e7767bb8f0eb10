import {
  balancesTemplate,
  bulksavePreviousDebts,
  classes,
  feesAdditions,
  feesAdditionsTemplate,
  feesCategories,
  feesDeductions,
  feesDeductionsTemplate,
  getFeesAdditions,
  getFeesDeductions,
  importBalances,
  importFeesAdditions,
  importFeesDeductions,
  messages,
  previousDebts,
  previousDebtsList,
  storePreviousDebt,
  streams,
  students,
} from '@somero/contract';
import { and, asc, count, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { now as clockNow } from '../../../core/dates.js';
import { Invalid } from '../../../core/errors.js';
import { type AuditEntry, chunks, type SchoolScope } from '../../../core/scope.js';
import { decodeUpload, exampleRefusals, readSheet, templateSheet } from '../../../documents/spreadsheet.js';
import type { SheetColumn } from '../../../documents/types.js';
import type { ModuleContext } from '../../module.js';
import { currentTerm } from '../../settings/index.js';
import { likeTerm } from '../../students/index.js';

const studentName = sql<string>`${students.surname} || ' ' || ${students.otherNames}`;
const searchStudents = (search?: string) => {
  if (!search) return undefined;
  const like = likeTerm(search);
  return or(
    ilike(studentName, like),
    ilike(sql`${students.otherNames} || ' ' || ${students.surname}`, like),
    ilike(students.admissionNo, like),
  ) as SQL;
};

interface AdjustmentFilter {
  page: number;
  per_page: number;
  year?: number;
  term?: number;
  class_id?: number;
  student_id?: number;
  search?: string;
  category_id?: number;
}

/**
 * Additions and deductions list alike: one student each, a year and term, an amount; only additions
 * carry a fees category.
 */
async function adjustmentList(
  scope: SchoolScope,
  table: typeof feesAdditions | typeof feesDeductions,
  f: AdjustmentFilter,
) {
  const category = table === feesAdditions ? feesAdditions.categoryId : null;
  const where = [
    f.year ? eq(table.year, f.year) : undefined,
    f.term ? eq(table.term, f.term) : undefined,
    f.class_id ? eq(students.classId, f.class_id) : undefined,
    f.student_id ? eq(table.studentId, f.student_id) : undefined,
    category && f.category_id ? eq(category, f.category_id) : undefined,
    searchStudents(f.search),
  ];
  const mine = scope.mine(table, ...where);
  const [{ n }] = await scope.db
    .select({ n: count() })
    .from(table)
    .innerJoin(students, and(eq(students.schoolId, table.schoolId), eq(students.id, table.studentId)))
    .where(mine);
  const rows = scope.db
    .select({
      id: table.id,
      student_id: table.studentId,
      student_name: studentName,
      admission_no: students.admissionNo,
      class_name: classes.name,
      category_id: category ?? sql<number | null>`null::int`,
      category_name: category ? feesCategories.name : sql<string | null>`null::text`,
      description: table.description,
      amount: table.amount,
      year: table.year,
      term: table.term,
    })
    .from(table)
    .innerJoin(students, and(eq(students.schoolId, table.schoolId), eq(students.id, table.studentId)))
    .leftJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .$dynamic();
  // Additions name their category; deductions have none, and join no category at all.
  const data = await (category
    ? rows.leftJoin(feesCategories, and(eq(feesCategories.schoolId, table.schoolId), eq(feesCategories.id, category)))
    : rows
  )
    .where(mine)
    .orderBy(asc(table.year), asc(table.term), asc(students.surname), asc(table.id))
    .limit(f.per_page)
    .offset((f.page - 1) * f.per_page);
  return { data, page: f.page, per_page: f.per_page, total: Number(n) };
}

/** A sheet's rows, checked cell by cell; any error and nothing is written. */
type Checked<T> = { rows: { row: number; value: T }[]; rejected: { row: number; errors: string[] }[] };

const wholeNumber = (text: string | undefined, { min = 1 } = {}) => {
  const cleaned = (text ?? '').replace(/[,\s]/g, '').replace(/^UGX/i, '');
  if (!/^-?\d+$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isSafeInteger(n) && n >= min && n <= 2_000_000_000 ? n : null;
};

/** The example row of each template (on its Notes sheet); a row the same as it is never imported. */
const examples = {
  additions: { description: 'School trip to Jinja', amount: 45000 },
  deductions: { description: 'Staff child discount', amount: 100000 },
  balances: { amount: 150000, note: 'Balance from the old books' },
} as const;

/** Whether an uploaded row is a template's example, typed or pasted in (amounts read as numbers). */
const sameAs = (example: Record<string, string | number>) => (values: Record<string, string>) =>
  Object.entries(example).every(([k, v]) =>
    typeof v === 'number'
      ? wholeNumber(values[k], { min: -2_000_000_000 }) === v
      : (values[k] ?? '').toLowerCase() === v.toLowerCase(),
  );

async function readRows<T>(
  scope: SchoolScope,
  data: string,
  kind: keyof typeof examples,
  required: string[],
  read: (values: Record<string, string>, studentId: number | undefined, errors: string[]) => T | null,
): Promise<Checked<T>> {
  const sheet = await readSheet(decodeUpload(data));
  const admission = sheet.headers.find((h) => h === 'admission_no' || h === 'admission_number' || h === 'adm_no');
  const missing = required.filter((c) => !sheet.headers.includes(c));
  if (!admission) missing.unshift('admission_no');
  if (missing.length)
    return { rows: [], rejected: [{ row: 1, errors: missing.map((c) => `The column ${c} is missing`) }] };
  const refused = exampleRefusals(sheet, sameAs(examples[kind]));
  if (refused) return { rows: [], rejected: refused };
  const numbers = [...new Set(sheet.rows.map((r) => (r.values[admission as string] ?? '').toLowerCase()))];
  const found = await scope.db
    .select({ id: students.id, no: sql<string>`lower(${students.admissionNo})` })
    .from(students)
    .where(scope.mine(students, inArray(sql`lower(${students.admissionNo})`, numbers), ne(students.status, 'trashed')));
  const idOf = new Map(found.map((f) => [f.no, f.id]));
  const out: Checked<T> = { rows: [], rejected: [] };
  for (const { row, values } of sheet.rows) {
    const errors: string[] = [];
    const no = values[admission as string] ?? '';
    const studentId = idOf.get(no.toLowerCase());
    if (!no) errors.push('Admission number is empty');
    else if (!studentId) errors.push(`No student with admission number ${no}`);
    const value = read(values, studentId, errors);
    if (errors.length || value === null) out.rejected.push({ row, errors });
    else out.rows.push({ row, value });
  }
  return out;
}

function termOf(values: Record<string, string>, errors: string[]) {
  const year = wholeNumber(values.year);
  const term = wholeNumber(values.term);
  if (!year || year < 2000 || year > 2100) errors.push('Year must be like 2026');
  if (!term || term > 3) errors.push('Term must be 1, 2 or 3');
  return { year: year ?? 0, term: term ?? 0 };
}

async function insertAudited<T extends typeof feesAdditions | typeof feesDeductions | typeof previousDebts>(
  scope: SchoolScope,
  table: T,
  entity: string,
  rows: T['$inferInsert'][],
) {
  const audit: AuditEntry[] = [];
  for (const part of chunks(rows)) {
    for (const row of (await scope.db
      .insert(table as typeof feesDeductions)
      .values(part as (typeof feesDeductions.$inferInsert)[])
      .returning()) as { id: number }[])
      audit.push({ action: 'import', module: 'fees', entity, entityId: row.id, after: row });
  }
  await scope.auditMany(audit);
}

/** Sets balances brought forward (0 removes one), each audited; one statement per kind of change. */
async function saveDebts(scope: SchoolScope, debts: { student_id: number; amount: number; note?: string | null }[]) {
  const last = new Map(debts.map((d) => [d.student_id, d]));
  const ids = [...last.keys()];
  const known = await scope.db
    .select({ id: students.id })
    .from(students)
    .where(scope.mine(students, inArray(students.id, ids)));
  if (known.length < ids.length) {
    const mine = new Set(known.map((k) => k.id));
    throw new Invalid('student_id', `No such student: ${ids.filter((i) => !mine.has(i)).join(', ')}`);
  }
  return scope.transaction(async (tx) => {
    const before = await tx.db
      .select()
      .from(previousDebts)
      .where(tx.mine(previousDebts, inArray(previousDebts.studentId, ids)));
    const old = new Map(before.map((b) => [b.studentId, b]));
    const audit: AuditEntry[] = [];
    const gone = ids.filter((id) => old.has(id) && (last.get(id)?.amount ?? 0) === 0);
    if (gone.length) {
      await tx.db.delete(previousDebts).where(tx.mine(previousDebts, inArray(previousDebts.studentId, gone)));
      for (const id of gone)
        audit.push({
          action: 'delete',
          module: 'fees',
          entity: 'previous_debts',
          entityId: old.get(id)?.id,
          before: old.get(id),
        });
    }
    const kept = ids.filter((id) => (last.get(id)?.amount ?? 0) !== 0);
    for (const part of chunks(kept)) {
      const rows = await tx.db
        .insert(previousDebts)
        .values(
          part.map((id) => ({
            schoolId: tx.schoolId,
            studentId: id,
            amount: last.get(id)?.amount ?? 0,
            note: last.get(id)?.note ?? old.get(id)?.note ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: [previousDebts.schoolId, previousDebts.studentId],
          set: { amount: sql`excluded.amount`, note: sql`excluded.note`, updatedAt: clockNow() },
        })
        .returning();
      for (const row of rows)
        audit.push({
          action: old.has(row.studentId) ? 'update' : 'create',
          module: 'fees',
          entity: 'previous_debts',
          entityId: row.id,
          before: old.get(row.studentId) ?? null,
          after: row,
        });
    }
    await tx.auditMany(audit);
    return kept.length + gone.length;
  });
}

async function debtRows(
  scope: SchoolScope,
  f: {
    page: number;
    per_page: number;
    class_id?: number;
    stream_id?: number;
    search?: string;
    with_balance?: boolean;
    student_id?: number;
  },
) {
  const withBalance = f.with_balance ?? !(f.class_id || f.stream_id);
  const where = [
    f.student_id ? eq(students.id, f.student_id) : eq(students.status, 'current'),
    f.class_id ? eq(students.classId, f.class_id) : undefined,
    f.stream_id ? eq(students.streamId, f.stream_id) : undefined,
    searchStudents(f.search),
    withBalance ? isNotNull(previousDebts.id) : undefined,
  ];
  const mine = scope.mine(students, ...where);
  const join = and(eq(previousDebts.studentId, students.id), eq(previousDebts.schoolId, students.schoolId));
  const [{ n }] = await scope.db.select({ n: count() }).from(students).leftJoin(previousDebts, join).where(mine);
  const data = await scope.db
    .select({
      id: previousDebts.id,
      student_id: students.id,
      student_name: studentName,
      admission_no: students.admissionNo,
      class_id: students.classId,
      class_name: classes.name,
      stream_name: streams.name,
      amount: sql<number>`coalesce(${previousDebts.amount}, 0)`.mapWith(Number),
      note: previousDebts.note,
    })
    .from(students)
    .leftJoin(previousDebts, join)
    .leftJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .where(mine)
    .orderBy(asc(classes.rank), asc(students.surname), asc(students.otherNames), asc(students.id))
    .limit(f.per_page)
    .offset((f.page - 1) * f.per_page);
  return { data, page: f.page, per_page: f.per_page, total: Number(n) };
}

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const allOrNothing = 'If any row has a mistake, nothing is imported and each row to fix is listed with the reason.';

/** An example student for a template: the first current one, so the example row reads like the school's own. */
async function exampleStudent(scope: SchoolScope) {
  const [s] = await scope.db
    .select({ admission_no: students.admissionNo, name: studentName })
    .from(students)
    .where(scope.mine(students, eq(students.status, 'current')))
    .orderBy(asc(students.id))
    .limit(1);
  return s ?? { admission_no: '2026/0001', name: 'Nakato Sarah' };
}

/** The template of each import: the columns its reader needs, one grey example row and the rules. */
async function adjustmentTemplate(scope: SchoolScope, kind: 'additions' | 'deductions' | 'balances') {
  const student = await exampleStudent(scope);
  const now = await currentTerm(scope);
  const admission: SheetColumn = { header: 'Admission No', key: 'admission_no', width: 14 };
  const name: SheetColumn = { header: 'Student', key: 'student', width: 24 };
  const amount: SheetColumn = { header: 'Amount', key: 'amount', width: 12 };
  const rows = [
    { header: 'Description', key: 'description', width: 28 },
    amount,
    { header: 'Year', key: 'year', width: 8 },
    { header: 'Term', key: 'term', width: 6 },
  ];
  const base = { admission_no: student.admission_no, student: student.name, year: now.year, term: now.term };
  const rules = [
    'One row per student, on the first sheet below its headings. The example below is on this Notes sheet, which is never imported.',
    'Admission No must be a current student of the school; the Student column only helps you fill the sheet and is not read.',
  ];
  if (kind === 'balances') {
    return templateSheet(
      'Previous balances',
      [admission, name, amount, { header: 'Note', key: 'note', width: 28 }],
      [{ ...base, ...examples.balances }],
      [
        ...rules,
        'Amount: the balance brought forward in whole shillings, without decimals; a negative amount is money the school owes the student (a credit); 0 removes a balance.',
        'Each student once: a second row for the same student is refused.',
        allOrNothing,
      ],
    );
  }
  if (kind === 'additions') {
    const cats = await scope.db
      .select({ name: feesCategories.name })
      .from(feesCategories)
      .where(scope.mine(feesCategories))
      .orderBy(asc(feesCategories.rank), asc(feesCategories.name));
    return templateSheet(
      'Fees additions',
      [admission, name, ...rows, { header: 'Category', key: 'category', width: 16 }],
      [{ ...base, ...examples.additions, category: cats[0]?.name ?? '' }],
      [
        ...rules,
        'Required: Admission No, Description, Amount (whole shillings above 0), Year (e.g. 2026) and Term (1, 2 or 3).',
        `Category (optional): one of ${cats.map((c) => c.name).join(', ') || 'the Fees Categories'}.`,
        allOrNothing,
      ],
    );
  }
  return templateSheet(
    'Fees deductions',
    [admission, name, ...rows],
    [{ ...base, ...examples.deductions }],
    [
      ...rules,
      'Required: Admission No, Description, Amount (whole shillings above 0), Year (e.g. 2026) and Term (1, 2 or 3).',
      allOrNothing,
    ],
  );
}

export function adjustmentRoutes({ serve }: ModuleContext) {
  for (const [call, kind, file] of [
    [feesAdditionsTemplate, 'additions', 'fees-additions-import.xlsx'],
    [feesDeductionsTemplate, 'deductions', 'fees-deductions-import.xlsx'],
    [balancesTemplate, 'balances', 'previous-balances-import.xlsx'],
  ] as const) {
    serve(call, async ({ scope, reply }) =>
      reply
        .type(xlsx)
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(await adjustmentTemplate(scope, kind)),
    );
  }

  serve(getFeesAdditions, async ({ input, scope }) => adjustmentList(scope, feesAdditions, input));
  serve(getFeesDeductions, async ({ input, scope }) => adjustmentList(scope, feesDeductions, input));

  serve(importFeesAdditions, async ({ input, scope }) => {
    const cats = await scope.db
      .select({ id: feesCategories.id, name: feesCategories.name })
      .from(feesCategories)
      .where(scope.mine(feesCategories));
    const catOf = new Map(cats.map((c) => [c.name.toLowerCase(), c.id]));
    const sheet = await readRows(
      scope,
      input.data,
      'additions',
      ['description', 'amount', 'year', 'term'],
      (v, studentId, errors) => {
        const amount = wholeNumber(v.amount);
        if (!amount) errors.push('Amount must be a whole number of shillings above 0');
        if (!v.description) errors.push('Description is empty');
        const t = termOf(v, errors);
        let categoryId: number | null = null;
        if (v.category) {
          categoryId = catOf.get(v.category.toLowerCase()) ?? null;
          if (!categoryId) errors.push(`No fees category named ${v.category}`);
        }
        if (errors.length || !studentId || !amount) return null;
        return {
          schoolId: scope.schoolId,
          studentId,
          categoryId,
          description: v.description.slice(0, 200),
          amount,
          ...t,
        };
      },
    );
    if (sheet.rejected.length)
      return { data: { imported: 0, rejected: sheet.rejected }, message: messages.feesAdditions.import.failure };
    await scope.transaction((tx) =>
      insertAudited(
        tx,
        feesAdditions,
        'fees_additions',
        sheet.rows.map((r) => r.value),
      ),
    );
    return { data: { imported: sheet.rows.length, rejected: [] }, message: messages.feesAdditions.import.success };
  });

  serve(importFeesDeductions, async ({ input, scope }) => {
    const sheet = await readRows(
      scope,
      input.data,
      'deductions',
      ['description', 'amount', 'year', 'term'],
      (v, studentId, errors) => {
        const amount = wholeNumber(v.amount);
        if (!amount) errors.push('Amount must be a whole number of shillings above 0');
        if (!v.description) errors.push('Description is empty');
        const t = termOf(v, errors);
        if (errors.length || !studentId || !amount) return null;
        return { schoolId: scope.schoolId, studentId, description: v.description.slice(0, 200), amount, ...t };
      },
    );
    if (sheet.rejected.length)
      return { data: { imported: 0, rejected: sheet.rejected }, message: messages.feesDeductions.import.failure };
    await scope.transaction((tx) =>
      insertAudited(
        tx,
        feesDeductions,
        'fees_deductions',
        sheet.rows.map((r) => r.value),
      ),
    );
    return { data: { imported: sheet.rows.length, rejected: [] }, message: messages.feesDeductions.import.success };
  });

  serve(importBalances, async ({ input, scope }) => {
    const sheet = await readRows(scope, input.data, 'balances', ['amount'], (v, studentId, errors) => {
      const amount = wholeNumber(v.amount ?? v.balance, { min: -2_000_000_000 });
      if (amount === null) errors.push('Amount must be a whole number of shillings (negative for a credit)');
      if (errors.length || !studentId || amount === null) return null;
      return { student_id: studentId, amount, note: v.note || null };
    });
    // A student twice in the file is a mistake in the file.
    const firstRow = new Map<number, number>();
    for (const r of sheet.rows) {
      const first = firstRow.get(r.value.student_id);
      if (first) sheet.rejected.push({ row: r.row, errors: [`The same student is on row ${first} too`] });
      else firstRow.set(r.value.student_id, r.row);
    }
    if (sheet.rejected.length)
      return {
        data: { imported: 0, rejected: sheet.rejected.sort((a, b) => a.row - b.row) },
        message: messages.previousDebts.import.failure,
      };
    await saveDebts(
      scope,
      sheet.rows.map((r) => r.value),
    );
    return { data: { imported: sheet.rows.length, rejected: [] }, message: messages.previousDebts.import.success };
  });

  serve(previousDebtsList, async ({ input, scope }) => debtRows(scope, input));

  serve(storePreviousDebt, async ({ input, scope }) => {
    await saveDebts(scope, [input]);
    const { data } = await debtRows(scope, { page: 1, per_page: 1, student_id: input.student_id, with_balance: false });
    return { data: data[0], message: messages.previousDebts.save.success };
  });

  serve(bulksavePreviousDebts, async ({ input, scope }) => {
    const saved = await saveDebts(scope, input.debts);
    return { data: { saved }, message: messages.previousDebts.save.success };
  });
}
