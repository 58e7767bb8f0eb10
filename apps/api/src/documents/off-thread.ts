import { PDFDocument } from 'pdf-lib';
import { renderPdf } from './pdf.js';
import { renderReportCards, withheldListDocument } from './report-card.js';

/** PDFs one after another as one PDF (parts rendered side by side in the workers). */
export async function mergePdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = await PDFDocument.create();
  for (const bytes of parts) {
    const part = await PDFDocument.load(bytes);
    for (const copied of await out.copyPages(part, part.getPageIndices())) out.addPage(copied);
  }
  return out.save();
}

/**
 * The work the PDF workers do, by name. A document definition holds functions (table layouts), which
 * cannot cross to a worker, so the worker builds the document from the data sent, then renders it.
 */
export const offThreadWork = {
  reportCards: renderReportCards,
  withheldList: (...args: Parameters<typeof withheldListDocument>) => renderPdf(withheldListDocument(...args)),
  mergePdfs,
};
export type OffThreadWork = keyof typeof offThreadWork;
