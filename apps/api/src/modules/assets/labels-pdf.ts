import type { Content } from 'pdfmake/interfaces';
import { fittingFontSize } from '../../documents/format.js';
import { renderPdf } from '../../documents/pdf.js';

const mm = 72 / 25.4;
// The common A4 sheet of 24 stickers, 3 across and 8 down, each 70 × 37 mm.
const columns = 3;
const rows = 8;
const width = 70 * mm;
const height = 37 * mm;
const a4 = { width: 595.28, height: 841.89 };
const left = (a4.width - columns * width) / 2;
const top = (a4.height - rows * height) / 2;
const inset = 3 * mm;
const qrSize = height - 2 * inset;

export interface AssetLabel {
  tag: string;
  itemName: string;
}

/** A sheet of asset stickers, 24 to an A4 page: the school's name, the tag, the item and a QR code of the tag. */
export async function assetLabelsPdf(schoolName: string, labels: AssetLabel[]): Promise<Buffer> {
  if (labels.length === 0) throw new Error('assetLabelsPdf needs at least one label');
  const perPage = columns * rows;
  const textWidth = width - qrSize - 3 * inset;
  const school = schoolName.toUpperCase();
  const content: Content[] = labels.map((label, i) => {
    const slot = i % perPage;
    const x = left + (slot % columns) * width;
    const y = top + Math.floor(slot / columns) * height;
    const parts: Content[] = [
      {
        absolutePosition: { x, y },
        canvas: [
          {
            type: 'rect',
            x: 0,
            y: 0,
            w: width,
            h: height,
            lineWidth: 0.3,
            lineColor: '#c0c4cc',
            dash: { length: 2, space: 2 },
          },
        ],
      },
      {
        absolutePosition: { x: x + inset, y: y + inset },
        qr: label.tag,
        fit: qrSize,
        eccLevel: 'M',
      },
      {
        absolutePosition: { x: x + qrSize + 2 * inset, y: y + inset },
        columns: [
          {
            width: textWidth,
            stack: [
              { text: school, bold: true, fontSize: fittingFontSize(school, textWidth, 7, 4.5), color: '#1d3b6f' },
              {
                text: label.tag,
                bold: true,
                fontSize: fittingFontSize(label.tag, textWidth, 10, 6),
                margin: [0, 6, 0, 3],
              },
              { text: label.itemName, fontSize: fittingFontSize(label.itemName, textWidth * 2, 8, 5.5) },
            ],
          },
        ],
      },
    ];
    // Stickers are placed absolutely, so an empty line in the flow is what starts each new sheet.
    return slot === 0 && i > 0 ? [{ text: '', pageBreak: 'before' }, ...parts] : parts;
  });
  return renderPdf({
    pageSize: 'A4',
    pageMargins: 0,
    info: { title: `${schoolName} asset labels` },
    content,
  });
}
