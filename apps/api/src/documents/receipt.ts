import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { dayMonthYear, kampalaDateTime } from './format.js';
import { pdfImage, renderPdf, schoolHeader } from './pdf.js';
import type { SchoolForDocuments } from './types.js';

const ones = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const scales = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 0–999 in words: "five hundred and twenty-one". */
function hundreds(n: number): string {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) parts.push(`${ones[h]} hundred`);
  if (rest) {
    const words = rest < 20 ? ones[rest] : `${tens[Math.floor(rest / 10)]}${rest % 10 ? `-${ones[rest % 10]}` : ''}`;
    parts.push(h ? `and ${words}` : words);
  }
  return parts.join(' ');
}

/** A whole number in British English: 1_250_000 → "one million two hundred and fifty thousand". */
export function numberInWords(value: number): string {
  let n = Math.floor(Math.abs(value));
  if (n === 0) return 'zero';
  const groups: number[] = [];
  while (n > 0) {
    groups.push(n % 1000);
    n = Math.floor(n / 1000);
  }
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (!g) continue;
    // "one million and fifty": a last group under a hundred after larger ones takes "and".
    const prefix = i === 0 && g < 100 && groups.length > 1 ? 'and ' : '';
    words.push(`${prefix}${hundreds(g)}${scales[i] ? ` ${scales[i]}` : ''}`);
  }
  return `${value < 0 ? 'minus ' : ''}${words.join(' ')}`;
}

/** An amount of Uganda shillings as a receipt writes it: "Five hundred thousand shillings only". */
export function shillingsInWords(amount: number): string {
  const words = numberInWords(amount);
  return `${words[0]!.toUpperCase()}${words.slice(1)} shilling${Math.abs(amount) === 1 ? '' : 's'} only`;
}

/** 1500000 → "1,500,000". */
export const shillings = (amount: number) => amount.toLocaleString('en-US');

/** What a receipt shows (fees or old-student). */
export interface ReceiptDocument {
  title: string;
  receiptNo: number;
  studentName: string;
  admissionNo: string | null;
  className: string | null;
  amount: number;
  paidOn: string;
  modeName: string;
  reference: string | null;
  payer: string | null;
  /** What is owed after this payment (negative: credit); null when not known. */
  balanceAfter: number | null;
  cashierName: string;
  issuedAt: Date;
  term: string | null;
  voided: { reason: string | null; by: string | null } | null;
}

const balanceText = (balance: number) =>
  balance < 0 ? `UGX ${shillings(-balance)} (credit)` : `UGX ${shillings(balance)}`;

function receiptRows(r: ReceiptDocument): [string, string][] {
  const rows: [string, string][] = [
    ['Receipt No.', String(r.receiptNo)],
    ['Date', dayMonthYear(r.paidOn)],
    ['Student', r.studentName],
  ];
  if (r.admissionNo) rows.push(['Admission No.', r.admissionNo]);
  if (r.className) rows.push(['Class', r.className]);
  if (r.term) rows.push(['Term', r.term]);
  rows.push(['Amount', `UGX ${shillings(r.amount)}`], ['In words', shillingsInWords(r.amount)]);
  rows.push(['Mode', r.modeName]);
  if (r.reference) rows.push(['Reference', r.reference]);
  if (r.payer) rows.push(['Paid by', r.payer]);
  if (r.balanceAfter !== null) rows.push(['Balance', balanceText(r.balanceAfter)]);
  rows.push(['Received by', r.cashierName]);
  if (r.voided) rows.push(['VOID', r.voided.reason ? `Voided: ${r.voided.reason}` : 'Voided']);
  return rows;
}

/** The receipt: A5 portrait by default, or an 80 mm thermal roll (the school's receipt_format). */
export function receiptPdf(
  school: SchoolForDocuments,
  r: ReceiptDocument,
  format: 'a5' | 'thermal' = 'a5',
): Promise<Buffer> {
  const rows = receiptRows(r);
  const watermark = r.voided ? { text: 'VOID', color: '#c0392b', opacity: 0.25, bold: true } : undefined;
  if (format === 'thermal') {
    // 80 mm paper prints about 72 mm: 204 points wide; the height grows with the content.
    const logo = pdfImage(school.logo);
    const content: Content[] = [];
    if (logo) content.push({ image: logo, fit: [48, 48], alignment: 'center', margin: [0, 0, 0, 3] });
    content.push(
      { text: school.name.toUpperCase(), bold: true, fontSize: 9, alignment: 'center' },
      ...(school.phone ? [{ text: school.phone, fontSize: 7, alignment: 'center' as const }] : []),
      { text: r.title.toUpperCase(), bold: true, fontSize: 8.5, alignment: 'center', margin: [0, 4, 0, 4] },
      ...rows.map(
        ([label, value]): Content => ({
          columns: [
            { width: 62, text: label, fontSize: 7.5, bold: true },
            { width: '*', text: value, fontSize: 7.5 },
          ],
          margin: [0, 0, 0, 2],
        }),
      ),
      { text: `Printed ${kampalaDateTime(r.issuedAt)}`, fontSize: 6.5, alignment: 'center', margin: [0, 6, 0, 0] },
    );
    const height = 150 + rows.length * 16 + (logo ? 52 : 0);
    const doc: TDocumentDefinitions = {
      pageSize: { width: 226, height },
      pageMargins: [11, 10, 11, 10],
      content,
      ...(watermark ? { watermark: { ...watermark, fontSize: 60 } } : {}),
      info: { title: `Receipt ${r.receiptNo}` },
    };
    return renderPdf(doc);
  }
  const doc: TDocumentDefinitions = {
    pageSize: 'A5',
    pageMargins: [30, 28, 30, 28],
    content: [
      schoolHeader(school, r.title),
      {
        table: {
          widths: [100, '*'],
          body: rows.map(([label, value]) => [
            { text: label, bold: true, fontSize: 9 },
            { text: value, fontSize: label === 'Amount' ? 11 : 9, bold: label === 'Amount' },
          ]),
        },
        layout: 'lightHorizontalLines',
      },
      {
        columns: [
          { text: `Printed ${kampalaDateTime(r.issuedAt)}`, fontSize: 7 },
          { text: 'Signature: ____________________', fontSize: 8, alignment: 'right' },
        ],
        margin: [0, 24, 0, 0],
      },
    ],
    ...(watermark ? { watermark: { ...watermark, fontSize: 110 } } : {}),
    info: { title: `Receipt ${r.receiptNo}` },
  };
  return renderPdf(doc);
}
