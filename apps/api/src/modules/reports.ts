import type { FastifyReply } from 'fastify';
import { Invalid } from '../core/errors.js';
import { heavyRows, renderDocument } from '../documents/heavy.js';
import type { SheetColumn } from '../documents/types.js';

/** The longest range a report covers: two years. */
const maxDays = 731;

/** A report's date range: the end not before the start, and at most two years. */
export function checkRange(from: string, to: string) {
  if (from > to) throw new Invalid('to', 'The end date is before the start date');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > maxDays) throw new Invalid('to', 'Choose at most two years');
}

/**
 * Sends a report as a spreadsheet: the table, then a totals row. It is written in the document workers, a long
 * one within the school's limit of heavy documents.
 */
export async function sendSheet(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
) {
  const sheet = await renderDocument(reply, rows.length > heavyRows, 'sheet', sheetName, columns, rows);
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(sheet);
}
