import type { ReportCard, ReportCardRow, ReportCards } from '@somero/contract';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { dayMonthYear } from './format.js';
import { pdfImage, schoolHeader } from './pdf.js';
import { shillings } from './receipt.js';
import type { SchoolForDocuments } from './types.js';

type Image = { bytes: Uint8Array; mime: string } | null;

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

const head = (texts: string[]): TableCell[] =>
  texts.map((text) => ({ text, bold: true, fontSize: small, fillColor: grey, alignment: 'center' }));
const textOf = (text: string | number | null | undefined) => (typeof text === 'number' ? num(text) : (text ?? ''));
const cell = (text: string | number | null | undefined, extra: object = {}): TableCell => ({
  text: textOf(text),
  fontSize: 8,
  ...extra,
});
/**
 * In a results table (8 pt, centred unless a cell says otherwise) a centred cell is its plain text: a
 * card has a hundred of them, and a cell without styles of its own is a third cheaper to lay out.
 */
const centred = (text: string | number | null | undefined): TableCell => textOf(text);
/** A results-table cell read from the left (a subject's name, a remark). */
const left = (text: string | number | null | undefined, extra: object = {}): TableCell => ({
  text: textOf(text),
  alignment: 'left',
  ...extra,
});
/** The document's mark printer for the school's decimals. */
const marksOf = (cards: ReportCards) => {
  const decimals = cards.mark_decimals ?? 0;
  return (n: number | null | undefined) => markOf(n, decimals);
};

const divisionText = (d: number | null) => (d === null ? '—' : d === 9 ? 'U (ungraded)' : `Division ${d}`);

/** The results table of one card, by the layout of its kind. */
function resultsTable(cards: ReportCards, card: ReportCard, withCompetences: boolean): Content {
  const sets = cards.sets.map((s) => `${s.name}${s.max_mark !== 100 ? ` /${s.max_mark}` : ''}`);
  const rows = card.rows;
  const mk = marksOf(cards);
  const table = (widths: (string | number)[], body: TableCell[][]): Content => ({
    table: { headerRows: 1, widths, body, dontBreakRows: true },
    layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => '#9aa3b5', vLineColor: () => '#9aa3b5' },
    fontSize: 8,
    alignment: 'center',
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
            left(r.remark, { fontSize: 7 }),
            centred(r.initials),
          ]),
        ],
      );
    }
    case 'alevel_reports':
    case 'ncalevel_reports': {
      const body: TableCell[][] = [
        head(['Subject', 'Paper', ...sets, 'Mark %', 'Grade', 'Result', 'Points', 'Initials']),
      ];
      for (const r of rows) {
        if (r.kind === 'principal' && r.papers?.length) {
          r.papers.forEach((p, i) => {
            body.push([
              i === 0 ? left(r.name, { rowSpan: r.papers?.length, bold: true }) : {},
              centred(`P${p.number}`),
              ...cards.sets.map((_, k) => mk(p.marks[k])),
              mk(p.mark),
              centred(p.grade),
              i === 0 ? { text: r.grade ?? '', rowSpan: r.papers?.length, bold: true } : {},
              i === 0 ? { text: num(r.points), rowSpan: r.papers?.length } : {},
              i === 0 ? { text: r.initials ?? '', rowSpan: r.papers?.length } : {},
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
            left(competenceText(r), { fontSize: 7 }),
            centred(r.aoi_average),
            centred(r.identifier),
            left(r.descriptor, { fontSize: 7 }),
            centred(r.initials),
          ]),
        ],
      );
    case 'cbc_report': {
      const body: TableCell[][] = [
        head(['Subject', 'Competence', 'Score /3', 'Average', 'Identifier', 'Descriptor', 'Initials']),
      ];
      for (const r of rows) {
        const list = r.competences?.length ? r.competences : [{ name: '—', score: null }];
        list.forEach((c, i) => {
          const span = { rowSpan: list.length };
          body.push([
            i === 0 ? left(r.name, { ...span, bold: true }) : {},
            left(c.name, { fontSize: 7 }),
            centred(c.score),
            i === 0 ? { text: num(r.aoi_average), ...span } : {},
            i === 0 ? { text: r.identifier ?? '', ...span } : {},
            i === 0 ? left(r.descriptor ?? '', { ...span, fontSize: 7 }) : {},
            i === 0 ? { text: r.initials ?? '', ...span } : {},
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
              ? ({
                  alignment: 'left',
                  stack: [
                    { text: r.name, fontSize: 8, bold: true },
                    { text: competenceText(r), fontSize: 6.5, color: '#444' },
                  ],
                } as TableCell)
              : left(r.name),
            ...(marksOnly ? [] : [centred(r.identifier)]),
            mk(r.ca20),
            mk(r.exam80),
            mk(r.mark),
            centred(r.grade),
            ...(places ? [mk(r.class_average), centred(r.subject_position)] : []),
            ...(marksOnly ? [] : [left(r.descriptor, { fontSize: 6.5 })]),
            left(r.remark, { fontSize: 7 }),
            centred(r.initials),
          ]),
        ],
      );
    }
  }
}

const competenceText = (r: ReportCardRow) =>
  (r.competences ?? []).map((c) => `${c.name}: ${c.score === null ? '—' : num(c.score)}`).join('\n');

/** The line under the results: average, aggregate and division, points, the UCE result, the place. */
function summaryLine(cards: ReportCards, card: ReportCard): Content {
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
  const body: TableCell[][] = [
    parts.map(([label, value]) => ({ text: [{ text: `${label}: `, bold: true }, value], fontSize: 9 })),
  ];
  // Division 7 says why, for the parent (fewer than 8 subjects, English or Mathematics not sat).
  if (s.result_reason)
    body.push([{ text: s.result_reason, fontSize: 8.5, colSpan: parts.length }, ...parts.slice(1).map(() => ({}))]);
  return {
    table: { widths: parts.map(() => '*'), body },
    layout: 'noBorders',
    fillColor: grey,
    margin: [0, 6, 0, 4],
  };
}

function studentBlock(card: ReportCard, photo: Image): Content {
  const st = card.student;
  const image = pdfImage(photo);
  const line = (label: string, value: string | null) => ({
    text: [{ text: `${label}: `, bold: true }, value ?? '—'],
    fontSize: 9,
    margin: [0, 0, 0, 2] as [number, number, number, number],
  });
  const details = {
    columns: [
      {
        stack: [
          line('Name', st.name),
          line('Class', st.stream_name ? `${st.class_name} ${st.stream_name}` : st.class_name),
          ...(st.combination ? [line('Combination', st.combination)] : []),
        ],
      },
      {
        stack: [
          line('Admission No', st.admission_no),
          line('LIN', st.lin),
          line('Sex', st.gender === 'F' ? 'Female' : st.gender === 'M' ? 'Male' : st.gender),
        ],
      },
    ],
  };
  return {
    columns: [image ? { width: 52, image, fit: [52, 62] } : { width: 52, text: '' }, { width: '*', ...details }],
    columnGap: 10,
    margin: [0, 0, 0, 8],
  };
}

/** A box of lines: a label and its text, or dotted space to write in by hand when there is none. */
const blank = '……………………………………………………………………';

/**
 * The abridged A-level curriculum's section (DOMAIN §2.7): the project and the generic skills and values
 * assessed by teacher observation, printed whether recorded yet or not, with space to write them in.
 */
function newAlevelSection(card: ReportCard): Content {
  const p = card.project;
  const row = (label: string, text: string | null) => [
    { text: label, bold: true, fontSize: 8, fillColor: grey },
    { text: text ?? blank, fontSize: 8, color: text ? '#000' : '#888' },
  ];
  return {
    table: {
      widths: [90, '*'],
      body: [
        [{ text: 'Project and generic skills', bold: true, fontSize: 8.5, colSpan: 2, fillColor: grey }, {}],
        row(
          'Project',
          p
            ? `${p.title}. Indicators observed: planning ${p.planning}, implementation ${p.implementation}, reporting ${p.reporting}, dissemination ${p.dissemination} (${p.total} in all).${p.remark ? ` ${p.remark}` : ''}`
            : null,
        ),
        row('Generic skills', card.comments.generic_skills),
        row('Values', card.comments.values),
      ],
    },
    layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => '#9aa3b5', vLineColor: () => '#9aa3b5' },
    margin: [0, 2, 0, 4],
  };
}

function commentsBlock(cards: ReportCards, card: ReportCard, images: CardImages): Content[] {
  const c = card.comments;
  const blocks: Content[] = [];
  const para = (label: string, text: string | null) =>
    text ? [{ text: [{ text: `${label}: `, bold: true }, text], fontSize: 8.5, margin: [0, 2, 0, 2] } as Content] : [];
  if (cards.kind === 'ncalevel_reports') blocks.push(newAlevelSection(card));
  else if (cards.kind !== 'alevel_reports') {
    if (card.project) {
      const p = card.project;
      blocks.push(
        ...para(
          'Project',
          `${p.title}. Indicators observed: planning ${p.planning}, implementation ${p.implementation}, reporting ${p.reporting}, dissemination ${p.dissemination} (${p.total} in all).${p.remark ? ` ${p.remark}` : ''}`,
        ),
      );
    }
    blocks.push(...para('Generic skills', c.generic_skills), ...para('Values', c.values));
  }
  blocks.push(...para('Conduct', c.conduct));
  blocks.push(...para("Class teacher's comment", c.class_teacher ?? blank));
  const signature = pdfImage(images.signature);
  const stamp = pdfImage(images.stamp);
  blocks.push({
    columns: [
      { width: '*', stack: para("Head teacher's comment", c.head_teacher ?? blank) },
      ...(signature ? [{ width: 70, image: signature, fit: [70, 30] } as Content] : []),
      ...(stamp ? [{ width: 50, image: stamp, fit: [50, 50] } as Content] : []),
    ],
    columnGap: 8,
  });
  if (card.promotion)
    blocks.push({
      text: [{ text: 'Promotion: ', bold: true }, card.promotion.text],
      fontSize: 9.5,
      margin: [0, 4, 0, 0],
    });
  const fees: string[] = [];
  if (card.attendance) fees.push(`Days present ${card.attendance.present} of ${card.attendance.of}`);
  if (card.balance !== null) fees.push(`Fees balance: ${ugx(card.balance)}`);
  if (card.next_term_fees !== null) fees.push(`Next term's fees: ${ugx(card.next_term_fees)}`);
  if (cards.next_term_begins) fees.push(`Next term begins: ${dayMonthYear(cards.next_term_begins)}`);
  if (fees.length) blocks.push({ text: fees.join('     '), fontSize: 8.5, bold: true, margin: [0, 6, 0, 0] });
  blocks.push({
    columns: [
      { width: '*', text: [{ text: "Parent's signature: ", bold: true }, '……………………………………………'] },
      { width: 'auto', text: [{ text: 'Date: ', bold: true }, '……………………………'] },
    ],
    fontSize: 8.5,
    margin: [0, 10, 0, 0],
  });
  return blocks;
}

function withheldBody(card: ReportCard): Content {
  return {
    stack: [
      {
        text: 'REPORT WITHHELD',
        bold: true,
        fontSize: 20,
        alignment: 'center',
        color: '#b42318',
        margin: [0, 60, 0, 10],
      },
      {
        text: `This report card is withheld until school fees are cleared${card.balance !== null ? `: the balance is ${ugx(card.balance)}` : ''}. The results are kept at the school and the card is released when the fees are paid.`,
        fontSize: 10,
        alignment: 'center',
        margin: [40, 0, 40, 0],
      },
    ],
  };
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
  cards: ReportCards,
  card: ReportCard,
  school: SchoolForDocuments,
  images: CardImages,
  competences: boolean,
) {
  const title = `${cardTitles[cards.kind]} · Term ${cards.term} ${cards.year}`;
  const body: Content[] = [schoolHeader(school, title), studentBlock(card, images.photos.get(card.student.id) ?? null)];
  if (card.withheld) return [...body, withheldBody(card)];
  body.push(resultsTable(cards, card, competences), summaryLine(cards, card), ...commentsBlock(cards, card, images));
  if (cards.grading_key.length)
    body.push({
      stack: cards.grading_key.map((line) => ({ text: line, fontSize: 6.5, color: '#555' })),
      margin: [0, 8, 0, 0],
    });
  return body;
}

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
          head(['Adm No', 'Name', 'Class', 'Balance']),
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

/** Pages one after another, each from a new page. */
const pagesOf = (pages: Content[][]): Content[] =>
  pages.map((p, i) => (i === 0 ? p : [{ text: '', pageBreak: 'before' }, ...p]));

/**
 * Report cards as one document, one A4 page per student in the order given (a class, or part of one:
 * long classes are rendered in parts side by side and put together, see `mergePdfs`).
 */
export function reportCardsDocument(
  school: SchoolForDocuments,
  cards: ReportCards,
  images: CardImages,
  { competences = false }: { competences?: boolean } = {},
): TDocumentDefinitions {
  return {
    ...page,
    info: { title: cards.title },
    content: pagesOf(cards.cards.map((card) => cardPage(cards, card, school, images, competences))),
  };
}

/** The bursar's page that goes before a class's cards when some are withheld for fees. */
export function withheldListDocument(school: SchoolForDocuments, cards: ReportCards): TDocumentDefinitions {
  return { ...page, info: { title: `${cards.title}: withheld` }, content: withheldList(cards, school) };
}
