import { ncdcReport } from '@somero/contract';
import { sql } from 'drizzle-orm';
import { Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import { newWorkbook, sheetValue, toBuffer } from '../../documents/spreadsheet.js';
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

/** The workbook of `ncdc_report`: a sheet per subject and one of projects, learners without a LIN marked. */
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
  const workbook = await newWorkbook();
  const taken = new Set<string>();
  const missing = data.students.filter((s) => !linOf.get(s.id)).length;
  const about = workbook.addWorksheet(sheetName('About', taken));
  about.addRow([sheetValue(`Continuous assessment for UNEB: ${title}`)]).font = { bold: true, size: 14 };
  for (const line of [
    'One sheet per subject: each learner’s AOI scores (out of 3), and the CA out of 20 = 20 × the scores ÷ (3 × their number).',
    'The project sheet gives the indicators observed at each stage of UNEB’s checklist; it is not part of the CA.',
    missing
      ? `${missing} learner${missing === 1 ? ' has' : 's have'} no LIN: UNEB needs one for each learner before the upload.`
      : 'Every learner has a LIN.',
  ])
    about.addRow([sheetValue(line)]);
  about.getColumn(1).width = 110;

  const who = ['No.', 'LIN', 'Name', 'Sex', 'Stream'];
  for (const subject of data.subjects) {
    const competences = data.competencesOf.get(subject.id) ?? [];
    const sheet = workbook.addWorksheet(sheetName(`${subject.code} ${subject.shortName}`, taken), {
      views: [{ state: 'frozen', ySplit: 3, xSplit: 3 }],
    });
    sheet.addRow([sheetValue(`${subject.code} ${subject.name}: ${title}`)]).font = { bold: true };
    sheet.addRow([]);
    const header = sheet.addRow([...who, ...competences.map((c) => c.name), 'CA /20', 'Remark']);
    header.font = { bold: true };
    header.alignment = { wrapText: true, vertical: 'middle' };
    [5, 16, 28, 5, 10, ...competences.map(() => 14), 8, 18].forEach((w, i) => {
      sheet.getColumn(i + 1).width = w;
    });
    let n = 0;
    for (const student of data.students) {
      if (!data.takes.get(student.id)?.has(subject.id)) continue;
      const r = nlscResult(data, student.id, subject.id);
      n += 1;
      const lin = linOf.get(student.id) ?? null;
      sheet.addRow(
        [n, lin, student.name, student.gender, student.streamName, ...r.scores, r.ca20, lin ? null : 'No LIN'].map(
          sheetValue,
        ),
      );
    }
  }
  const sheet = workbook.addWorksheet(sheetName('Projects', taken), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...who, 'Project', 'Planning', 'Implementation', 'Reporting', 'Dissemination', 'Total']).font = {
    bold: true,
  };
  [5, 16, 28, 5, 10, 40, 10, 14, 10, 13, 8].forEach((w, i) => {
    sheet.getColumn(i + 1).width = w;
  });
  data.students.forEach((student, i) => {
    const p = projects.get(student.id);
    const v = p ? projectView(p) : null;
    sheet.addRow(
      [
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
      ].map(sheetValue),
    );
  });
  return { title, xlsx: await toBuffer(workbook) };
}

export function ncdcRoutes({ serve }: ModuleContext) {
  serve(ncdcReport, async ({ scope, input, reply }) => {
    const { title, xlsx } = await ncdcWorkbook(scope, {
      year: input.year,
      term: input.term,
      classId: input.class_id,
      streamId: input.stream_id ?? null,
    });
    return sendMarksheet(reply, `${title} CA for UNEB.xlsx`, xlsx);
  });
}
