import type ExcelJS from 'exceljs';
import { Invalid } from '../core/errors.js';
import type { SheetColumn } from './types.js';

export { decodeUpload } from './upload.js';

// Excel would run these as formulas if the sheet were retyped or saved as CSV; the apostrophe keeps them text.
const formulaStart = /^[=+\-@]/;
const neutralised = /^'[=+\-@]/;

/** An .xlsx of one sheet: bold frozen header with filters, then one row per record. */
export async function writeSheet(
  sheetName: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
): Promise<Buffer> {
  const workbook = await newWorkbook();
  addTable(workbook, sheetName, columns, rows);
  return toBuffer(workbook);
}

/** An import template: the header row, example rows in grey italics, and a "Notes" sheet of instructions. */
export async function templateSheet(
  sheetName: string,
  columns: SheetColumn[],
  example: Record<string, unknown>[],
  notes: string[],
): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = addTable(workbook, sheetName, columns, example);
  for (let i = 0; i < example.length; i++) {
    sheet.getRow(i + 2).font = { italic: true, color: { argb: 'FF808080' } };
  }
  const notesSheet = workbook.addWorksheet('Notes');
  notesSheet.getColumn(1).width = 100;
  for (const note of notes) notesSheet.addRow([sheetValue(note)]).alignment = { wrapText: true };
  return toBuffer(workbook);
}

/**
 * The first sheet of an uploaded .xlsx: headers in snake_case and each non-empty row's cells as trimmed
 * text keyed by header, with the sheet's own row numbers so errors can name the line to fix.
 */
export async function readSheet(
  data: Buffer,
): Promise<{ headers: string[]; rows: { row: number; values: Record<string, string> }[] }> {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new Invalid('data', 'This is not an .xlsx file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Invalid('data', 'This is not an .xlsx file');

  const columns = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, column) => {
    let header = snakeCase(cellText(cell.value));
    if (!header) return;
    for (let n = 2; [...columns.values()].includes(header); n++) header = `${snakeCase(cellText(cell.value))}_${n}`;
    columns.set(column, header);
  });

  const rows: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    for (const [column, header] of columns) values[header] = readValue(cellText(row.getCell(column).value));
    if (Object.values(values).some(Boolean)) rows.push({ row: rowNumber, values });
  });
  return { headers: [...columns.values()], rows };
}

/** "Admission No." → "admission_no", "dateOfBirth" → "date_of_birth". */
export function snakeCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** exceljs takes a tenth of a second to load: it is loaded by the first spreadsheet, not at start-up. */
let loaded: Promise<typeof ExcelJS> | undefined;
const excel = () => {
  loaded ??= import('exceljs').then((m) => m.default);
  return loaded;
};

async function newWorkbook() {
  const workbook = new (await excel()).Workbook();
  workbook.creator = 'Somero';
  workbook.created = new Date();
  return workbook;
}

function addTable(
  workbook: ExcelJS.Workbook,
  sheetName: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
) {
  const sheet = workbook.addWorksheet(safeSheetName(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width ?? fittingWidth(column, rows),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const record of rows) {
    const row = sheet.addRow(Object.fromEntries(columns.map(({ key }) => [key, sheetValue(record[key])])));
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd';
    });
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows.length + 1, column: Math.max(columns.length, 1) } };
  return sheet;
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A record's value as a cell: numbers, dates and yes/no keep their type; text is kept from running as a formula. */
function sheetValue(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'boolean' || value instanceof Date) return value;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return formulaStart.test(text) ? `'${text}` : text;
}

// Excel sheet names: at most 31 characters, none of \ / ? * [ ] :
function safeSheetName(name: string): string {
  return (
    name
      .replace(/[\\/?*[\]:]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1'
  );
}

function fittingWidth(column: SheetColumn, rows: Record<string, unknown>[]): number {
  let longest = column.header.length;
  for (const record of rows.slice(0, 500)) {
    const value = record[column.key];
    const shown = value instanceof Date ? 10 : String(value ?? '').length;
    longest = Math.max(longest, shown);
  }
  return Math.min(50, Math.max(8, longest + 2));
}

/** A cell as the text a person sees in it. */
function cellText(value: ExcelJS.CellValue | unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  // Fifteen significant digits, as Excel shows them: 0.1 + 0.2 reads "0.3" and 12.0 reads "12".
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((run) => run.text).join('');
    if ('result' in value) return cellText(value.result);
    if ('formula' in value || 'sharedFormula' in value) return '';
    if ('text' in value) return cellText(value.text);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

// Our own exports neutralise formulas; reading them back gives the value that was exported.
function readValue(text: string): string {
  const trimmed = text.trim();
  return neutralised.test(trimmed) ? trimmed.slice(1) : trimmed;
}
