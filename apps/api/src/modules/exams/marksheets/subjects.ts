import type { alevelSubjectMarksheetOutput, nlscSubjectMarksheetOutput } from '@somero/contract';
import type { z } from 'zod';
import { Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { ClassOfTerm } from '../takers.js';
import { alevelReadings, principalResult, readAlevelMarks } from './alevel.js';
import { findSubject, sheetHead, subjectHead } from './data.js';
import { nlscReadings, nlscResult, readNlscMarks } from './nlsc.js';

export type AlevelSubjectMarksheet = z.input<typeof alevelSubjectMarksheetOutput>;
export type NlscSubjectMarksheet = z.input<typeof nlscSubjectMarksheetOutput>;

/** The subject, or 404; a subject of another level, or that nobody in the class takes, is refused (202). */
async function subjectOf(scope: SchoolScope, subjectId: number, level: string, what: string) {
  const subject = await findSubject(scope, subjectId);
  if (subject.level !== level) throw new Refusal(`${subject.name} is not ${what}: choose one of the class's subjects.`);
  return subject;
}

const nobody = (subject: string, cls: string) => `No student of ${cls} takes ${subject}.`;

/** One A-Level principal subject for a class: each paper's set marks, mark and grade, the principal and points. */
export async function alevelSubjectMarksheet(
  scope: SchoolScope,
  of: ClassOfTerm & { subjectId: number },
): Promise<AlevelSubjectMarksheet> {
  const found = await subjectOf(scope, of.subjectId, 'alevel', 'an A-Level principal subject');
  const data = await readAlevelMarks(scope, of);
  const subject = data.subjects.find((s) => s.id === found.id);
  if (!subject) throw new Refusal(nobody(found.name, data.className));
  const takers = data.students.filter((s) => data.takes.get(s.id)?.has(subject.id));
  return {
    ...sheetHead(data, false, alevelReadings(data)),
    subject: { ...subjectHead(subject), papers: data.papersOf.get(subject.id) ?? [] },
    students: takers.map((s) => ({
      id: s.id,
      admission_no: s.admissionNo,
      name: s.name,
      stream_name: s.streamName,
      result: principalResult(data, s.id, subject),
    })),
  };
}

/** One new-curriculum subject for a class: per competence the AOI score, then identifier, CA, exam, total, grade. */
export async function nlscSubjectMarksheet(
  scope: SchoolScope,
  of: ClassOfTerm & { subjectId: number },
): Promise<NlscSubjectMarksheet> {
  const found = await subjectOf(scope, of.subjectId, 'nlsc', 'a new-curriculum subject');
  const data = await readNlscMarks(scope, of);
  const subject = data.subjects.find((s) => s.id === found.id);
  if (!subject) throw new Refusal(nobody(found.name, data.className));
  return {
    ...sheetHead(data, false, nlscReadings(data)),
    subject: subjectHead(subject),
    competences: data.competencesOf.get(subject.id) ?? [],
    students: data.students
      .filter((s) => data.takes.get(s.id)?.has(subject.id))
      .map((s) => ({
        id: s.id,
        admission_no: s.admissionNo,
        name: s.name,
        stream_name: s.streamName,
        result: nlscResult(data, s.id, subject.id),
      })),
  };
}
