import type ExcelJS from 'exceljs';
import { now } from '../core/dates.js';
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

/** The font of a template's example rows; the reader never imports a row written in it. */
const exampleFont = { italic: true, color: { argb: 'FF808080' } };

/**
 * An import template: the data sheet holds only the header row, to be filled; the "Notes" sheet holds the
 * instructions and, below them, the example rows in grey italics. The reader reads the first sheet only,
 * so an example can never be imported (and a grey example row copied onto the data sheet is refused).
 */
export async function templateSheet(
  sheetName: string,
  columns: SheetColumn[],
  example: Record<string, unknown>[],
  notes: string[],
): Promise<Buffer> {
  const workbook = await newWorkbook();
  const data = addTable(workbook, sheetName, columns, []);
  for (const [i, column] of columns.entries())
    data.getColumn(i + 1).width = column.width ?? fittingWidth(column, example);
  const notesSheet = workbook.addWorksheet('Notes');
  notesSheet.getColumn(1).width = 100;
  for (const note of notes) notesSheet.addRow([sheetValue(note)]).alignment = { wrapText: true };
  if (example.length) {
    notesSheet.addRow([]);
    notesSheet.addRow([`An example of how to fill the ${sheetName} sheet (this Notes sheet is never imported):`]).font =
      { bold: true };
    notesSheet.addRow(columns.map((c) => c.header)).font = { bold: true };
    for (const record of example) {
      notesSheet.addRow(columns.map(({ key }) => sheetValue(record[key]))).font = exampleFont;
    }
  }
  return toBuffer(workbook);
}

/** Whether a cell is written in the template's example font (grey italics). */
function inExampleFont(cell: ExcelJS.Cell) {
  const font = cell.font;
  return Boolean(font?.italic) && font?.color?.argb === exampleFont.color.argb;
}

/**
 * The first sheet of an uploaded .xlsx: headers in snake_case and each non-empty row's cells as trimmed
 * text keyed by header, with the sheet's own row numbers so errors can name the line to fix. Rows written
 * wholly in the templates' grey example font (an older template's example row, left in) come apart in
 * `examples` and are never among `rows`.
 */
export async function readSheet(data: Buffer): Promise<{
  headers: string[];
  rows: { row: number; values: Record<string, string> }[];
  examples: number[];
}> {
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
  const examples: number[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    let filled = 0;
    let grey = 0;
    for (const [column, header] of columns) {
      const cell = row.getCell(column);
      values[header] = readValue(cellText(cell.value));
      if (!values[header]) continue;
      filled += 1;
      if (inExampleFont(cell)) grey += 1;
    }
    if (!filled) return;
    if (grey === filled) examples.push(rowNumber);
    else rows.push({ row: rowNumber, values });
  });
  return { headers: [...columns.values()], rows, examples };
}

/** The refusal of an import with nothing to import: no rows, or only example rows. */
export const nothingToImport = (examples: number[]) =>
  examples.length
    ? "Nothing to import: the file holds only the template's grey example row, which is never imported. Add your own rows below the headings."
    : 'Nothing to import: the file has no rows below the headings.';

/**
 * What an import must refuse before it reads any row: nothing to import, or example rows left in (each
 * named, since the import is all or nothing). `isExample` also catches a template's example typed or
 * pasted without its grey font. Null when the rows may be read.
 */
export function exampleRefusals(
  sheet: { rows: { row: number; values: Record<string, string> }[]; examples: number[] },
  isExample: (values: Record<string, string>) => boolean = () => false,
  /** Whom the rows are about, for the example's refusal ("not one of your staff"). */
  rowsOf = 'students',
): { row: number; errors: string[] }[] | null {
  const examples = [...sheet.examples, ...sheet.rows.filter((r) => isExample(r.values)).map((r) => r.row)].sort(
    (a, b) => a - b,
  );
  if (sheet.rows.length + sheet.examples.length === examples.length)
    return [{ row: 1, errors: [nothingToImport(examples)] }];
  if (examples.length)
    return examples.map((row) => ({
      row,
      errors: [`This is the template's example row: delete it, it is not one of your ${rowsOf}`],
    }));
  return null;
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

export async function newWorkbook() {
  const workbook = new (await excel()).Workbook();
  workbook.creator = 'Somero';
  workbook.created = now();
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

export async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A record's value as a cell: numbers, dates and yes/no keep their type; text is kept from running as a formula. */
export function sheetValue(value: unknown): ExcelJS.CellValue {
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
