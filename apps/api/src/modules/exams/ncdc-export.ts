import { ncdcReport } from '@somero/contract';
import { sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import type { SheetRow, SheetSpec } from '../../documents/workbook.js';
import type { ModuleContext } from '../module.js';
import { classCurriculum, sheetTitle } from './marksheets/data.js';
import { sendMarksheet } from './marksheets/export.js';
import { nlscResult, readNlscMarks } from './marksheets/nlsc.js';
import { projectView } from './projects.js';
import type { ClassOfTerm } from './takers.js';
import { projectsOf } from './term-records.js';

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel's rules). */
const sheetName = (text: string, taken: Set<string>) => {
  const base = text
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 28)
    .trim();
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
  taken.add(name);
  return name;
};

/**
 * The workbook of `ncdc_report` as plain data (written in the document workers): a sheet per subject and one of
 * projects, learners without a LIN marked.
 */
export async function ncdcWorkbook(scope: SchoolScope, of: ClassOfTerm) {
  if ((await classCurriculum(scope, of.classId)) !== 'new')
    throw new Refusal(
      'Continuous assessment goes to UNEB for new-curriculum classes only: choose S1–S4 of the new curriculum.',
    );
  const data = await readNlscMarks(scope, of);
  const ids = data.students.map((s) => s.id);
  const [lins, projects] = await Promise.all([
    ids.length
      ? sqlRows<{ id: number; lin: string | null }>(
          scope.db,
          sql`select id, lin from students where school_id = ${scope.schoolId} and id = any(${`{${ids.join(',')}}`}::int[])`,
        )
      : Promise.resolve([]),
    projectsOf(scope, ids, of.year, of.term),
  ]);
  const linOf = new Map(lins.map((r) => [Number(r.id), r.lin]));
  const title = sheetTitle(data);
  const taken = new Set<string>();
  const missing = data.students.filter((s) => !linOf.get(s.id)).length;
  const sheets: SheetSpec[] = [
    {
      name: sheetName('About', taken),
      widths: [110],
      rows: [
        { cells: [`Continuous assessment for UNEB: ${title}`], font: { bold: true, size: 14 } },
        ...[
          'One sheet per subject: each learner’s AOI scores (out of 3), and the CA out of 20 = 20 × the scores ÷ (3 × their number).',
          'The project sheet gives the indicators observed at each stage of UNEB’s checklist; it is not part of the CA.',
          missing
            ? `${missing} learner${missing === 1 ? ' has' : 's have'} no LIN: UNEB needs one for each learner before the upload.`
            : 'Every learner has a LIN.',
        ].map((line) => ({ cells: [line] })),
      ],
    },
  ];

  const who = ['No.', 'LIN', 'Name', 'Sex', 'Stream'];
  for (const subject of data.subjects) {
    const competences = data.competencesOf.get(subject.id) ?? [];
    const rows: SheetRow[] = [
      { cells: [`${subject.code} ${subject.name}: ${title}`], font: { bold: true } },
      { cells: [] },
      {
        cells: [...who, ...competences.map((c) => c.name), 'CA /20', 'Remark'],
        font: { bold: true },
        alignment: { wrapText: true, vertical: 'middle' },
      },
    ];
    let n = 0;
    for (const student of data.students) {
      if (!data.takes.get(student.id)?.has(subject.id)) continue;
      const r = nlscResult(data, student.id, subject.id);
      n += 1;
      const lin = linOf.get(student.id) ?? null;
      rows.push({
        cells: [n, lin, student.name, student.gender, student.streamName, ...r.scores, r.ca20, lin ? null : 'No LIN'],
      });
    }
    sheets.push({
      name: sheetName(`${subject.code} ${subject.shortName}`, taken),
      options: { views: [{ state: 'frozen', ySplit: 3, xSplit: 3 }] },
      widths: [5, 16, 28, 5, 10, ...competences.map(() => 14), 8, 18],
      rows,
    });
  }
  sheets.push({
    name: sheetName('Projects', taken),
    options: { views: [{ state: 'frozen', ySplit: 1 }] },
    widths: [5, 16, 28, 5, 10, 40, 10, 14, 10, 13, 8],
    rows: [
      {
        cells: [...who, 'Project', 'Planning', 'Implementation', 'Reporting', 'Dissemination', 'Total'],
        font: { bold: true },
      },
      ...data.students.map((student, i) => {
        const p = projects.get(student.id);
        const v = p ? projectView(p) : null;
        return {
          cells: [
            i + 1,
            linOf.get(student.id) ?? null,
            student.name,
            student.gender,
            student.streamName,
            v?.title ?? 'No project recorded',
            v?.planning ?? null,
            v?.implementation ?? null,
            v?.reporting ?? null,
            v?.dissemination ?? null,
            v?.total ?? null,
          ],
        };
      }),
    ],
  });
  return { title, sheets };
}

export function ncdcRoutes({ serve }: ModuleContext) {
  serve(ncdcReport, async ({ scope, input, reply }) => {
    const { title, sheets } = await ncdcWorkbook(scope, {
      year: input.year,
      term: input.term,
      classId: input.class_id,
      streamId: input.stream_id ?? null,
    });
    return sendMarksheet(reply, `${title} CA for UNEB.xlsx`, sheets);
  });
}
