import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { today } from '../core/dates.js';
import { dayMonthYear } from './format.js';
import { renderPdf, schoolHeader } from './pdf.js';
import type { SchoolForDocuments } from './types.js';

/** One student's demand note: who, what is owed by category, and how to pay. */
export interface DemandNote {
  name: string;
  admissionNo: string;
  className: string;
  streamName: string | null;
  paymentCode: string | null;
  year: number;
  term: number;
  /** The term's categories after payments were shared out (the same figures as the fees summary). */
  lines: { name: string; expected: number; collected: number; outstanding: number }[];
  /** What the student owes now: the ledger's balance. */
  balance: number;
}

const ugx = (n: number) => `${n < 0 ? '-' : ''}${Math.abs(n).toLocaleString('en-US')}`;

function page(
  note: DemandNote,
  school: SchoolForDocuments,
  instructions: string | null,
  dueOn: string | null,
): Content[] {
  const cell = (text: string, extra: object = {}) => ({ text, fontSize: 9, ...extra });
  const money = (n: number, bold = false) => cell(ugx(n), { alignment: 'right', bold });
  const totals = note.lines.reduce(
    (a, l) => ({ expected: a.expected + l.expected, collected: a.collected + l.collected }),
    { expected: 0, collected: 0 },
  );
  const owes = note.balance > 0;
  return [
    schoolHeader(school, `Fees demand note · Term ${note.term} ${note.year}`),
    {
      columns: [
        {
          stack: [
            { text: [{ text: 'Student: ', bold: true }, note.name] },
            { text: [{ text: 'Admission No: ', bold: true }, note.admissionNo] },
            {
              text: [
                { text: 'Class: ', bold: true },
                note.streamName ? `${note.className} ${note.streamName}` : note.className,
              ],
            },
          ],
        },
        {
          stack: [
            { text: [{ text: 'Payment code: ', bold: true }, note.paymentCode ?? '—'] },
            { text: [{ text: 'Date: ', bold: true }, dayMonthYear(today())] },
            ...(dueOn ? [{ text: [{ text: 'Pay by: ', bold: true }, dayMonthYear(dueOn)] }] : []),
          ],
          alignment: 'right',
        },
      ],
      fontSize: 10,
      margin: [0, 0, 0, 12],
    },
    { text: 'Dear Parent / Guardian,', fontSize: 10, margin: [0, 0, 0, 4] },
    {
      text: owes
        ? `Our records show that the fees account of the above student stands as follows. Kindly clear the balance of UGX ${ugx(note.balance)}.`
        : 'Our records show that the fees account of the above student is fully paid. Thank you.',
      fontSize: 10,
      margin: [0, 0, 0, 10],
    },
    {
      table: {
        headerRows: 1,
        widths: ['*', 90, 90, 90],
        body: [
          [
            cell('Item', { bold: true }),
            cell('Expected (UGX)', { bold: true, alignment: 'right' }),
            cell('Paid (UGX)', { bold: true, alignment: 'right' }),
            cell('Balance (UGX)', { bold: true, alignment: 'right' }),
          ],
          ...note.lines.map((l) => [cell(l.name), money(l.expected), money(l.collected), money(l.outstanding)]),
          [
            cell('TOTAL', { bold: true }),
            money(totals.expected, true),
            money(totals.collected, true),
            money(note.balance, true),
          ],
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 14],
    },
    { text: 'How to pay', bold: true, fontSize: 10, margin: [0, 0, 0, 3] },
    {
      text: [
        instructions?.trim() || 'Pay at the school bursar’s office.',
        note.paymentCode ? `\nQuote the student’s payment code ${note.paymentCode} with every payment.` : '',
      ],
      fontSize: 9.5,
      margin: [0, 0, 0, 24],
    },
    {
      columns: [
        { text: '……………………………\nBursar', fontSize: 9 },
        { text: '……………………………\nHead Teacher', fontSize: 9, alignment: 'right' },
      ],
    },
  ];
}

/** All the demand notes as one PDF, one A4 page per student. */
export function demandNotesPdf(
  school: SchoolForDocuments,
  notes: DemandNote[],
  instructions: string | null,
  dueOn: string | null = null,
): Promise<Buffer> {
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 36, 40, 36],
    info: { title: 'Fees demand notes' },
    content: notes.map((note, i) => ({
      stack: page(note, school, instructions, dueOn),
      ...(i > 0 ? { pageBreak: 'before' as const } : {}),
    })),
  };
  return renderPdf(doc);
}
