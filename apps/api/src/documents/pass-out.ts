import { phoneDisplay } from '@somero/contract';
import type { Column, Content, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import { initials, kampalaDateTime } from './format.js';
import { pdfImage, renderPdf, schoolHeader } from './pdf.js';
import type { PassOutDocument, SchoolForDocuments } from './types.js';

const blank = '_______________________';
const shortBlank = '________________';
const grey = '#4b5563';

// A pass that is over must not be mistaken at the gate for one still in force.
const finalStatuses: Record<string, { colour: string }> = {
  RETURNED: { colour: '#15803d' },
  CANCELLED: { colour: '#b91c1c' },
};

/** The printed gate pass for one exit from school: A5 portrait, one page. */
export function passOutPdf(school: SchoolForDocuments, pass: PassOutDocument): Promise<Buffer> {
  const status = pass.status.toUpperCase();
  const final = finalStatuses[status];
  return renderPdf({
    pageSize: 'A5',
    pageMargins: [28, 24, 28, 24],
    info: { title: `Pass out No. ${passNumber(pass.passNo)}` },
    defaultStyle: { fontSize: 9 },
    watermark: final ? { text: status, color: final.colour, opacity: 0.12, bold: true } : undefined,
    content: [
      schoolHeader(school, 'Student pass out'),
      {
        columns: [
          { text: `PASS OUT No. ${passNumber(pass.passNo)}`, bold: true, fontSize: 13, width: '*' },
          statusBox(status, final?.colour ?? grey),
        ],
        margin: [0, 0, 0, 8],
      },
      {
        columns: [
          photo(pass),
          fields([
            ['Name', pass.studentName],
            ['Adm No', pass.admissionNo],
            ['Class', pass.className],
          ]),
        ],
        columnGap: 10,
      },
      section('Exit'),
      fields([
        ['Type', pass.type],
        ['Reason', pass.reason],
        ['Destination', pass.destination ?? blank],
        ['Time out', kampalaDateTime(pass.timeOut)],
        ['Expected back', kampalaDateTime(pass.expectedReturn)],
      ]),
      section('Collected by'),
      fields([
        ['Name', pass.collectorName ?? blank],
        ['Relationship', pass.collectorRelationship ?? blank],
        ['Phone', pass.collectorPhone ? phoneDisplay(pass.collectorPhone) : blank],
        ['ID / NIN', pass.collectorIdNo ?? blank],
      ]),
      section('Authorised by'),
      {
        columns: [
          { text: pass.authorisedBy, bold: true, width: '*' },
          { text: `Signature ${shortBlank}`, width: 'auto', margin: [8, 0, 0, 0] },
        ],
      },
      section('At the gate'),
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            [{ text: ['Left on ', blank] }, { text: `Guard ${shortBlank}`, alignment: 'right' }],
            [
              {
                text: pass.returnedAt
                  ? [{ text: 'Returned on ' }, { text: kampalaDateTime(pass.returnedAt), bold: true }]
                  : ['Returned on ', blank],
              },
              { text: `Guard ${shortBlank}`, alignment: 'right' },
            ],
          ],
        },
        layout: boxed,
      },
      {
        text: 'Show this pass at the gate when leaving and when coming back.',
        italics: true,
        fontSize: 7.5,
        color: grey,
        alignment: 'center',
        margin: [0, 10, 0, 0],
      },
    ],
  });
}

/** Pass numbers are printed six digits wide, as on a receipt book: 123 → "000123". */
export function passNumber(passNo: number): string {
  return String(passNo).padStart(6, '0');
}

function statusBox(status: string, colour: string): Column {
  return {
    width: 'auto',
    table: { body: [[{ text: status, bold: true, fontSize: 12, color: colour, margin: [4, 0, 4, 0] }]] },
    layout: { hLineColor: () => colour, vLineColor: () => colour, hLineWidth: () => 1.2, vLineWidth: () => 1.2 },
  };
}

function section(title: string): Content {
  return { text: title.toUpperCase(), bold: true, fontSize: 8, color: grey, margin: [0, 9, 0, 2] };
}

function fields(rows: [string, string][]): Column {
  const body: TableCell[][] = rows.map(([label, value]) => [
    { text: label, color: grey },
    { text: value, bold: value !== blank },
  ]);
  return { width: '*', table: { widths: [70, '*'], body }, layout: rowLines };
}

function photo(pass: PassOutDocument): Column {
  const image = pdfImage(pass.photo);
  if (image) return { width: 72, image, fit: [72, 72] };
  return {
    width: 72,
    table: {
      widths: [70],
      heights: [70],
      body: [
        [
          {
            text: initials(pass.studentName),
            bold: true,
            fontSize: 22,
            color: '#6b7280',
            fillColor: '#e5e7eb',
            alignment: 'center',
            verticalAlignment: 'middle',
          },
        ],
      ],
    },
    layout: { ...boxed, paddingTop: () => 0, paddingBottom: () => 0, paddingLeft: () => 0, paddingRight: () => 0 },
  };
}

const rowLines: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : 0.4),
  vLineWidth: () => 0,
  hLineColor: () => '#d1d5db',
  paddingLeft: () => 0,
  paddingTop: () => 3.5,
  paddingBottom: () => 3.5,
};

const boxed: CustomTableLayout = {
  hLineWidth: () => 0.6,
  vLineWidth: () => 0.6,
  hLineColor: () => '#6b7280',
  vLineColor: () => '#6b7280',
  paddingTop: () => 7,
  paddingBottom: () => 7,
};
