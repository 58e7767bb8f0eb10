import type { Content, TableCell } from 'pdfmake/interfaces';
import { pdfImage, renderPdf, schoolContacts } from './pdf.js';
import type { SchoolForDocuments } from './types.js';

/** One staff member's payslip for a month, as the salary ledger has it. */
export interface Payslip {
  month: string;
  name: string;
  position: string | null;
  nssfNumber: string | null;
  tin: string | null;
  bank: string | null;
  paidOn: string;
  basic: number;
  allowances: { name: string; amount: number }[];
  gross: number;
  paye: number;
  /** Taxed as a non-resident (from the first shilling). */
  nonResident?: boolean;
  nssfEmployee: number;
  nssfEmployer: number;
  lst: number;
  deductions: { name: string; amount: number }[];
  advance: number;
  advanceOwed: number;
  net: number;
  /** The tax year to date (from July, this month included): gross pay, PAYE and the employee's NSSF. */
  yearToDate: { from: string; gross: number; paye: number; nssf: number };
}

const shillings = (n: number) => n.toLocaleString('en-GB');

/** An A4 page's printable box (points) and how the slips share it: two one above the other, or four in a grid. */
const page = { width: 595.28, height: 841.89, margin: 20 };
const gap = 16;

/** The slot of the `i`th slip of a page: two (full width, half height) or four (half by half). */
function slotOf(i: number, perPage: 2 | 4) {
  const inner = { w: page.width - 2 * page.margin, h: page.height - 2 * page.margin };
  const cols = perPage === 4 ? 2 : 1;
  const w = (inner.w - (cols - 1) * gap) / cols;
  const h = (inner.h - gap) / 2;
  return { x: page.margin + (i % cols) * (w + gap), y: page.margin + Math.floor(i / cols) * (h + gap), w, h };
}

/** One payslip in a slot of `width` points: the school, the person, earnings, deductions, net, the year to date. */
function slip(
  school: SchoolForDocuments,
  s: Payslip,
  { width, at, small }: { width: number; at: { x: number; y: number }; small: boolean },
): Content {
  const size = small ? 7.5 : 10;
  const amountWidth = small ? 58 : 80;
  const row = (label: string, amount: number, bold = false): TableCell[] => [
    { text: label, bold },
    { text: shillings(amount), alignment: 'right', bold },
  ];
  const figures = (body: TableCell[][]): Content => ({
    table: { widths: ['*', amountWidth], body },
    layout: 'lightHorizontalLines',
  });
  const deductions: TableCell[][] = [
    row(s.nonResident ? 'PAYE (non-resident)' : 'PAYE', s.paye),
    row('NSSF (5 %)', s.nssfEmployee),
    ...(s.lst ? [row('Local service tax', s.lst)] : []),
    ...s.deductions.filter((d) => d.amount > 0).map((d) => row(d.name, d.amount)),
    ...(s.advance ? [row('Salary advance', s.advance)] : []),
    row('Total deductions', s.gross - s.net, true),
  ];
  const logo = pdfImage(school.logo);
  const name: Content = {
    stack: [
      { text: school.name.toUpperCase(), bold: true, fontSize: size + 2.5 },
      { text: schoolContacts(school), fontSize: size - 1.5 },
      { text: `PAYSLIP: ${s.month.toUpperCase()}`, bold: true, fontSize: size + 1.5, margin: [0, 2, 0, 0] },
    ],
  };
  const heading: Content = logo
    ? {
        columns: [{ image: logo, fit: [small ? 26 : 36, small ? 26 : 36], width: small ? 28 : 40 }, name],
        columnGap: 6,
      }
    : name;
  const body: Content[] = [
    heading,
    {
      columns: [
        { stack: [{ text: s.name, bold: true, fontSize: size + 1 }, s.position ?? ''], width: '*' },
        {
          stack: [`NSSF No: ${s.nssfNumber ?? '—'}`, `TIN: ${s.tin ?? '—'}`, `Paid ${s.paidOn}`],
          width: 'auto',
          fontSize: size - 1,
        },
      ],
      margin: [0, 4, 0, 3],
    },
    { text: 'Earnings (UGX)', bold: true },
    figures([
      row('Basic salary', s.basic),
      ...s.allowances.map((a) => row(a.name, a.amount)),
      row('Gross pay', s.gross, true),
    ]),
    { text: 'Deductions (UGX)', bold: true, margin: [0, 3, 0, 0] },
    figures(deductions),
    {
      table: { widths: ['*', amountWidth], body: [row('NET PAY', s.net, true)] },
      layout: 'noBorders',
      fontSize: size + 2,
      margin: [0, 3, 0, 3],
    },
    { text: `Year to date, from ${s.yearToDate.from} (UGX)`, bold: true },
    {
      table: {
        widths: ['*', '*', '*'],
        body: [
          ['Gross pay', 'PAYE', 'NSSF (5 %)'].map((h) => ({ text: h, bold: true, alignment: 'right' as const })),
          [s.yearToDate.gross, s.yearToDate.paye, s.yearToDate.nssf].map((n) => ({
            text: shillings(n),
            alignment: 'right' as const,
          })),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      text: [
        `The school also pays NSSF of UGX ${shillings(s.nssfEmployer)} (10 %) for you.`,
        s.bank ? ` Paid to ${s.bank}.` : '',
        s.advanceOwed ? ` Salary advance still owed: UGX ${shillings(s.advanceOwed)}.` : '',
      ],
      fontSize: size - 1,
      color: '#4b5563',
      margin: [0, 3, 0, 0],
    },
  ];
  // A one-cell table holds the slip to its slot's width.
  return {
    table: { widths: [width], body: [[{ stack: body, fontSize: size }]] },
    layout: { defaultBorder: false, paddingLeft: () => 0, paddingRight: () => 0 },
    absolutePosition: at,
  };
}

/** A dashed line between slips, where the office cuts the page. */
function cutLines(perPage: 2 | 4): Content {
  const mid = { x: page.width / 2, y: page.height / 2 };
  const dash = { dash: { length: 3, space: 3 }, lineWidth: 0.5, lineColor: '#9ca3af' };
  return {
    canvas: [
      { type: 'line', x1: page.margin, y1: mid.y, x2: page.width - page.margin, y2: mid.y, ...dash },
      ...(perPage === 4
        ? [{ type: 'line' as const, x1: mid.x, y1: page.margin, x2: mid.x, y2: page.height - page.margin, ...dash }]
        : []),
    ],
    absolutePosition: { x: 0, y: 0 },
  };
}

/**
 * Payslips two or four to an A4 page (the school's setting), cut apart along the dashed lines: earnings,
 * each deduction, net pay, the year to date, the employer's NSSF and the advance owed.
 */
export function payslipsPdf(school: SchoolForDocuments, slips: Payslip[], perPage: 2 | 4 = 2): Promise<Buffer> {
  const content: Content[] = [];
  for (let first = 0; first < slips.length; first += perPage) {
    const onPage = slips.slice(first, first + perPage);
    content.push({ text: '', pageBreak: first ? 'before' : undefined });
    if (onPage.length > 1 || perPage === 4) content.push(cutLines(perPage));
    onPage.forEach((s, i) => {
      const slot = slotOf(i, perPage);
      content.push(slip(school, s, { width: slot.w, at: { x: slot.x, y: slot.y }, small: perPage === 4 }));
    });
  }
  return renderPdf({
    pageSize: 'A4',
    pageMargins: [page.margin, page.margin, page.margin, page.margin],
    info: { title: slips.length === 1 ? `Payslip ${slips[0]?.name}` : `Payslips ${slips[0]?.month ?? ''}` },
    defaultStyle: { fontSize: 8.5 },
    content: content.length ? content : [{ text: 'No salary paid for this month.' }],
  });
}
