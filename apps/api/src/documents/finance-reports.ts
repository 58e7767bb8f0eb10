import type { Content, TableCell } from 'pdfmake/interfaces';
import { dayMonthYear } from './format.js';
import { renderPdf, schoolHeader } from './pdf.js';
import { newWorkbook, sheetValue, toBuffer } from './spreadsheet.js';
import type { SchoolForDocuments } from './types.js';

/** A column of a finance report: money and dates keep their type in the spreadsheet and align right in print. */
export interface ReportColumn {
  header: string;
  key: string;
  kind?: 'text' | 'money' | 'date';
  width?: number;
}

/** A row of a report table; a totals row is bold (and shaded in print). */
export type ReportRow = Record<string, string | number | boolean | null | undefined> & { total?: boolean };

/** One table of a report, under its own heading. */
export interface ReportTable {
  heading?: string;
  /** A table of totals under the one before it (the surplus): no header row of its own. */
  noHeader?: boolean;
  columns: ReportColumn[];
  rows: ReportRow[];
}

/** "1 Mar 2026 to 31 Mar 2026". */
export const periodText = (from: string, to: string) => `${dayMonthYear(from)} to ${dayMonthYear(to)}`;

const moneyFormat = '#,##0;(#,##0)';

/**
 * The report as an .xlsx of one sheet: the title and period on top, then each table with its bold
 * header row; the first table's header is frozen with everything above it. Money cells are numbers,
 * dates are dates ("d mmm yyyy"), totals rows bold.
 */
export async function financeSheet(sheetName: string, title: string, period: string, tables: ReportTable[]) {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  const width = Math.max(...tables.map((t) => t.columns.length));
  sheet.addRow([title]).font = { bold: true, size: 13 };
  sheet.addRow([period]).font = { italic: true };
  const widths: number[] = [];
  let frozen = 0;
  for (const table of tables) {
    sheet.addRow([]);
    if (table.heading) sheet.addRow([table.heading]).font = { bold: true, size: 12 };
    if (!table.noHeader) {
      const header = sheet.addRow(table.columns.map((c) => c.header));
      header.font = { bold: true };
      header.eachCell((cell) => {
        cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
        cell.border = { bottom: { style: 'thin' } };
      });
      if (!frozen) frozen = header.number;
    }
    for (const record of table.rows) {
      const row = sheet.addRow(
        table.columns.map((c) => {
          const value = record[c.key];
          if (c.kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
            return new Date(`${value}T00:00:00Z`);
          return sheetValue(value);
        }),
      );
      table.columns.forEach((c, i) => {
        const cell = row.getCell(i + 1);
        if (c.kind === 'money') cell.numFmt = moneyFormat;
        if (c.kind === 'date') cell.numFmt = 'd mmm yyyy';
      });
      if (record.total) row.font = { bold: true };
    }
    table.columns.forEach((c, i) => {
      const longest = Math.max(
        c.header.length,
        ...table.rows.slice(0, 500).map((r) => String(r[c.key] ?? '').length + 3),
      );
      widths[i] = Math.max(widths[i] ?? 8, c.width ?? Math.min(45, longest + 2));
    });
  }
  for (let i = 0; i < width; i++) sheet.getColumn(i + 1).width = widths[i] ?? 10;
  sheet.views = [{ state: 'frozen', ySplit: frozen || 1 }];
  return toBuffer(workbook);
}

const shown = (value: string | number | boolean | null | undefined, kind: ReportColumn['kind']) => {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'money' && typeof value === 'number')
    return value < 0 ? `(${Math.abs(value).toLocaleString('en-US')})` : value.toLocaleString('en-US');
  if (kind === 'date' && typeof value === 'string') return dayMonthYear(value);
  return String(value);
};

/** The report as an A4 PDF with the school's header, the period, then each table (totals rows bold). */
export async function financePdf(
  school: SchoolForDocuments,
  title: string,
  period: string,
  tables: ReportTable[],
  landscape = false,
) {
  const content: Content[] = [
    schoolHeader(school, title),
    { text: period, alignment: 'center', fontSize: 9, margin: [0, -4, 0, 8] },
  ];
  for (const table of tables) {
    if (table.heading) content.push({ text: table.heading, bold: true, fontSize: 10, margin: [0, 8, 0, 3] });
    const body: TableCell[][] = table.noHeader
      ? []
      : [
          table.columns.map((c) => ({
            text: c.header,
            bold: true,
            alignment: c.kind === 'money' ? 'right' : 'left',
            fillColor: '#e8eef4',
          })),
        ];
    for (const r of table.rows)
      body.push(
        table.columns.map((c) => ({
          text: shown(r[c.key], c.kind),
          alignment: c.kind === 'money' ? 'right' : 'left',
          bold: Boolean(r.total),
          fillColor: r.total ? '#f3f3f3' : undefined,
        })),
      );
    if (!table.rows.length)
      body.push(table.columns.map((_, i) => ({ text: i === 0 ? 'Nothing in this period.' : '', italics: true })));
    content.push({
      table: {
        headerRows: table.noHeader ? 0 : 1,
        // Money and dates at a set width, short text (codes, types, months) by its width in characters.
        widths: table.columns.map((c) =>
          c.kind === 'money' ? 62 : c.kind === 'date' ? 58 : c.width && c.width <= 12 ? c.width * 5 : '*',
        ),
        body,
      },
      layout: 'lightHorizontalLines',
      fontSize: 8,
    });
  }
  return renderPdf({
    pageSize: 'A4',
    pageOrientation: landscape ? 'landscape' : 'portrait',
    pageMargins: [36, 36, 36, 40],
    content,
    footer: (page, pages) => ({
      text: `Page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 7,
      margin: [0, 10, 0, 0],
    }),
    info: { title },
  });
}
