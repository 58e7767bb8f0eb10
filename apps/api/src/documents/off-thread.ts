import { PDFDocument } from 'pdf-lib';
import { demandNotesPdf } from './demand-notes.js';
import { financePdf, financeSheet } from './finance-reports.js';
import { idCardsPdf } from './id-cards.js';
import { payslipsPdf } from './payslips.js';
import { renderPdf } from './pdf.js';
import { renderReportCards, withheldListDocument } from './report-card.js';
import { writeSheet } from './spreadsheet.js';
import { visitorsRegisterPdf } from './visitors-register.js';
import { workbookOf } from './workbook.js';

/**
 * PDFs one after another as one PDF (parts rendered side by side in the workers), under the first part's title
 * (the title a browser's tab shows).
 */
export async function mergePdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = await PDFDocument.create();
  for (const [i, bytes] of parts.entries()) {
    const part = await PDFDocument.load(bytes, { updateMetadata: false });
    if (i === 0) {
      const title = part.getTitle();
      if (title) out.setTitle(title);
    }
    for (const copied of await out.copyPages(part, part.getPageIndices())) out.addPage(copied);
  }
  out.setCreator('Somero');
  out.setProducer('Somero');
  return out.save();
}

/**
 * The work the document workers do, by name. A document definition holds functions (table layouts), which
 * cannot cross to a worker, so the worker builds the document from the data sent, then renders it.
 */
export const offThreadWork = {
  reportCards: renderReportCards,
  withheldList: (...args: Parameters<typeof withheldListDocument>) => renderPdf(withheldListDocument(...args)),
  mergePdfs,
  idCards: idCardsPdf,
  demandNotes: demandNotesPdf,
  payslips: payslipsPdf,
  visitorsRegister: visitorsRegisterPdf,
  financePdf,
  financeSheet,
  sheet: writeSheet,
  workbook: workbookOf,
};
export type OffThreadWork = keyof typeof offThreadWork;
