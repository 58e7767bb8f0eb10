import type { ReportCard, ReportCardRow, ReportCards } from '@somero/contract';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { dayMonthYear } from './format.js';
import { schoolContacts, schoolHeader } from './pdf.js';
import { type Cell, drawPdf, lineHeight, type Pages, type Picture, type Run, type Table } from './pdf-draw.js';
import { shillings } from './receipt.js';
import type { SchoolForDocuments } from './types.js';

type Image = Picture;

/** What the cards print besides the results: the school, photos by file id, the signature and stamp. */
export interface CardImages {
  photos: Map<number, Image>;
  signature: Image;
  stamp: Image;
}

const ugx = (n: number) => `UGX ${n < 0 ? '-' : ''}${shillings(Math.abs(n))}`;
const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(Math.round(n * 100) / 100));
/**
 * A mark as the school prints it: whole numbers by default, else to the decimals set. The fraction is
 * dropped, never rounded up, so a printed mark always has the grade beside it (79.6 prints 79, D2).
 */
const markOf = (n: number | null | undefined, decimals: number) => {
  if (n === null || n === undefined) return '';
  const scale = 10 ** decimals;
  return (Math.floor(n * scale + 1e-9) / scale).toFixed(decimals);
};
const grey = '#eef1f6';
const small = 7.5;
const gridLines = { width: 0.5, color: '#9aa3b5' };

const head = (texts: string[]): Cell[] =>
  texts.map((text) => ({ text, bold: true, size: small, fill: grey, align: 'center' }));
const textOf = (text: string | number | null | undefined) => (typeof text === 'number' ? num(text) : (text ?? ''));
/** A results-table cell read from the left (a subject's name, a remark). */
const left = (text: string | number | null | undefined, extra: Cell = {}): Cell => ({
  text: textOf(text),
  align: 'left',
  ...extra,
});
/** In a results table (8 pt, centred unless a cell says otherwise) a centred cell is its plain text. */
const centred = (text: string | number | null | undefined): string => textOf(text);
/** The document's mark printer for the school's decimals. */
const marksOf = (cards: ReportCards) => {
  const decimals = cards.mark_decimals ?? 0;
  return (n: number | null | undefined) => markOf(n, decimals);
};

const divisionText = (d: number | null) => (d === null ? '—' : d === 9 ? 'U (ungraded)' : `Division ${d}`);

/** The results table of one card, by the layout of its kind. */
function resultsTable(cards: ReportCards, card: ReportCard, withCompetences: boolean): Table {
  const sets = cards.sets.map((s) => `${s.name}${s.max_mark !== 100 ? ` /${s.max_mark}` : ''}`);
  const rows = card.rows;
  const mk = marksOf(cards);
  const table = (widths: (number | '*')[], body: (Cell | string | null)[][]): Table => ({
    widths,
    rows: body,
    headerRows: 1,
    size: 8,
    align: 'center',
    lines: gridLines,
  });
  switch (cards.kind) {
    case 'old_reports':
    case 'olan_vd_report': {
      const detailed = cards.kind === 'olan_vd_report';
      return table(
        ['*', ...sets.map(() => 30), 34, 30, ...(detailed ? [32, 26] : []), 110, 28],
        [
          head([
            'Subject',
            ...sets,
            'Mark %',
            'Grade',
            ...(detailed ? ['Class avg', 'Pos'] : []),
            'Remark',
            'Initials',
          ]),
          ...rows.map((r) => [
            left(r.name),
            ...r.marks.map(mk),
            mk(r.mark),
            centred(r.grade),
            ...(detailed ? [mk(r.class_average), centred(r.subject_position)] : []),
            left(r.remark, { size: 7 }),
            centred(r.initials),
          ]),
        ],
      );
    }
    case 'alevel_reports':
    case 'ncalevel_reports': {
      const body: (Cell | string | null)[][] = [
        head(['Subject', 'Paper', ...sets, 'Mark %', 'Grade', 'Result', 'Points', 'Initials']),
      ];
      for (const r of rows) {
        if (r.kind === 'principal' && r.papers?.length) {
          const span = r.papers.length;
          r.papers.forEach((p, i) => {
            body.push([
              i === 0 ? left(r.name, { rowSpan: span, bold: true }) : null,
              centred(`P${p.number}`),
              ...cards.sets.map((_, k) => mk(p.marks[k])),
              mk(p.mark),
              centred(p.grade),
              i === 0 ? { text: r.grade ?? '', rowSpan: span, bold: true } : null,
              i === 0 ? { text: num(r.points), rowSpan: span } : null,
              i === 0 ? { text: r.initials ?? '', rowSpan: span } : null,
            ]);
          });
        } else {
          body.push([
            left(r.name, { bold: r.kind === 'principal' }),
            centred(r.kind === 'subsidiary' ? 'Sub' : ''),
            ...cards.sets.map((_, k) => mk(r.marks[k])),
            mk(r.mark),
            centred(r.kind === 'subsidiary' ? r.grade : ''),
            centred(r.kind === 'principal' ? r.grade : r.grade ? 'Sub' : ''),
            centred(r.points),
            centred(r.initials),
          ]);
        }
      }
      return table(['*', 28, ...sets.map(() => 30), 34, 30, 34, 32, 32], body);
    }
    case 'new_report_12':
      return table(
        ['*', 150, 34, 44, 110, 28],
        [
          head(['Subject', 'Competences (AOI score /3)', 'Average', 'Identifier', 'Descriptor', 'Initials']),
          ...rows.map((r) => [
            left(r.name, { bold: true }),
            left(competenceText(r), { size: 7 }),
            centred(r.aoi_average),
            centred(r.identifier),
            left(r.descriptor, { size: 7 }),
            centred(r.initials),
          ]),
        ],
      );
    case 'cbc_report': {
      const body: (Cell | string | null)[][] = [
        head(['Subject', 'Competence', 'Score /3', 'Average', 'Identifier', 'Descriptor', 'Initials']),
      ];
      for (const r of rows) {
        const list = r.competences?.length ? r.competences : [{ name: '—', score: null }];
        list.forEach((c, i) => {
          const rowSpan = list.length;
          body.push([
            i === 0 ? left(r.name, { rowSpan, bold: true }) : null,
            left(c.name, { size: 7 }),
            centred(c.score),
            i === 0 ? { text: num(r.aoi_average), rowSpan } : null,
            i === 0 ? { text: textOf(r.identifier), rowSpan } : null,
            i === 0 ? left(r.descriptor ?? '', { rowSpan, size: 7 }) : null,
            i === 0 ? { text: r.initials ?? '', rowSpan } : null,
          ]);
        });
      }
      return table(['*', 140, 30, 34, 40, 100, 28], body);
    }
    default: {
      // new_report, new_report100 (with competences for reports100kc), olan_report.
      const marksOnly = cards.kind === 'new_report100' || cards.kind === 'olan_report';
      const places = cards.subject_places === true;
      return table(
        [
          '*',
          ...(marksOnly ? [] : [40]),
          32,
          34,
          36,
          30,
          // The class average and place take their room from the descriptor and remark.
          ...(places ? [26, 22] : []),
          ...(marksOnly ? [] : [places ? 70 : 90]),
          places ? (marksOnly ? 114 : 62) : 90,
          28,
        ],
        [
          head([
            'Subject',
            ...(marksOnly ? [] : ['Identifier']),
            'CA /20',
            'Exam /80',
            'Total /100',
            'Grade',
            ...(places ? ['Class avg', 'Pos'] : []),
            ...(marksOnly ? [] : ['Descriptor']),
            'Remark',
            'Initials',
          ]),
          ...rows.map((r) => [
            withCompetences && r.competences?.length
              ? {
                  align: 'left' as const,
                  stack: [
                    { text: r.name, size: 8, bold: true },
                    { text: competenceText(r), size: 6.5, color: '#444' },
                  ],
                }
              : left(r.name),
            ...(marksOnly ? [] : [centred(r.identifier)]),
            mk(r.ca20),
            mk(r.exam80),
            mk(r.mark),
            centred(r.grade),
            ...(places ? [mk(r.class_average), centred(r.subject_position)] : []),
            ...(marksOnly ? [] : [left(r.descriptor, { size: 6.5 })]),
            left(r.remark, { size: 7 }),
            centred(r.initials),
          ]),
        ],
      );
    }
  }
}

const competenceText = (r: ReportCardRow) =>
  (r.competences ?? []).map((c) => `${c.name}: ${c.score === null ? '—' : num(c.score)}`).join('\n');

const labelled = (label: string, value: string): Run[] => [{ text: `${label}: `, bold: true }, { text: value }];

/** The line under the results: average, aggregate and division, points, the UCE result, the place. */
function summaryLine(cards: ReportCards, card: ReportCard): Table {
  const s = card.summary;
  const parts: [string, string][] = [];
  if (cards.kind === 'alevel_reports' || cards.kind === 'ncalevel_reports') {
    parts.push(['Points', s.points === null ? '—' : `${s.points} of ${cards.points_max ?? 20}`]);
    parts.push(['Principal passes', s.principal_passes === null ? '—' : String(s.principal_passes)]);
  } else if (cards.kind === 'old_reports' || cards.kind === 'olan_vd_report') {
    parts.push(['Average', s.average === null ? '—' : markOf(s.average, cards.mark_decimals ?? 0)]);
    parts.push(['Aggregate', s.aggregate === null ? '—' : String(s.aggregate)]);
    parts.push(['Result', divisionText(s.division)]);
  } else {
    parts.push(['Average', s.average === null ? '—' : markOf(s.average, cards.mark_decimals ?? 0)]);
    if (cards.kind === 'olan_report')
      parts.push(['UCE rule', s.result === null ? '—' : `Result ${s.result}${s.result === 1 ? ' (certificate)' : ''}`]);
  }
  if (cards.positions) parts.push(['Position', s.position === null ? '—' : `${s.position} of ${s.out_of}`]);
  const rows: (Cell | null)[][] = [parts.map(([label, value]) => ({ text: labelled(label, value) }))];
  // Division 7 says why, for the parent (fewer than 8 subjects, English or Mathematics not sat).
  if (s.result_reason)
    rows.push([{ text: s.result_reason, size: 8.5, colSpan: parts.length }, ...parts.slice(1).map(() => null)]);
  return { widths: parts.map(() => '*'), rows, size: 9, fill: grey, lines: null };
}

/** The student's photo and particulars beside it, in two columns. */
function studentBlock(pages: Pages, card: ReportCard, photo: Picture) {
  const st = card.student;
  const y = pages.y;
  pages.image(photo, pages.left, y, [52, 62]);
  const x = pages.left + 52 + 10;
  const colWidth = (pages.width - 52 - 10) / 2;
  const column = (at: number, lines: [string, string | null][]) => {
    let top = y;
    for (const [label, value] of lines) {
      const style = { size: 9 };
      top += pages.drawLines(pages.lines(labelled(label, value ?? '—'), style, colWidth), style, at, top, colWidth) + 2;
    }
    return top;
  };
  const bottom = Math.max(
    column(x, [
      ['Name', st.name],
      ['Class', st.stream_name ? `${st.class_name} ${st.stream_name}` : st.class_name],
      ...(st.combination ? [['Combination', st.combination] as [string, string]] : []),
    ]),
    column(x + colWidth, [
      ['Admission No', st.admission_no],
      ['LIN', st.lin],
      ['Sex', st.gender === 'F' ? 'Female' : st.gender === 'M' ? 'Male' : st.gender],
    ]),
    photo ? y + 62 : y,
  );
  pages.y = bottom + 8;
}

/** The heading of every card: logo, school name, motto, contacts, a rule, then the card's title. */
function schoolHeading(pages: Pages, school: SchoolForDocuments, title: string) {
  const top = pages.y;
  const logoWidth = 50;
  const hasLogo = pages.image(school.logo, pages.left, top, [logoWidth, logoWidth]);
  // The name stays centred on the page whether or not there is a logo beside it.
  const x = pages.left + logoWidth + 6;
  const width = pages.width - 2 * (logoWidth + 6);
  pages.y = top;
  pages.text(school.name.toUpperCase(), { size: 14, bold: true, align: 'center' }, [0, 0, 0, 0], x, width);
  if (school.motto)
    pages.text(`“${school.motto}”`, { size: 8.5, italic: true, align: 'center' }, [0, 1, 0, 0], x, width);
  const contacts = schoolContacts(school);
  if (contacts) pages.text(contacts, { size: 7.5, align: 'center' }, [0, 2, 0, 0], x, width);
  const ruleAt = Math.max(pages.y, hasLogo ? top + logoWidth : 0) + 5;
  pages.rule(pages.left, pages.left + pages.width, ruleAt, 0.8);
  pages.y = ruleAt;
  pages.text(title.toUpperCase(), { size: 11, bold: true, align: 'center' }, [0, 5, 0, 10]);
}

/** Dotted space to write in by hand when there is no text. */
const blank = '……………………………………………………………………';

const projectText = (p: NonNullable<ReportCard['project']>) =>
  `${p.title}. Indicators observed: planning ${p.planning}, implementation ${p.implementation}, reporting ${p.reporting}, dissemination ${p.dissemination} (${p.total} in all).${p.remark ? ` ${p.remark}` : ''}`;

/**
 * The abridged A-level curriculum's section (DOMAIN §2.7): the project and the generic skills and values
 * assessed by teacher observation, printed whether recorded yet or not, with space to write them in.
 */
function newAlevelSection(card: ReportCard): Table {
  const p = card.project;
  const row = (label: string, text: string | null): Cell[] => [
    { text: label, bold: true, fill: grey },
    { text: text ?? blank, color: text ? '#000' : '#888' },
  ];
  return {
    widths: [90, '*'],
    size: 8,
    lines: gridLines,
    rows: [
      [{ text: 'Project and generic skills', bold: true, size: 8.5, colSpan: 2, fill: grey }, null],
      row('Project', p ? projectText(p) : null),
      row('Generic skills', card.comments.generic_skills),
      row('Values', card.comments.values),
    ],
  };
}

function commentsBlock(pages: Pages, cards: ReportCards, card: ReportCard, images: CardImages) {
  const c = card.comments;
  const para = (label: string, text: string | null) => {
    if (text) pages.text(labelled(label, text), { size: 8.5 }, [0, 2, 0, 2]);
  };
  if (cards.kind === 'ncalevel_reports') pages.table(newAlevelSection(card), [0, 2, 0, 4]);
  else if (cards.kind !== 'alevel_reports') {
    if (card.project) para('Project', projectText(card.project));
    para('Generic skills', c.generic_skills);
    para('Values', c.values);
  }
  para('Conduct', c.conduct);
  para("Class teacher's comment", c.class_teacher ?? blank);

  // The head teacher's comment, the signature and the stamp beside it.
  const signatureWidth = images.signature ? 70 + 8 : 0;
  const stampWidth = images.stamp ? 50 + 8 : 0;
  const width = pages.width - signatureWidth - stampWidth;
  const style = { size: 8.5 };
  const lines = pages.lines(labelled("Head teacher's comment", c.head_teacher ?? blank), style, width);
  pages.ensure(Math.max(lines.length * lineHeight(8.5) + 4, images.stamp ? 50 : images.signature ? 30 : 0));
  const top = pages.y;
  const textHeight = pages.drawLines(lines, style, pages.left, top + 2, width) + 4;
  const signed = pages.image(images.signature, pages.left + width + 8, top, [70, 30]) ? 30 : 0;
  const stamped = pages.image(images.stamp, pages.left + width + signatureWidth + 8, top, [50, 50]) ? 50 : 0;
  pages.y = top + Math.max(textHeight, signed, stamped);

  if (card.promotion) pages.text(labelled('Promotion', card.promotion.text), { size: 9.5 }, [0, 4, 0, 0]);
  const fees: string[] = [];
  if (card.attendance) fees.push(`Days present ${card.attendance.present} of ${card.attendance.of}`);
  if (card.balance !== null) fees.push(`Fees balance: ${ugx(card.balance)}`);
  if (card.next_term_fees !== null) fees.push(`Next term's fees: ${ugx(card.next_term_fees)}`);
  if (cards.next_term_begins) fees.push(`Next term begins: ${dayMonthYear(cards.next_term_begins)}`);
  if (fees.length) pages.text(fees.join('     '), { size: 8.5, bold: true }, [0, 6, 0, 0]);

  // The parent signs on the left, dates on the right.
  const sign = { size: 8.5 };
  pages.ensure(10 + lineHeight(8.5));
  const at = pages.y + 10;
  pages.drawLines(
    pages.lines(labelled("Parent's signature", '……………………………………………'), sign, pages.width),
    sign,
    pages.left,
    at,
    pages.width,
  );
  pages.drawLines(
    pages.lines(labelled('Date', '……………………………'), sign, pages.width),
    { ...sign, align: 'right' },
    pages.left,
    at,
    pages.width,
  );
  pages.y = at + lineHeight(8.5);
}

function withheldBody(pages: Pages, card: ReportCard) {
  pages.text('REPORT WITHHELD', { size: 20, bold: true, align: 'center', color: '#b42318' }, [0, 60, 0, 10]);
  pages.text(
    `This report card is withheld until school fees are cleared${card.balance !== null ? `: the balance is ${ugx(card.balance)}` : ''}. The results are kept at the school and the card is released when the fees are paid.`,
    { size: 10, align: 'center' },
    [40, 0, 40, 0],
  );
}

/** The heading of each layout's card. */
const cardTitles: Record<ReportCards['kind'], string> = {
  old_reports: 'Report card',
  olan_vd_report: 'Report card',
  new_report: 'Report card',
  new_report_12: 'Report card',
  new_report100: 'Report card',
  olan_report: 'Term report',
  cbc_report: 'Report card',
  alevel_reports: 'A Level report card',
  ncalevel_reports: 'A Level report card (new curriculum)',
};

function cardPage(
  pages: Pages,
  cards: ReportCards,
  card: ReportCard,
  school: SchoolForDocuments,
  images: CardImages,
  competences: boolean,
) {
  schoolHeading(pages, school, `${cardTitles[cards.kind]} · Term ${cards.term} ${cards.year}`);
  studentBlock(pages, card, images.photos.get(card.student.id) ?? null);
  if (card.withheld) return withheldBody(pages, card);
  pages.table(resultsTable(cards, card, competences));
  pages.table(summaryLine(cards, card), [0, 6, 0, 4]);
  commentsBlock(pages, cards, card, images);
  if (cards.grading_key.length) {
    pages.y += 8;
    for (const line of cards.grading_key) pages.text(line, { size: 6.5, color: '#555' });
  }
}

/**
 * Report cards as one PDF, one A4 page per student in the order given (a class, or part of one: long
 * classes are rendered in parts side by side and put together, see `mergePdfs`), drawn straight on pdfkit.
 */
export function renderReportCards(
  school: SchoolForDocuments,
  cards: ReportCards,
  images: CardImages,
  { competences = false }: { competences?: boolean } = {},
): Promise<Buffer> {
  return drawPdf(cards.title, (pages) => {
    for (const card of cards.cards) {
      pages.newPage();
      cardPage(pages, cards, card, school, images, competences);
    }
  });
}

const cell = (text: string | number | null | undefined, extra: object = {}): TableCell => ({
  text: textOf(text),
  fontSize: 8,
  ...extra,
});
const pdfmakeHead = (texts: string[]): TableCell[] =>
  texts.map((text) => ({ text, bold: true, fontSize: small, fillColor: grey, alignment: 'center' }));

/** The bursar's first page: whose cards are withheld for fees, with the balance each owes. */
function withheldList(cards: ReportCards, school: SchoolForDocuments): Content[] {
  const held = cards.cards.filter((c) => c.withheld);
  return [
    schoolHeader(school, `Report cards withheld for fees · ${cards.class_name} Term ${cards.term} ${cards.year}`),
    {
      text: `${held.length} of ${cards.cards.length} cards are withheld until fees are cleared. Give this page to the bursar.`,
      fontSize: 9,
      margin: [0, 0, 0, 6],
    },
    {
      table: {
        headerRows: 1,
        widths: [70, '*', 60, 90],
        body: [
          pdfmakeHead(['Adm No', 'Name', 'Class', 'Balance']),
          ...held.map((c) => [
            cell(c.student.admission_no),
            cell(c.student.name),
            cell(c.student.stream_name ? `${c.student.class_name} ${c.student.stream_name}` : c.student.class_name),
            cell(c.balance === null ? '' : ugx(c.balance), { alignment: 'right' }),
          ]),
        ],
      },
    },
  ];
}

const page = { pageSize: 'A4' as const, pageMargins: [28, 24, 28, 24] as [number, number, number, number] };

/** The bursar's page that goes before a class's cards when some are withheld for fees. */
export function withheldListDocument(school: SchoolForDocuments, cards: ReportCards): TDocumentDefinitions {
  return { ...page, info: { title: `${cards.title}: withheld` }, content: withheldList(cards, school) };
}
