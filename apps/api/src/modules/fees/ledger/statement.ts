import { classes, feesLedger, fullFeesLedger, printLedger, streams, students } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { NotFound } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { renderPdf, schoolHeader } from '../../../documents/pdf.js';
import type { ModuleContext } from '../../module.js';
import { schoolForDocuments } from '../../settings/index.js';
import { type StudentPosition, studentPosition } from './balances.js';

async function studentOf(scope: SchoolScope, id: number) {
  const [s] = await scope.db
    .select({
      id: students.id,
      name: students.surname,
      other: students.otherNames,
      admission_no: students.admissionNo,
      class_name: classes.name,
      stream_name: streams.name,
      section: students.section,
    })
    .from(students)
    .leftJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .where(scope.mine(students, eq(students.id, id)));
  if (!s) throw new NotFound('student');
  return {
    id: s.id,
    name: `${s.name} ${s.other}`,
    admission_no: s.admission_no,
    class_name: s.class_name,
    stream_name: s.stream_name,
    section: s.section,
  };
}

const ugx = (n: number) => (n < 0 ? `(${Math.abs(n).toLocaleString('en-US')})` : n.toLocaleString('en-US'));

/** The ledger as a PDF: one table per term (or only the chosen term), with the running balance. */
async function ledgerPdf(
  scope: SchoolScope,
  student: Awaited<ReturnType<typeof studentOf>>,
  position: StudentPosition,
  title: string,
  only?: { year: number; term: number },
) {
  const school = await schoolForDocuments(scope);
  const content: Content[] = [schoolHeader(school, title)];
  content.push({
    columns: [
      { text: [{ text: 'Student: ', bold: true }, student.name] },
      { text: [{ text: 'Adm. No: ', bold: true }, student.admission_no] },
      {
        text: [
          { text: 'Class: ', bold: true },
          `${student.class_name ?? ''}${student.stream_name ? ` ${student.stream_name}` : ''} (${student.section})`,
        ],
      },
    ],
    fontSize: 9,
    margin: [0, 0, 0, 8],
  });
  const terms = position.terms.filter((t) => !only || (t.year === only.year && t.term === only.term));
  const debt = position.lines.filter((l) => l.kind === 'previous_debt');
  for (const t of terms) {
    const lines = position.lines.filter((l) => l.year === t.year && l.term === t.term && l.kind !== 'previous_debt');
    const isFirst = t === position.terms[0];
    const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });
    const body: TableCell[][] = [
      [
        { text: 'Date', bold: true },
        { text: 'Description', bold: true },
        { text: 'Receipt', bold: true },
        right('Debit', true),
        right('Credit', true),
        right('Balance', true),
      ],
    ];
    body.push([
      '',
      isFirst && debt.length ? 'Balance brought forward (before Somero)' : 'Opening balance',
      '',
      '',
      '',
      { text: ugx(t.opening), alignment: 'right' },
    ]);
    for (const l of lines)
      body.push([
        l.date,
        l.description,
        l.receiptNo ? String(l.receiptNo) : '',
        { text: l.amount > 0 ? ugx(l.amount) : '', alignment: 'right' },
        { text: l.amount < 0 ? ugx(-l.amount) : '', alignment: 'right' },
        { text: ugx(l.balance), alignment: 'right' },
      ]);
    body.push([
      '',
      { text: `Closing: charged ${ugx(t.charged)}, reduced ${ugx(t.reduced)}, paid ${ugx(t.paid)}`, bold: true },
      '',
      '',
      '',
      { text: ugx(t.closing), alignment: 'right', bold: true },
    ]);
    content.push({ text: `Term ${t.term} ${t.year}`, bold: true, fontSize: 10, margin: [0, 6, 0, 3] });
    content.push({
      table: { headerRows: 1, widths: [55, '*', 40, 60, 60, 65], body },
      layout: 'lightHorizontalLines',
      fontSize: 8,
    });
  }
  if (terms.length === 0)
    content.push({ text: 'Nothing recorded for this period.', italics: true, margin: [0, 8, 0, 0] });
  const balance = only ? (terms.at(-1)?.closing ?? 0) : position.balance;
  content.push({
    text: `${balance < 0 ? 'Credit' : 'Balance due'}: UGX ${Math.abs(balance).toLocaleString('en-US')}`,
    bold: true,
    fontSize: 11,
    margin: [0, 10, 0, 0],
  });
  return renderPdf({ pageSize: 'A4', pageMargins: [36, 36, 36, 36], content, info: { title } });
}

export function ledgerRoutes({ serve }: ModuleContext) {
  serve(feesLedger, async ({ id, scope }) => {
    const student = await studentOf(scope, id);
    const p = await studentPosition(scope, id);
    return {
      data: {
        student,
        terms: p.terms,
        lines: p.lines.map((l) => ({
          date: l.date,
          year: l.year,
          term: l.term,
          kind: l.kind,
          description: l.description,
          amount: l.amount,
          balance: l.balance,
          receipt_no: l.receiptNo ?? null,
          payment_id: l.paymentId ?? null,
        })),
        balance: p.balance,
      },
    };
  });

  serve(printLedger, async ({ input, scope, reply }) => {
    const student = await studentOf(scope, input.student_id);
    const p = await studentPosition(scope, input.student_id);
    const only = input.year && input.term ? { year: input.year, term: input.term } : undefined;
    const title = only ? `FEES LEDGER — TERM ${only.term} ${only.year}` : 'FEES LEDGER';
    const pdf = await ledgerPdf(scope, student, p, title, only);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="ledger-${student.admission_no.replace(/\W+/g, '-')}.pdf"`)
      .send(pdf);
  });

  serve(fullFeesLedger, async ({ id, scope, reply }) => {
    const student = await studentOf(scope, id);
    const p = await studentPosition(scope, id);
    const years = [...new Set(p.terms.map((t) => t.year))];
    const span = years.length ? `${years[0]}–${years.at(-1)}` : '';
    const pdf = await ledgerPdf(scope, student, p, `FULL FEES LEDGER ${span}`.trim());
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="full-ledger-${student.admission_no.replace(/\W+/g, '-')}.pdf"`)
      .send(pdf);
  });
}

/** A student's fees statement (the whole ledger) as PDF bytes and a title, for other areas (an e-mail's attachment). */
export async function feesStatementPdf(scope: SchoolScope, studentId: number) {
  const student = await studentOf(scope, studentId);
  const p = await studentPosition(scope, studentId);
  return { pdf: await ledgerPdf(scope, student, p, 'FEES STATEMENT'), title: `Fees statement ${student.name}` };
}
