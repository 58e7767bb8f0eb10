import type { olevelMarksheetOutput } from '@somero/contract';
import {
  gradeName,
  olevelGrade,
  type SubjectGroup,
  type UceSubject,
  uceDivision,
  uceDivisionKey,
} from '@somero/grading';
import type { z } from 'zod';
import type { SchoolScope } from '../../../core/scope.js';
import type { ClassOfTerm } from '../takers.js';
import {
  type ClassMarks,
  mean,
  olevelBands,
  positions,
  readClassMarks,
  sheetHead,
  subjectHead,
  termMark,
} from './data.js';

export type OlevelMarksheet = z.input<typeof olevelMarksheetOutput>;

/** Each student's O-Level results from a class's marks: marks, grades, average, aggregate and division. */
export function olevelRows(data: ClassMarks) {
  const { olevel } = data.grading;
  return data.students.map((student) => {
    const takes = data.takes.get(student.id) ?? new Set<number>();
    const graded: UceSubject[] = [];
    const results = data.subjects.map((subject) => {
      if (!takes.has(subject.id)) return null;
      const mark = termMark(data, student.id, subject.id);
      if (mark === null) return { mark, grade: null };
      const value = olevelGrade(mark, olevel);
      graded.push({ code: subject.code, group: subject.group as SubjectGroup, value });
      return { mark, grade: gradeName(value) };
    });
    const uce = graded.length ? uceDivision(graded, { visuallyImpaired: student.visuallyImpaired }) : null;
    return {
      id: student.id,
      admission_no: student.admissionNo,
      name: student.name,
      stream_name: student.streamName,
      results,
      average: mean(results.map((r) => r?.mark ?? null)),
      aggregate: uce?.aggregate ?? null,
      division: uce?.division ?? null,
      /** Division 7: why (the subjects sat, English or Mathematics not sat). */
      shortfall: uce?.shortfall ?? null,
      position: null as number | null,
    };
  });
}

/**
 * Places by division (1 first, then 2, 3, 4, 7 and 9: a Division 7 candidate never ranks above one who
 * earned a division), then aggregate (lower is better), then the average mark; a student with no marks
 * is not ranked.
 */
export function rankOlevel(rows: ReturnType<typeof olevelRows>) {
  const places = positions(
    rows.filter((r) => r.aggregate !== null),
    (a, b) =>
      (a.division ?? 9) - (b.division ?? 9) ||
      (a.aggregate as number) - (b.aggregate as number) ||
      (b.average ?? 0) - (a.average ?? 0),
  );
  for (const [row, place] of places) row.position = place;
}

/**
 * The old O-Level marksheet of a class: per student each subject's weighted mark and grade, the best-8
 * aggregate and the division by the whole UNEB rule, and the position when the school ranks. A student
 * with no mark at all has no aggregate, division or position (not Division 9).
 */
export async function olevelMarksheet(scope: SchoolScope, of: ClassOfTerm): Promise<OlevelMarksheet> {
  const data = await readClassMarks(scope, of, 'old');
  const { olevel, policy } = data.grading;
  const rows = olevelRows(data);
  if (policy.positions) rankOlevel(rows);
  return {
    ...sheetHead(data, policy.positions, [
      `Grades: ${olevelBands(olevel)}.`,
      ...uceDivisionKey(),
      'With fewer than 8 subjects the aggregate counts each missing one as F9.',
      policy.positions
        ? 'Positions by division, then aggregate, then average mark; equal results share a place.'
        : 'Positions are turned off.',
    ]),
    subjects: data.subjects.map(subjectHead),
    students: rows,
    subject_averages: data.subjects.map((_, i) => mean(rows.map((r) => r.results[i]?.mark ?? null))),
  };
}
