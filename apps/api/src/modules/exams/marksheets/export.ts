import type { FastifyReply } from 'fastify';
import { heavyRows, renderDocument } from '../../../documents/heavy.js';
import { rowsOf, type SheetSpec } from '../../../documents/workbook.js';
import type { alevelMarksheet } from './alevel.js';
import { mean } from './data.js';
import type { nlscMarksheet } from './nlsc.js';
import type { OlevelMarksheet } from './olevel.js';
import type { AlevelSubjectMarksheet, NlscSubjectMarksheet } from './subjects.js';

interface Column {
  header: string;
  width: number;
  /** Numbers get an average in the last row. */
  average?: boolean;
}

interface Head {
  title: string;
  readings: string[];
}

/** Columns frozen on the left while the subjects scroll: No., admission number, name. */
const studentColumns: Column[] = [
  { header: 'No.', width: 5 },
  { header: 'Adm No', width: 12 },
  { header: 'Name', width: 28 },
  { header: 'Stream', width: 10 },
];

/**
 * A marksheet workbook: the title and the readings in force on top, a bold header row, the students
 * (numbers as numbers, text kept from running as a formula), then a bold row of column averages; the
 * header and the student columns stay in view. Plain data, written in the document workers (`sendMarksheet`).
 */
function marksheetBook(what: string, head: Head, columns: Column[], rows: unknown[][]): SheetSpec[] {
  const top = 2 + head.readings.length + 1;
  const averages = columns.map((c, i) =>
    i === 2
      ? 'Average'
      : c.average
        ? mean(rows.map((r) => (typeof r[i] === 'number' ? (r[i] as number) : null)))
        : null,
  );
  return [
    {
      name: 'Marksheet',
      options: {
        views: [{ state: 'frozen', ySplit: top, xSplit: 3 }],
        pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
      },
      widths: columns.map((c) => c.width),
      rows: [
        { cells: [`${what}: ${head.title}`], font: { bold: true, size: 14 } },
        ...head.readings.map((line) => ({ cells: [line], font: { italic: true, size: 9 } })),
        { cells: [] },
        {
          cells: columns.map((c) => c.header),
          font: { bold: true },
          alignment: { wrapText: true, vertical: 'middle' as const },
        },
        ...rows.map((cells) => ({ cells })),
        { cells: averages, font: { bold: true } },
      ],
      autoFilter: { from: { row: top, column: 1 }, to: { row: top + rows.length, column: columns.length } },
    },
  ];
}

/**
 * Sends the workbook under "<title> marksheet.xlsx" (an ASCII fallback beside the UTF-8 name), written in the
 * document workers, a long one within the school's limit of heavy documents.
 */
export async function sendMarksheet(reply: FastifyReply, fileName: string, sheets: SheetSpec[]) {
  const xlsx = await renderDocument(reply, rowsOf(sheets) > heavyRows, 'workbook', sheets);
  const ascii = fileName.replace(/[^\w .()-]/g, '_');
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(xlsx);
}

const who = (s: { admission_no: string; name: string; stream_name: string | null }, i: number) => [
  i + 1,
  s.admission_no,
  s.name,
  s.stream_name,
];

export function olevelSheet(sheet: OlevelMarksheet) {
  const columns: Column[] = [
    ...studentColumns,
    ...sheet.subjects.flatMap((s) => [
      { header: s.short_name, width: 8, average: true },
      { header: `${s.short_name} grade`, width: 7 },
    ]),
    { header: 'Average', width: 9, average: true },
    { header: 'Aggregate', width: 10, average: true },
    { header: 'Division', width: 9 },
    ...(sheet.positions ? [{ header: 'Position', width: 9 }] : []),
  ];
  const rows = sheet.students.map((s, i) => [
    ...who(s, i),
    ...s.results.flatMap((r) => [r?.mark ?? null, r?.grade ?? null]),
    s.average,
    s.aggregate,
    s.division,
    ...(sheet.positions ? [s.position] : []),
  ]);
  return marksheetBook('O-Level marksheet', sheet, columns, rows);
}

export function nlscSheet(sheet: Awaited<ReturnType<typeof nlscMarksheet>>) {
  const columns: Column[] = [
    ...studentColumns,
    ...sheet.subjects.flatMap((s) => [
      { header: `${s.short_name} identifier`, width: 10 },
      { header: `${s.short_name} CA/20`, width: 8, average: true },
      { header: `${s.short_name} exam/80`, width: 8, average: true },
      { header: `${s.short_name} total`, width: 8, average: true },
      { header: `${s.short_name} grade`, width: 7 },
    ]),
  ];
  const rows = sheet.students.map((s, i) => [
    ...who(s, i),
    ...s.results.flatMap((r) => [
      r?.identifier ?? null,
      r?.ca20 ?? null,
      r?.exam80 ?? null,
      r?.total ?? null,
      r?.grade ?? null,
    ]),
  ]);
  return marksheetBook('New curriculum marksheet', sheet, columns, rows);
}

export function nlscSubjectSheet(sheet: NlscSubjectMarksheet) {
  const columns: Column[] = [
    ...studentColumns,
    ...sheet.competences.map((c) => ({ header: c.name, width: 14, average: true })),
    { header: 'Average', width: 9, average: true },
    { header: 'Identifier', width: 10 },
    { header: 'Descriptor', width: 40 },
    { header: 'CA/20', width: 8, average: true },
    { header: 'Exam/80', width: 8, average: true },
    { header: 'Total/100', width: 9, average: true },
    { header: 'Grade', width: 7 },
  ];
  const rows = sheet.students.map((s, i) => {
    const r = s.result;
    return [
      ...who(s, i),
      ...sheet.competences.map((_, k) => r?.scores[k] ?? null),
      r?.average ?? null,
      r?.identifier ?? null,
      r?.descriptor ?? null,
      r?.ca20 ?? null,
      r?.exam80 ?? null,
      r?.total ?? null,
      r?.grade ?? null,
    ];
  });
  return marksheetBook(`${sheet.subject.name} marksheet`, sheet, columns, rows);
}

const principalText = (p: { short_name: string; tuple: string | null; grade: string | null }) =>
  p.grade ? `${p.short_name} ${p.tuple} → ${p.grade}` : `${p.short_name} —`;

export function alevelSheet(sheet: Awaited<ReturnType<typeof alevelMarksheet>>) {
  const columns: Column[] = [
    ...studentColumns,
    { header: 'Combination', width: 12 },
    ...[1, 2, 3].map((n) => ({ header: `Principal ${n}`, width: 20 })),
    { header: 'General Paper', width: 10 },
    { header: 'Subsidiary', width: 16 },
    { header: `Points (of ${sheet.points_max})`, width: 10, average: true },
    ...(sheet.positions ? [{ header: 'Position', width: 9 }] : []),
  ];
  const rows = sheet.students.map((s, i) => [
    ...who(s, i),
    s.combination,
    ...[0, 1, 2].map((k) => (s.principals[k] ? principalText(s.principals[k]) : null)),
    s.general_paper?.grade ?? null,
    s.subsidiary ? `${s.subsidiary.short_name} ${s.subsidiary.grade ?? '—'}` : null,
    s.points,
    ...(sheet.positions ? [s.position] : []),
  ]);
  return marksheetBook('A-Level marksheet', sheet, columns, rows);
}

export function alevelSubjectSheet(sheet: AlevelSubjectMarksheet) {
  const papers = sheet.subject.papers.length
    ? sheet.subject.papers
    : [{ id: 0, number: 1, name: 'Paper 1', considered: true }];
  const columns: Column[] = [
    ...studentColumns,
    ...papers.flatMap((p) => [
      ...sheet.sets.map((set) => ({ header: `P${p.number} ${set.name}`, width: 8, average: true })),
      { header: `P${p.number} mark`, width: 8, average: true },
      { header: `P${p.number} grade`, width: 7 },
    ]),
    { header: 'Tuple', width: 9 },
    { header: 'Grade', width: 7 },
    { header: 'Points', width: 8, average: true },
  ];
  const rows = sheet.students.map((s, i) => [
    ...who(s, i),
    ...s.result.papers.flatMap((p) => [...p.marks, p.mark, p.grade]),
    s.result.tuple,
    s.result.grade,
    s.result.points,
  ]);
  return marksheetBook(`${sheet.subject.name} marksheet`, sheet, columns, rows);
}
