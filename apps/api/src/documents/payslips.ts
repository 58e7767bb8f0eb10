import type { Content, TableCell } from 'pdfmake/interfaces';
import { renderPdf, schoolHeader } from './pdf.js';
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
}

const shillings = (n: number) => n.toLocaleString('en-GB');
const row = (label: string, amount: number, bold = false): TableCell[] => [
  { text: label, bold },
  { text: shillings(amount), alignment: 'right', bold },
];

/** Payslips, one to an A5 page: earnings, each deduction, net pay, the employer's NSSF and the advance owed. */
export function payslipsPdf(school: SchoolForDocuments, slips: Payslip[]): Promise<Buffer> {
  const pages: Content[] = slips.map((s, i) => {
    const deductions: TableCell[][] = [
      row(s.nonResident ? 'PAYE (non-resident)' : 'PAYE', s.paye),
      row('NSSF (5 %)', s.nssfEmployee),
      ...(s.lst ? [row('Local service tax', s.lst)] : []),
      ...s.deductions.filter((d) => d.amount > 0).map((d) => row(d.name, d.amount)),
      ...(s.advance ? [row('Salary advance', s.advance)] : []),
    ];
    const totalDeductions = s.gross - s.net;
    return {
      pageBreak: i ? 'before' : undefined,
      stack: [
        schoolHeader(school, `Payslip: ${s.month}`),
        {
          columns: [
            { stack: [{ text: s.name, bold: true, fontSize: 11 }, s.position ?? ''], width: '*' },
            {
              stack: [
                `NSSF No: ${s.nssfNumber ?? '—'}`,
                `TIN: ${s.tin ?? '—'}`,
                `Paid ${s.paidOn}${s.bank ? ` to ${s.bank}` : ''}`,
              ],
              width: 'auto',
              fontSize: 8,
            },
          ],
          margin: [0, 0, 0, 8],
        },
        { text: 'Earnings (UGX)', bold: true, margin: [0, 4, 0, 2] },
        {
          table: {
            widths: ['*', 90],
            body: [
              row('Basic salary', s.basic),
              ...s.allowances.map((a) => row(a.name, a.amount)),
              row('Gross pay', s.gross, true),
            ],
          },
          layout: 'lightHorizontalLines',
        },
        { text: 'Deductions (UGX)', bold: true, margin: [0, 8, 0, 2] },
        {
          table: { widths: ['*', 90], body: [...deductions, row('Total deductions', totalDeductions, true)] },
          layout: 'lightHorizontalLines',
        },
        {
          table: { widths: ['*', 90], body: [row('NET PAY', s.net, true)] },
          layout: 'noBorders',
          fontSize: 12,
          margin: [0, 8, 0, 6],
        },
        {
          text: [
            `The school also pays NSSF of UGX ${shillings(s.nssfEmployer)} (10 %) for you.`,
            s.advanceOwed ? ` Salary advance still owed: UGX ${shillings(s.advanceOwed)}.` : '',
          ],
          fontSize: 8,
          color: '#4b5563',
        },
      ],
    };
  });
  return renderPdf({
    pageSize: 'A5',
    pageMargins: [28, 24, 28, 24],
    info: { title: slips.length === 1 ? `Payslip ${slips[0]?.name}` : `Payslips ${slips[0]?.month ?? ''}` },
    defaultStyle: { fontSize: 9 },
    content: pages.length ? pages : [{ text: 'No salary paid for this month.' }],
  });
}
