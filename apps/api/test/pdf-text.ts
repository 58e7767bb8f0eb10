import PDFParser from 'pdf2json';

/**
 * The text of each page, line by line from the top, as a reader's "select all" would give it. pdf2json
 * reads the whole ArrayBuffer under a Buffer, so the bytes get one of their own.
 */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const own = Buffer.from(pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.length));
  const parser = new PDFParser(null, true);
  await new Promise<void>((resolve, reject) => {
    parser.on('pdfParser_dataReady', () => resolve());
    parser.on('pdfParser_dataError', (error) => reject('parserError' in error ? error.parserError : error));
    parser.parseBuffer(own);
  });
  return parser
    .getRawTextContent()
    .split(/-+Page \(\d+\) Break-+/)
    .slice(0, -1)
    .map((page) => page.trim().split(/\r?\n/).reverse().join('\n'));
}
