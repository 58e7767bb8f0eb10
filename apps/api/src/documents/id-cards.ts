import { phoneDisplay } from '@somero/contract';
import type { Content } from 'pdfmake/interfaces';
import { dayMonthYear, fittingFontSize, initials } from './format.js';
import { pdfImage, renderPdf } from './pdf.js';
import type { IdCard, SchoolForDocuments } from './types.js';

const mm = 72 / 25.4;
// CR80, the size of a bank card, so cards fit the usual PVC sleeves and lanyard holders.
const cardWidth = 85.6 * mm;
const cardHeight = 54 * mm;
// Ten cards on A4 with room between them for scissors or a guillotine.
const columns = 2;
const rows = 5;
const gapX = 8 * mm;
const gapY = 3 * mm;
const a4 = { width: 595.28, height: 841.89 };
const left = (a4.width - columns * cardWidth - (columns - 1) * gapX) / 2;
const top = (a4.height - rows * cardHeight - (rows - 1) * gapY) / 2;

const band = '#1d3b6f';
const bandHeight = 34;
const footHeight = 15;
const inset = 7;
const photoSize = 64;
const qrSize = 54;

/** Student ID cards, ten to an A4 page, one per student in the order given. */
export async function idCardsPdf(school: SchoolForDocuments, cards: IdCard[]): Promise<Buffer> {
  if (cards.length === 0) throw new Error('idCardsPdf needs at least one card');
  const logo = pdfImage(school.logo);
  const perPage = columns * rows;
  const content: Content[] = cards.map((card, i) => {
    const slot = i % perPage;
    const x = left + (slot % columns) * (cardWidth + gapX);
    const y = top + Math.floor(slot / columns) * (cardHeight + gapY);
    const parts = cardParts(school, logo, card, x, y);
    // Cards are placed absolutely, so an empty line in the flow is what starts each new sheet.
    return slot === 0 && i > 0 ? [{ text: '', pageBreak: 'before' }, ...parts] : parts;
  });
  return renderPdf({
    pageSize: 'A4',
    pageMargins: 0,
    info: { title: `${school.name} student ID cards` },
    content,
  });
}

function cardParts(school: SchoolForDocuments, logo: string | null, card: IdCard, x: number, y: number): Content[] {
  const at = (dx: number, dy: number) => ({ x: x + dx, y: y + dy });
  const bodyTop = bandHeight + 5;
  const textLeft = inset + photoSize + 7;
  const textWidth = cardWidth - textLeft - inset;
  const titleLeft = logo ? 36 : inset;

  return [
    {
      absolutePosition: at(0, 0),
      canvas: [
        { type: 'rect', x: 0, y: 0, w: cardWidth, h: bandHeight, color: band },
        { type: 'rect', x: 0, y: cardHeight - footHeight, w: cardWidth, h: footHeight, color: band },
        // The cutting line: dashed and light, so a card cut slightly outside it shows no mark.
        {
          type: 'rect',
          x: 0,
          y: 0,
          w: cardWidth,
          h: cardHeight,
          lineWidth: 0.4,
          lineColor: '#9ca3af',
          dash: { length: 3, space: 2 },
        },
      ],
    },
    ...(logo ? [{ absolutePosition: at(6, 4), image: logo, fit: [26, 26] } as Content] : []),
    {
      absolutePosition: at(titleLeft, 5),
      columns: [
        {
          width: cardWidth - titleLeft - (logo ? 36 : inset),
          alignment: 'center',
          color: 'white',
          stack: [
            {
              text: school.name.toUpperCase(),
              bold: true,
              fontSize: fittingFontSize(school.name.toUpperCase(), cardWidth - 2 * titleLeft, 9, 6),
            },
            {
              text: school.phone ? `Tel: ${school.phone}` : (school.address ?? ''),
              fontSize: 5.5,
              margin: [0, 1, 0, 0],
            },
            { text: 'STUDENT IDENTITY CARD', bold: true, fontSize: 6, color: '#fde68a', characterSpacing: 0.6 },
          ],
        },
      ],
    },
    photo(card, at(inset, bodyTop)),
    // Cards are valid once signed or stamped, as schools do by hand after printing.
    {
      absolutePosition: at(inset, cardHeight - footHeight - 12),
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: photoSize, y2: 0, lineWidth: 0.4, lineColor: '#6b7280' }],
    },
    {
      absolutePosition: at(inset, cardHeight - footHeight - 10),
      columns: [{ width: photoSize, text: 'Head Teacher', fontSize: 5, color: '#4b5563', alignment: 'center' }],
    },
    {
      absolutePosition: at(textLeft, bodyTop - 1),
      columns: [
        {
          width: textWidth,
          stack: [
            {
              text: card.name,
              bold: true,
              fontSize: fittingFontSize(card.name, textWidth, 8.5, 6.5),
              margin: [0, 0, 0, 2],
            },
            {
              columns: [
                { width: textWidth - qrSize - 4, stack: details(card) },
                { width: qrSize, qr: card.admissionNo, fit: qrSize, eccLevel: 'M', margin: [0, 1, 0, 0] },
              ],
              columnGap: 4,
            },
          ],
        },
      ],
    },
    {
      absolutePosition: at(inset, cardHeight - footHeight + 4.5),
      columns: [
        {
          width: cardWidth - 2 * inset,
          color: 'white',
          columns: [
            { text: `Valid until ${card.validUntil}`, bold: true, fontSize: 6.5 },
            {
              text: school.phone ? `If found, call ${school.phone}` : 'If found, please return to the school',
              fontSize: 5.5,
              alignment: 'right',
              margin: [0, 1, 0, 0],
            },
          ],
        },
      ],
    },
  ];
}

/** The student's photo, or a grey square with the initials when the school has none yet. */
function photo(card: IdCard, position: { x: number; y: number }): Content {
  const image = pdfImage(card.photo);
  if (image) return { absolutePosition: position, image, width: photoSize, height: photoSize };
  return {
    absolutePosition: position,
    table: {
      widths: [photoSize - 2],
      heights: [photoSize - 2],
      body: [
        [
          {
            text: initials(card.name),
            fontSize: 20,
            bold: true,
            color: '#6b7280',
            alignment: 'center',
            fillColor: '#e5e7eb',
            verticalAlignment: 'middle',
          },
        ],
      ],
    },
    layout: {
      hLineColor: () => '#9ca3af',
      vLineColor: () => '#9ca3af',
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      paddingLeft: () => 0,
      paddingRight: () => 0,
      paddingTop: () => 0,
      paddingBottom: () => 0,
    },
  };
}

function details(card: IdCard): Content[] {
  const lines: [string, string | null][] = [
    ['Adm No', card.admissionNo],
    ['Class', [card.className, card.streamName].filter(Boolean).join(' ')],
    ['Section', card.section],
    ['Gender', card.gender],
    ['Born', card.dateOfBirth ? dayMonthYear(card.dateOfBirth) : null],
    ['Pay code', card.paymentCode],
    ['LIN', card.lin],
    ['Parent', card.guardianPhone ? phoneDisplay(card.guardianPhone) : null],
  ];
  return lines
    .filter((line): line is [string, string] => Boolean(line[1]))
    .map(([label, value]) => ({
      text: [
        { text: `${label}: `, color: '#4b5563' },
        { text: value, bold: true },
      ],
      fontSize: 7,
      lineHeight: 1.1,
    }));
}
