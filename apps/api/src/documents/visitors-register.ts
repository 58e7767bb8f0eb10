import type { TableCell } from 'pdfmake/interfaces';
import { dayMonthYear, kampalaDateTime } from './format.js';
import { renderPdf, schoolHeader } from './pdf.js';
import type { SchoolForDocuments } from './types.js';

export interface RegisterLine {
  timeIn: Date;
  timeOut: Date | null;
  stay: string;
  visitor: string;
  phone: string;
  id: string;
  visited: string;
  purpose: string;
}

const grey = '#4b5563';
/** "Tue 10 Mar 2026, 09:00" without the weekday and year the heading already gives: "10 Mar, 09:00". */
const short = (d: Date) =>
  kampalaDateTime(d)
    .replace(/^\w{3} /, '')
    .replace(/ \d{4},/, ',');

/** The visitors book of a date range as printed at the gate: A4 landscape, a line per visit. */
export function visitorsRegisterPdf(
  school: SchoolForDocuments,
  range: { from: string; to: string },
  summary: string,
  lines: RegisterLine[],
): Promise<Buffer> {
  const head = ['Time in', 'Visitor', 'Phone', 'ID', 'Visited', 'Purpose', 'Time out', 'Stay'].map(
    (text): TableCell => ({ text, bold: true, fillColor: '#e5e7eb' }),
  );
  const body: TableCell[][] = [
    head,
    ...lines.map((l) => [
      short(l.timeIn),
      l.visitor,
      l.phone,
      l.id,
      l.visited,
      l.purpose,
      l.timeOut ? short(l.timeOut) : { text: 'Still in', bold: true },
      l.stay,
    ]),
  ];
  return renderPdf({
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 32],
    info: { title: `Visitors book ${range.from} to ${range.to}` },
    defaultStyle: { fontSize: 8 },
    footer: (page, pages) => ({ text: `Page ${page} of ${pages}`, alignment: 'center', fontSize: 7, color: grey }),
    content: [
      schoolHeader(school, `Visitors book: ${dayMonthYear(range.from)} to ${dayMonthYear(range.to)}`),
      { text: summary, bold: true, margin: [0, 0, 0, 6] },
      {
        table: { headerRows: 1, widths: [58, 95, 58, 70, 105, '*', 58, 42], body },
        layout: 'lightHorizontalLines',
      },
    ],
  });
}
