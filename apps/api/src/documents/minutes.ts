import type { Content } from 'pdfmake/interfaces';
import { dayMonthYear, kampalaDateTime } from './format.js';
import { renderPdf, schoolHeader } from './pdf.js';
import type { SchoolForDocuments } from './types.js';

export interface MinutesDocument {
  title: string;
  type: string;
  date: string;
  time: string | null;
  venue: string | null;
  invited: string;
  present: string[];
  /** People present, counting "212 parents" as 212. */
  presentCount: number;
  apologies: string[];
  agenda: string[];
  resolutions: string[];
  actions: string[];
  recordedBy: string | null;
  recordedAt: Date | null;
}

const grey = '#4b5563';

function section(title: string, list: string[], numbered = true): Content[] {
  return [
    { text: title.toUpperCase(), bold: true, fontSize: 9, color: grey, margin: [0, 10, 0, 3] },
    list.length
      ? numbered
        ? { ol: list, margin: [4, 0, 0, 0] }
        : { ul: list, margin: [4, 0, 0, 0] }
      : { text: 'None recorded.', italics: true, color: grey },
  ];
}

/** The minutes of a meeting or event under the school's header: A4, as many pages as they take. */
export function minutesPdf(school: SchoolForDocuments, m: MinutesDocument): Promise<Buffer> {
  const when = [dayMonthYear(m.date), m.time].filter(Boolean).join(', ');
  return renderPdf({
    pageSize: 'A4',
    pageMargins: [40, 36, 40, 40],
    info: { title: `Minutes: ${m.title}` },
    defaultStyle: { fontSize: 10 },
    footer: (page, pages) => ({ text: `Page ${page} of ${pages}`, alignment: 'center', fontSize: 8, color: grey }),
    content: [
      schoolHeader(school, 'Minutes'),
      { text: m.title, bold: true, fontSize: 13, margin: [0, 0, 0, 4] },
      {
        table: {
          widths: [70, '*'],
          body: [
            [{ text: 'Type', color: grey }, m.type],
            [{ text: 'Date', color: grey }, when],
            [{ text: 'Venue', color: grey }, m.venue ?? ''],
            [{ text: 'Invited', color: grey }, m.invited],
          ],
        },
        layout: 'noBorders',
      },
      ...section(`Present (${m.presentCount})`, m.present, false),
      ...(m.apologies.length ? section('Apologies', m.apologies, false) : []),
      ...section('Agenda', m.agenda),
      ...section('Resolutions', m.resolutions),
      ...section('Action points', m.actions),
      {
        columns: [
          { text: `Recorded by: ${m.recordedBy ?? ''}`, width: '*' },
          { text: m.recordedAt ? kampalaDateTime(m.recordedAt) : '', width: 'auto' },
        ],
        margin: [0, 18, 0, 0],
        fontSize: 8.5,
        color: grey,
      },
      {
        columns: [
          { text: 'Chairperson ______________________', width: '*' },
          { text: 'Secretary ______________________', width: '*' },
        ],
        margin: [0, 24, 0, 0],
      },
    ],
  });
}
