import type ExcelJS from 'exceljs';
import { newWorkbook, sheetValue, toBuffer } from './spreadsheet.js';

/** A row of a sheet: its cells (each kept from running as a formula, `sheetValue`), and how it looks. */
export interface SheetRow {
  cells: unknown[];
  font?: Partial<ExcelJS.Font>;
  alignment?: Partial<ExcelJS.Alignment>;
}

/**
 * A sheet as plain data, so a workbook of many (a class's marksheet, the CA for UNEB, an analysis) is written in
 * the document workers rather than on the request thread.
 */
export interface SheetSpec {
  name: string;
  /** Frozen rows and columns, page set-up. */
  options?: Partial<ExcelJS.AddWorksheetOptions>;
  /** Column widths, from the first column. */
  widths?: number[];
  rows: SheetRow[];
  autoFilter?: ExcelJS.AutoFilter;
}

/** The workbook of `sheets`, in order, as .xlsx bytes. */
export async function workbookOf(sheets: SheetSpec[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name, spec.options);
    spec.widths?.forEach((width, i) => {
      sheet.getColumn(i + 1).width = width;
    });
    for (const { cells, font, alignment } of spec.rows) {
      const row = sheet.addRow(cells.map(sheetValue));
      if (font) row.font = font;
      if (alignment) row.alignment = alignment;
    }
    if (spec.autoFilter) sheet.autoFilter = spec.autoFilter;
  }
  return toBuffer(workbook);
}

/** How many rows the sheets hold (a workbook past `heavyRows` is a heavy document). */
export const rowsOf = (sheets: SheetSpec[]) => sheets.reduce((n, s) => n + s.rows.length, 0);
