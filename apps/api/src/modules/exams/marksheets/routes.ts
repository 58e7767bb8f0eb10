import * as calls from '@somero/contract';
import type { SchoolScope } from '../../../core/scope.js';
import type { ModuleContext } from '../../module.js';
import type { ClassOfTerm } from '../takers.js';
import { alevelMarksheet } from './alevel.js';
import { classCurriculum } from './data.js';
import { alevelSheet, alevelSubjectSheet, nlscSheet, nlscSubjectSheet, olevelSheet, sendMarksheet } from './export.js';
import { nlscMarksheet } from './nlsc.js';
import { olevelMarksheet } from './olevel.js';
import { alevelSubjectMarksheet, nlscSubjectMarksheet } from './subjects.js';

const classOf = (input: { year: number; term: number; class_id: number; stream_id?: number | null }): ClassOfTerm => ({
  year: input.year,
  term: input.term,
  classId: input.class_id,
  streamId: input.stream_id ?? null,
});

/** Marksheets (issue 10 §6): the views and their spreadsheets, all under view_exam_marksheet. */
export function marksheetRoutes({ serve }: ModuleContext) {
  serve(calls.olevelMarksheet, async ({ scope, input }) => ({ data: await olevelMarksheet(scope, classOf(input)) }));
  const alevel = async ({ scope, input }: { scope: SchoolScope; input: Parameters<typeof classOf>[0] }) => ({
    data: await alevelMarksheet(scope, classOf(input)),
  });
  serve(calls.alevelMarksheet, alevel);
  serve(calls.alevelMarksheetView, alevel);
  serve(calls.alevelSubjectMarksheet, async ({ scope, input }) => ({
    data: await alevelSubjectMarksheet(scope, { ...classOf(input), subjectId: input.subject_id }),
  }));
  serve(calls.nlscMarksheet, async ({ scope, input }) => ({ data: await nlscMarksheet(scope, classOf(input)) }));
  serve(calls.nlscSubjectMarksheet, async ({ scope, input }) => ({
    data: await nlscSubjectMarksheet(scope, { ...classOf(input), subjectId: input.subject_id }),
  }));

  // O-Level and new-curriculum classes share one download: the class's curriculum picks the layout.
  serve(calls.exportMarksheet, async ({ scope, input, reply }) => {
    const of = classOf(input);
    if (input.subject_id) {
      const sheet = await nlscSubjectMarksheet(scope, { ...of, subjectId: input.subject_id });
      return sendMarksheet(reply, `${sheet.title} ${sheet.subject.name} marksheet.xlsx`, nlscSubjectSheet(sheet));
    }
    if ((await classCurriculum(scope, of.classId)) === 'new') {
      const sheet = await nlscMarksheet(scope, of);
      return sendMarksheet(reply, `${sheet.title} marksheet.xlsx`, nlscSheet(sheet));
    }
    const sheet = await olevelMarksheet(scope, of);
    return sendMarksheet(reply, `${sheet.title} marksheet.xlsx`, olevelSheet(sheet));
  });
  serve(calls.exportAlevelMarksheet, async ({ scope, input, reply }) => {
    const sheet = await alevelMarksheet(scope, classOf(input));
    return sendMarksheet(reply, `${sheet.title} marksheet.xlsx`, alevelSheet(sheet));
  });
  serve(calls.exportAlevelSubjectMarksheet, async ({ scope, input, reply }) => {
    const sheet = await alevelSubjectMarksheet(scope, { ...classOf(input), subjectId: input.subject_id });
    return sendMarksheet(reply, `${sheet.title} ${sheet.subject.name} marksheet.xlsx`, alevelSubjectSheet(sheet));
  });
}
